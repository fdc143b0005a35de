import { parseQuantity, type QuantityReading } from '../../domain/quantity.ts';
import { QUICK_ORDER_MAX_QUANTITY } from './limits.ts';
import type { GridCell } from './sheet-grid.ts';

// Decision: a quantity is a positive whole number of the row's unit (a box, a pallet, a piece). Fractions of
// a unit are not orderable; the unit chain, not a decimal, is how a customer orders part of a pallet.
// Text is read by the domain's quantity parser, the quantity boxes' own, with what spreadsheets add: zero
// decimals ("12,0") and at most nine digits. Dates, booleans, error cells and other text are invalid.

/** How a sheet or a pasted list writes a quantity (see `QuantityReading`). */
const SHEET_QUANTITY: QuantityReading = { zeroDecimals: true, most: QUICK_ORDER_MAX_QUANTITY };

/** Integer quantities computed by a formula can carry float noise (=0.1*120 is 12.000000000000002). */
const WHOLE_NUMBER_TOLERANCE = 1e-9;

export function quantityFromText(text: string): number | null {
  const parsed = parseQuantity(text, SHEET_QUANTITY);
  return parsed.ok ? parsed.quantity : null;
}

export function quantityFromCell(cell: GridCell | undefined): number | null {
  if (cell === undefined) return null;
  if (cell.kind === 'text') return quantityFromText(cell.text);
  if (cell.kind !== 'number') return null;
  const rounded = Math.round(cell.value);
  if (Math.abs(cell.value - rounded) > WHOLE_NUMBER_TOLERANCE) return null;
  // the whole number then meets the same rules as text (at least one, at most nine digits)
  return quantityFromText(String(rounded));
}
