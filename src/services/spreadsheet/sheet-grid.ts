// The common shape both readers (workbook and delimited text) hand to row extraction, so header detection,
// validation and merging are written once.

export type GridCell =
  | { kind: 'text'; text: string }
  /** shown is the cell's formatted text (keeps leading zeros of a "00000" format), when the file has one. */
  | { kind: 'number'; value: number; shown?: string }
  | { kind: 'date'; shown: string }
  | { kind: 'boolean'; shown: string }
  | { kind: 'error'; shown: string };

export interface GridRow {
  /** As the spreadsheet shows it, 1-based. */
  rowNumber: number;
  /** Index 0 is the first column of the sheet's used range; holes are empty cells. */
  cells: (GridCell | undefined)[];
  /** Columns whose value was copied down from a vertically merged cell above rather than typed in this row. */
  mergedFromAbove?: ReadonlySet<number>;
}

export function cellIsEmpty(cell: GridCell | undefined): boolean {
  return cell === undefined || (cell.kind === 'text' && cell.text.trim() === '');
}

/** What a customer would read in the cell. */
export function cellShownText(cell: GridCell | undefined): string {
  if (cell === undefined) return '';
  switch (cell.kind) {
    case 'text':
      return cell.text.trim();
    case 'number':
      return cell.shown ?? String(cell.value);
    default:
      return cell.shown;
  }
}
