// Edges: takes decimal strings (and a product with its units), returns decimal strings; never a float.

import { ExactDecimal, toDecimal, toDecimalString } from './decimal';
import type { DecimalString, Unit } from './types';
import { type UnitProduct, unitMultiplier } from './units';

/** Par levels and counts are kept to three places, as quantities are stored (numeric(14, 3)). */
export const PAR_LEVEL_MAX_PLACES = 3;
/** The highest par level a line takes: more is a typo, not a shelf. */
export const PAR_LEVEL_MAX = 99_999;
/** Shelf positions are small whole numbers the buyer chooses (1 = the first shelf walked). */
export const SHELF_POSITION_MAX = 9_999;

/** One line of an order guide as the rule needs it, all in decimal text. */
export interface ParLevelLine {
  /** what should be on the shelf, in the product's primary unit (pieces) */
  parLevel: DecimalString;
  /** what the buyer counted, in the same unit */
  onHand: DecimalString;
  /** how many primary units one of the line's ordering unit holds (a box of 6 → "6"); above 0 */
  unitSize: DecimalString;
}

/**
 * The quantity to order, in whole units of the line's unit: what is missing up to the par level,
 * rounded UP to the unit (par 10 pieces, 3 on hand, a box of 6 → 2 boxes), and 0 when the shelf holds
 * the par level or more. Exact decimals, so a par of 0.3 kg with 0.1 on hand never misses a unit.
 */
export function quantityToOrder(line: ParLevelLine): DecimalString {
  const missing = toDecimal(line.parLevel).minus(toDecimal(line.onHand));
  if (missing.lte(0)) return '0';
  const size = toDecimal(line.unitSize);
  if (size.lte(0)) throw new RangeError(`a unit holds more than nothing (got ${line.unitSize})`);
  return toDecimalString(missing.div(size).toDecimalPlaces(0, ExactDecimal.ROUND_CEIL));
}

/** Typed decimal text (a comma or a dot) as domain text, or null when it is not a count ≥ 0 of ≤ 3 places. */
export function parseCount(text: string): DecimalString | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(trimmed)) return null;
  return toDecimalString(toDecimal(trimmed));
}

/** Why a typed par level cannot be saved (a translation key), or null; empty text means "no par level". */
export function parLevelError(text: string): string | null {
  if (text.trim() === '') return null;
  const count = parseCount(text);
  if (count === null) return 'orderGuide.parInvalid';
  return toDecimal(count).gt(PAR_LEVEL_MAX) ? 'orderGuide.parTooHigh' : null;
}

/** Why a typed shelf position cannot be saved (a translation key), or null; empty text means none. */
export function shelfPositionError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,4}$/.test(trimmed) && Number(trimmed) >= 1 ? null : 'orderGuide.shelfInvalid';
}

/** How many primary units one `unitId` of the product holds, as text; "1" when the units do not say. */
export function unitSizeOf(product: UnitProduct, unitId: number, units: readonly Unit[]): DecimalString {
  try {
    const size = unitMultiplier(product, unitId, units);
    return size.gt(0) ? toDecimalString(size) : '1';
  } catch {
    return '1';
  }
}

/** Lines in the order a stock-take walks them: by shelf position, lines without one last, then as listed. */
export function inShelfOrder<T extends { shelfPosition: number | null }>(lines: readonly T[]): T[] {
  return lines
    .map((line, index) => ({ line, index }))
    .sort(
      (a, b) =>
        (a.line.shelfPosition ?? Number.POSITIVE_INFINITY) -
          (b.line.shelfPosition ?? Number.POSITIVE_INFINITY) || a.index - b.index,
    )
    .map(({ line }) => line);
}
