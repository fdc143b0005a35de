import { type CellObject, read, utils, type WorkSheet } from '@e965/xlsx';
import { QUICK_ORDER_MAX_SHEET_ROWS } from './limits.ts';
import type { GridCell, GridRow } from './sheet-grid.ts';

// The only reader that touches SheetJS for parsing; it is imported from the worker's module graph alone.

export type WorkbookGridResult =
  | { kind: 'grid'; grid: GridRow[] }
  | { kind: 'notAWorkbook' }
  | { kind: 'tooManyRows' };

export function workbookToGrid(bytes: Uint8Array): WorkbookGridResult {
  let sheet: WorkSheet | undefined;
  try {
    const workbook = read(bytes, {
      type: 'array',
      dense: true,
      sheets: 0,
      // Formulas are never evaluated: the value Excel saved with the file is what the customer saw.
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      // Date-formatted cells become dates, not serial numbers that would pass as a quantity of 45000.
      cellDates: true,
      bookVBA: false,
      sheetRows: QUICK_ORDER_MAX_SHEET_ROWS,
    });
    const firstName = workbook.SheetNames[0];
    sheet = firstName === undefined ? undefined : workbook.Sheets[firstName];
  } catch {
    // A zip that is not a workbook, a Word document, a password-protected file: all one message.
    return { kind: 'notAWorkbook' };
  }
  if (!sheet) return { kind: 'notAWorkbook' };
  if (sheet['!fullref']) return { kind: 'tooManyRows' };
  return { kind: 'grid', grid: sheetToGrid(sheet) };
}

function sheetToGrid(sheet: WorkSheet): GridRow[] {
  const ref = sheet['!ref'];
  if (!ref) return [];
  const range = utils.decode_range(ref);
  const data = (sheet['!data'] ?? []) as (CellObject[] | undefined)[];
  const rowsByIndex = new Map<number, GridRow>();

  for (let r = range.s.r; r <= range.e.r; r++) {
    const sheetRow = data[r];
    if (!sheetRow) continue;
    const cells: (GridCell | undefined)[] = [];
    let hasValue = false;
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = toGridCell(sheetRow[c]);
      if (cell) hasValue = true;
      cells[c - range.s.c] = cell;
    }
    if (hasValue) rowsByIndex.set(r, { rowNumber: r + 1, cells });
  }

  // Decision on merged cells: a value merged over several rows is what each of those rows shows, so it is
  // copied down (marked, so a row holding nothing but the lower part of a merge stays an empty row). A value
  // merged across columns belongs to its first column only, where the header above names it.
  for (const merge of sheet['!merges'] ?? []) {
    if (merge.e.r <= merge.s.r) continue;
    const column = merge.s.c - range.s.c;
    const value = rowsByIndex.get(merge.s.r)?.cells[column];
    if (!value || column < 0) continue;
    for (let r = merge.s.r + 1; r <= Math.min(merge.e.r, range.e.r); r++) {
      const row = rowsByIndex.get(r) ?? { rowNumber: r + 1, cells: [] };
      row.cells[column] = value;
      row.mergedFromAbove = new Set([...(row.mergedFromAbove ?? []), column]);
      rowsByIndex.set(r, row);
    }
  }
  return [...rowsByIndex.values()].sort((a, b) => a.rowNumber - b.rowNumber);
}

function toGridCell(cell: CellObject | undefined): GridCell | undefined {
  if (!cell || cell.v === undefined || cell.v === null) return undefined;
  switch (cell.t) {
    case 's':
      return String(cell.v).trim() === '' ? undefined : { kind: 'text', text: String(cell.v) };
    case 'n':
      return typeof cell.v === 'number' ? { kind: 'number', value: cell.v, shown: cell.w } : undefined;
    case 'd':
      return { kind: 'date', shown: cell.w ?? String(cell.v) };
    case 'b':
      return { kind: 'boolean', shown: cell.w ?? String(cell.v) };
    case 'e':
      return { kind: 'error', shown: cell.w ?? '#ERROR' };
    default:
      return undefined;
  }
}
