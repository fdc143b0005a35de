// Edges: whole numbers in and out (a count of units, never money); user text and the wire's decimal text in.
import { toAsciiDigits } from './digits';

/**
 * Quantity control rules (spec point 4). A quantity is a whole number of the chosen unit: nobody orders
 * 2.5 boxes, and accepting a decimal comma would make "1.000" ambiguous (one, or a thousand in German).
 * So typed text must be digits only (Arabic-Indic digits are accepted and read as 0-9).
 *
 * `max` is the largest quantity allowed (from stock); `null` means no limit, 0 disables the control, and a
 * fractional maximum allows only the whole units below it.
 */

export const DEFAULT_QUANTITY = 1;
export const MIN_QUANTITY = 1;

/** Translation key of "You have selected an invalid amount. Please use a valid number and try again." */
export const INVALID_QUANTITY_MESSAGE_KEY = 'quantity.invalidAmount';

export type QuantityMax = number | null;

/** The typed value of the control: a number when it parsed, null when the text was not a valid quantity. */
export type QuantityValue = number | null;

export type QuantityParseResult =
  | { ok: true; quantity: number }
  | { ok: false; messageKey: typeof INVALID_QUANTITY_MESSAGE_KEY };

function wholeMax(max: QuantityMax): number {
  if (max === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.floor(max));
}

export function isQuantityControlDisabled(max: QuantityMax): boolean {
  return wholeMax(max) === 0;
}

/** Above the maximum becomes the maximum (spec: "a quantity above the maximum is clamped to it"). */
export function clampQuantity(quantity: number, max: QuantityMax): number {
  return Math.min(quantity, wholeMax(max));
}

/**
 * Minus: one less, never below 1, and never above the maximum when the maximum is lower (a quantity
 * left over from before the stock fell comes down to the stock). An invalid value resets to 1.
 * A disabled control (max 0) leaves the value as it is.
 */
export function decreaseQuantity(current: QuantityValue, max: QuantityMax): QuantityValue {
  if (isQuantityControlDisabled(max)) return current;
  if (current === null) return MIN_QUANTITY;
  return clampQuantity(Math.max(current - 1, MIN_QUANTITY), max);
}

/** Plus: one more, never beyond the maximum. An invalid value becomes 2 (1 + 1), or the maximum if lower. */
export function increaseQuantity(current: QuantityValue, max: QuantityMax): QuantityValue {
  if (isQuantityControlDisabled(max)) return current;
  if (current === null) return clampQuantity(MIN_QUANTITY + 1, max);
  return clampQuantity(Math.max(current + 1, MIN_QUANTITY), max);
}

/** What a source of quantities writes beyond plain digits (a spreadsheet, a pasted list). */
export interface QuantityReading {
  /**
   * Zero decimals are read ("12.0", "12,00": a spreadsheet writes a whole number so, with a decimal point
   * or comma by its locale), except exactly three: "1,000" and "1.000" are one in decimal-comma languages
   * and a thousand in English, and guessing wrong orders a thousand times too much.
   */
  zeroDecimals?: boolean;
  /** The largest quantity read; more is invalid (a barcode that landed in the quantity column). */
  most?: number;
}

const QUANTITY_TEXT = /^(\d+)(?:[.,](\d+))?$/;
const INVALID: QuantityParseResult = { ok: false, messageKey: INVALID_QUANTITY_MESSAGE_KEY };

/**
 * The one reader of quantity text, typed or imported: surrounding spaces are ignored; anything but digits
 * (and, if `reading` allows them, zero decimals), zero, a number too large to count exactly or above
 * `reading.most` is invalid. No thousands separators, for the reason given at `zeroDecimals`. The stock
 * maximum is not applied here (see `quantityFromInput`).
 */
export function parseQuantity(text: string, reading: QuantityReading = {}): QuantityParseResult {
  const match = QUANTITY_TEXT.exec(toAsciiDigits(text.trim()));
  if (!match) return INVALID;
  const [, whole = '', decimals] = match;
  if (decimals !== undefined && !(reading.zeroDecimals && decimals.length !== 3 && /^0+$/.test(decimals)))
    return INVALID;
  const quantity = Number(whole);
  if (quantity < MIN_QUANTITY || !Number.isSafeInteger(quantity) || quantity > (reading.most ?? quantity))
    return INVALID;
  return { ok: true, quantity };
}

/**
 * A quantity as the server sends it, plain decimal text ("3.000"), as the number a line shows (3). The
 * wire's text is never a locale's and never typed by anyone, so it needs none of `parseQuantity`'s care.
 */
export const quantityOfWire = (text: string): number => Number(text);

/** Typed text to the control's value: a valid quantity clamped to the maximum, or the invalid message. */
export function quantityFromInput(text: string, max: QuantityMax): QuantityParseResult {
  const parsed = parseQuantity(text);
  return parsed.ok ? { ok: true, quantity: clampQuantity(parsed.quantity, max) } : parsed;
}
