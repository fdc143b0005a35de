import type { TFunction } from 'i18next';
import type { QuickOrderRow } from '../../../domain/quick-order';
import type { RowStatus, StatusSheetLines } from '../../../machines/quick-order';
import { statusText } from './row-messages';

type UsedValues = NonNullable<StatusSheetLines['usedValues']>[number][1];

/** What the status sheet writes: each line's status, and the values it describes. */
export interface StatusSheetContent {
  statuses: [number, string][];
  usedValues: [number, UsedValues][];
}

/**
 * The status column for the customer's own sheet. A line's status goes on its first sheet row, and that row
 * shows the values the status is about: the quantity and unit corrected in the preview, or the sum of the
 * rows merged into it. The other rows of a merged line point at that row instead of repeating a status that
 * does not describe their own cells.
 */
export function statusSheetContent(
  t: TFunction,
  language: string,
  rowStatuses: readonly { rowNumbers: number[]; status: RowStatus }[],
  rows: readonly QuickOrderRow[],
): StatusSheetContent {
  const rowsByNumber = new Map(rows.map((row) => [row.rowNumber, row]));
  const statuses: [number, string][] = [];
  const usedValues: [number, UsedValues][] = [];
  for (const { rowNumbers, status } of rowStatuses) {
    const [first, ...merged] = rowNumbers;
    if (first === undefined) continue;
    statuses.push([first, statusText(t, language, first, status)]);
    for (const rowNumber of merged)
      statuses.push([rowNumber, t('quickOrder.statusCountedInRow', { row: first })]);
    const row = rowsByNumber.get(first);
    if (row) usedValues.push([first, usedValuesOf(row)]);
  }
  return { statuses, usedValues };
}

/** A unit picked in the preview is written by its name, which the reader understands when the file comes back. */
function usedValuesOf(row: QuickOrderRow): UsedValues {
  const picked = row.unit !== null && row.unitText === String(row.unit.id);
  return { quantity: row.quantityText, unit: picked && row.unit ? row.unit.name : row.unitText };
}
