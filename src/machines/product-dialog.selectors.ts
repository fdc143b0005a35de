import type { SnapshotFrom } from 'xstate';
import { cartLineAmount } from '../domain/cart-totals';
import { toDecimal, toDecimalString } from '../domain/decimal';
import { shownPrices } from '../domain/pricing';
import { INVALID_QUANTITY_MESSAGE_KEY, type QuantityMax } from '../domain/quantity';
import type { Unit } from '../domain/types';
import { amountPerUnit, orderableUnits, unitMultiplier } from '../domain/units';
import type { DialogProduct, ProductDialogContext, productDialogMachine } from './product-dialog.machine';
import { maxQuantityIn } from './product-dialog.units';

export type ProductDialogSnapshot = SnapshotFrom<typeof productDialogMachine>;

/** A line the units are known to support (the machine checked the chain when it opened). */
type ReadyLine = { product: DialogProduct; units: Unit[]; unitId: number };

const readyLine = (s: ProductDialogSnapshot): ReadyLine | null => {
  const { product, units, unitId } = s.context;
  return s.matches({ open: 'ready' }) && product && units && unitId !== null
    ? { product, units, unitId }
    : null;
};

/**
 * Selectors that build objects are memoised per context object (a new one only after an
 * assign), so `useSelector` sees the same value until something changed.
 */
function perContext<T>(compute: (s: ProductDialogSnapshot) => T): (s: ProductDialogSnapshot) => T {
  const cache = new WeakMap<ProductDialogContext, { value: T; open: boolean }>();
  return (s) => {
    const open = s.matches({ open: 'ready' });
    const hit = cache.get(s.context);
    if (hit && hit.open === open) return hit.value;
    const value = compute(s);
    cache.set(s.context, { value, open });
    return value;
  };
}

export const selectIsDialogOpen = (s: ProductDialogSnapshot): boolean => s.matches('open');
export const selectDialogProduct = (s: ProductDialogSnapshot): DialogProduct | null => s.context.product;
export const selectIsWaitingForUnits = (s: ProductDialogSnapshot): boolean =>
  s.matches({ open: 'waitingForUnits' });
/** A message key (errors.unknown) when the product's units cannot be used, else null. */
export const selectUnitErrorKey = (s: ProductDialogSnapshot): string | null =>
  s.matches({ open: 'unitsFailed' }) ? 'errors.unknown' : null;

export const selectQuantity = (s: ProductDialogSnapshot): number | null => s.context.quantity;
/** The quantity input's value: the number, or what was typed when it is invalid. */
export const selectQuantityText = (s: ProductDialogSnapshot): string => s.context.quantityText;
export const selectQuantityMessageKey = (s: ProductDialogSnapshot): string | null =>
  s.matches({ open: { ready: { quantity: 'invalid' } } }) ? INVALID_QUANTITY_MESSAGE_KEY : null;
export const selectIsQuantityDisabled = (s: ProductDialogSnapshot): boolean =>
  !s.matches({ open: 'ready' }) || s.matches({ open: { ready: { quantity: 'disabled' } } });

/** Stock in the selected unit, floored (0 disables the control); null when not ready. */
export function selectMaxQuantity(s: ProductDialogSnapshot): QuantityMax {
  const line = readyLine(s);
  return line ? maxQuantityIn(line.product, line.unitId, line.units) : null;
}

export const selectOrderableUnits = perContext((s): Unit[] => {
  const line = readyLine(s);
  return line ? orderableUnits(line.product, line.units) : [];
});

export const selectSelectedUnit = (s: ProductDialogSnapshot): Unit | null => {
  const line = readyLine(s);
  return line?.units.find((unit) => unit.id === line.unitId) ?? null;
};

/** Display prices of one primary unit (spec point 5), old one only when higher; decimal strings. */
export const selectShownPrices = perContext((s): { current: string; old: string | null } | null => {
  const { product } = s.context;
  if (!product) return null;
  const prices = shownPrices(product);
  return { current: toDecimalString(prices.current), old: prices.old ? toDecimalString(prices.old) : null };
});

/** Display price of one selected unit (a box of 12 costs 12 pieces). */
export function selectUnitDisplayPrice(s: ProductDialogSnapshot): string | null {
  const line = readyLine(s);
  const prices = selectShownPrices(s);
  if (!line || !prices) return null;
  return toDecimalString(
    toDecimal(prices.current).times(unitMultiplier(line.product, line.unitId, line.units)),
  );
}

/** Spec point 5: quantity × unit multiplier × display price; null while the quantity is invalid. */
export function selectLineAmount(s: ProductDialogSnapshot): string | null {
  const line = readyLine(s);
  if (!line || s.context.quantity === null) return null;
  return toDecimalString(
    cartLineAmount({
      product: line.product,
      quantity: String(s.context.quantity),
      unitMultiplier: unitMultiplier(line.product, line.unitId, line.units),
    }),
  );
}

/** "Amount per unit": 1 box = 12 pieces for the selected unit; null for the primary unit. */
export const selectAmountPerUnit = perContext((s): { amount: string; baseUnit: Unit } | null => {
  const line = readyLine(s);
  const found = line ? amountPerUnit(line.product, line.unitId, line.units) : null;
  return found ? { amount: toDecimalString(found.amount), baseUnit: found.base } : null;
});

/** Every pack of the product and what it holds (box = 12 pieces, pallet = 80 boxes), smallest first. */
export const selectUnitsPerPack = perContext((s): Array<{ pack: Unit; amount: string; inner: Unit }> => {
  const line = readyLine(s);
  if (!line) return [];
  return orderableUnits(line.product, line.units).flatMap((pack) => {
    const found = amountPerUnit(line.product, pack.id, line.units);
    return found ? [{ pack, amount: toDecimalString(found.amount), inner: found.base }] : [];
  });
});

export const selectIsInStock = (s: ProductDialogSnapshot): boolean =>
  (s.context.product?.quantityInStock ?? 0) > 0;

/** The deposit notice shows only for products with a deposit (drinks). */
export const selectHasDeposit = (s: ProductDialogSnapshot): boolean =>
  !!s.context.product && toDecimal(s.context.product.depositPrice).greaterThan(0);

export const selectIsImageEnlarged = (s: ProductDialogSnapshot): boolean =>
  s.matches({ open: { ready: { image: 'enlarged' } } });
