import { QUICK_ORDER_MAX_QUANTITY } from './limits.ts';
import type { GridCell } from './sheet-grid.ts';

// Decision: a quantity is a positive whole number of the row's unit (a box, a pallet, a piece). Fractions of
// a unit are not orderable; the unit chain, not a decimal, is how a customer orders part of a pallet.
//
// Text accepts "12", "12.0" and "12,0" (a decimal comma, as Turkish, German and Nordic spreadsheets write
// it) and any number of zero decimals, except exactly three: "1,000" and "1.000" read as one in decimal-comma
// locales and as a thousand in English ones, and guessing wrong orders a thousand times too much, so such a
// quantity is marked invalid for the customer to retype. Thousands separators are not read for the same
// reason. Dates, booleans, error cells, text and more than nine digits are invalid.

const QUANTITY_TEXT = /^(\d+)(?:[.,](\d+))?$/;

/** Integer quantities computed by a formula can carry float noise (=0.1*120 is 12.000000000000002). */
const WHOLE_NUMBER_TOLERANCE = 1e-9;

export function quantityFromText(text: string): number | null {
  const match = QUANTITY_TEXT.exec(text.replace(/\u00a0/g, '').trim());
  if (!match) return null;
  const [, whole = '', fraction] = match;
  if (fraction !== undefined && (fraction.length === 3 || /[^0]/.test(fraction))) return null;
  return positiveWithinLimit(Number(whole));
}

export function quantityFromCell(cell: GridCell | undefined): number | null {
  if (cell === undefined) return null;
  if (cell.kind === 'text') return quantityFromText(cell.text);
  if (cell.kind !== 'number') return null;
  const rounded = Math.round(cell.value);
  if (Math.abs(cell.value - rounded) > WHOLE_NUMBER_TOLERANCE) return null;
  return positiveWithinLimit(rounded);
}

function positiveWithinLimit(quantity: number): number | null {
  return Number.isSafeInteger(quantity) && quantity > 0 && quantity <= QUICK_ORDER_MAX_QUANTITY
    ? quantity
    : null;
}
