// Edges: whole numbers in and out (a count of units), typed text in; products and units as the domain has them.
import {
  clampQuantity,
  decreaseQuantity,
  INVALID_QUANTITY_MESSAGE_KEY,
  increaseQuantity,
  isQuantityControlDisabled,
  MIN_QUANTITY,
  type QuantityMax,
  type QuantityValue,
  quantityFromInput,
} from './quantity';
import type { Product, Unit } from './types';
import { maxQuantityInUnit, type UnitProduct } from './units';

/**
 * The one quantity control of spec point 4 (the product dialog's and the cart line's): what the
 * customer sees in it, and the rules that move it. Machines keep a `QuantityControl` in their context
 * and call these functions in their actions and guards; views only show it (through selectors).
 */
export interface QuantityControl {
  /** the control's value; null while the text is not a valid quantity */
  quantity: QuantityValue;
  /** what the input shows: the number, or the invalid text as typed */
  quantityText: string;
}

/**
 * The states a control can be in (the product dialog's `quantity` region has one state per status):
 * a valid value, invalid text with the message, or disabled (a maximum of 0: no stock in this unit).
 */
export type QuantityControlStatus = 'valid' | 'invalid' | 'disabled';

/** The control showing `quantity` (an empty input for null). */
export const quantityControlAt = (quantity: QuantityValue): QuantityControl => ({
  quantity,
  quantityText: quantity === null ? '' : String(quantity),
});

/** Typed text: a valid quantity (clamped to the maximum) is shown as the number, anything else as typed. */
export function typeQuantity(text: string, max: QuantityMax): QuantityControl {
  const parsed = quantityFromInput(text, max);
  return parsed.ok ? quantityControlAt(parsed.quantity) : { quantity: null, quantityText: text };
}

/** Whether typed text is a valid quantity for the maximum. */
export const isValidQuantityText = (text: string, max: QuantityMax): boolean =>
  quantityFromInput(text, max).ok;

/** Plus: one more, never beyond the maximum (an invalid value becomes 2, or the maximum if lower). */
export const quantityIncreased = (quantity: QuantityValue, max: QuantityMax): QuantityControl =>
  quantityControlAt(increaseQuantity(quantity, max));

/** Minus: one less, never below 1 nor above the maximum (an invalid value becomes 1). */
export const quantityDecreased = (quantity: QuantityValue, max: QuantityMax): QuantityControl =>
  quantityControlAt(decreaseQuantity(quantity, max));

/** A quantity brought into 1..max (a new unit keeps the quantity, clamped to the stock in that unit). */
export const quantityWithin = (quantity: number, max: QuantityMax): number =>
  clampQuantity(Math.max(quantity, MIN_QUANTITY), max);

/**
 * Spec point 4: the maximum is the stock converted to the unit. Null (no limit) while the units are
 * unknown or the product's unit chain cannot be read (spec point 5's errors are shown elsewhere).
 */
export function maxQuantityFor(
  product: UnitProduct & Pick<Product, 'quantityInStock'>,
  unitId: number,
  units: readonly Unit[] | null,
): QuantityMax {
  if (!units) return null;
  try {
    return maxQuantityInUnit(product, unitId, units);
  } catch {
    return null;
  }
}

/** The status of a control's text for the maximum. */
export function quantityControlStatus(text: string, max: QuantityMax): QuantityControlStatus {
  if (isQuantityControlDisabled(max)) return 'disabled';
  return isValidQuantityText(text, max) ? 'valid' : 'invalid';
}

/** The message the control shows under an invalid value (quantity.invalidAmount), else null. */
export const quantityMessageKey = (
  status: QuantityControlStatus,
): typeof INVALID_QUANTITY_MESSAGE_KEY | null => (status === 'invalid' ? INVALID_QUANTITY_MESSAGE_KEY : null);
