import { type HeaderField, recogniseHeader } from '../../domain/spreadsheet/header-vocabulary.ts';
import { QUICK_ORDER_MAX_CODE_LENGTH, QUICK_ORDER_MAX_DATA_ROWS } from './limits.ts';
import { mergeDuplicateRows } from './merge-duplicates.ts';
import { quantityFromCell } from './quantity.ts';
import type {
  CodeKind,
  ParsedRow,
  ParseNotice,
  ParseProgress,
  QuickOrderParseResult,
  RowProblem,
} from './quick-order-types.ts';
import { cellIsEmpty, cellShownText, type GridCell, type GridRow } from './sheet-grid.ts';

/** Title lines ("Order for ACME, March") often sit above the header; look this far for it. */
const HEADER_SEARCH_ROWS = 10;

const PROGRESS_EVERY_ROWS = 1000;

interface ColumnMap {
  stockCode?: number;
  barcode?: number;
  quantity?: number;
  unit?: number;
}

export interface ExtractOptions {
  onProgress?: (progress: ParseProgress) => void;
}

/** Reads quick-order lines out of a grid: finds the header, checks every row, merges duplicates. */
export function extractQuickOrderRows(
  grid: readonly GridRow[],
  options: ExtractOptions = {},
): QuickOrderParseResult {
  const header = findHeader(grid);
  const columns: ColumnMap = header?.columns ?? POSITIONAL_COLUMNS;
  const unlabelledCodeKind: CodeKind = header ? 'stockCode' : 'stockCodeOrBarcode';
  const firstDataIndex = header ? header.index + 1 : 0;

  const rows: ParsedRow[] = [];
  const total = grid.length;
  for (let index = firstDataIndex; index < total; index++) {
    if (options.onProgress && index % PROGRESS_EVERY_ROWS === 0) options.onProgress({ done: index, total });
    const gridRow = grid[index]!;
    const row = readRow(gridRow, columns, unlabelledCodeKind);
    if (!row) continue;
    if (rows.length === QUICK_ORDER_MAX_DATA_ROWS) return { kind: 'error', error: 'tooManyRows' };
    rows.push(row);
  }
  options.onProgress?.({ done: total, total });

  const merged = mergeDuplicateRows(rows);
  const notices: ParseNotice[] = header ? [] : [{ kind: 'headerNotFound' }];
  notices.push(...merged.notices);
  return { kind: 'rows', rows: merged.rows, notices, headerRowNumber: header?.rowNumber ?? null };
}

/** Without a recognised header the first three columns are stock code, quantity and unit. */
const POSITIONAL_COLUMNS: ColumnMap = { stockCode: 0, quantity: 1, unit: 2 };

/**
 * Where the reader finds the quantity and the unit (grid column indexes; unit undefined when a header names
 * none), so the status sheet can write the values used back into the same cells.
 */
export function findOrderColumns(grid: readonly GridRow[]): { quantity?: number; unit?: number } {
  const { quantity, unit } = findHeader(grid)?.columns ?? POSITIONAL_COLUMNS;
  return { quantity, unit };
}

function readRow(gridRow: GridRow, columns: ColumnMap, unlabelledCodeKind: CodeKind): ParsedRow | undefined {
  const ownCell = (column: number | undefined): GridCell | undefined =>
    column === undefined || gridRow.mergedFromAbove?.has(column) ? undefined : gridRow.cells[column];
  const mapped = [columns.stockCode, columns.barcode, columns.quantity, columns.unit];
  // A row whose order columns are empty (a blank line, a notes line, the lower part of a merged cell) is not
  // an order line, whatever other columns hold.
  if (mapped.every((column) => cellIsEmpty(ownCell(column)))) return undefined;

  const cell = (column: number | undefined): GridCell | undefined =>
    column === undefined ? undefined : gridRow.cells[column];
  const problems: RowProblem[] = [];

  const stockCodeCell = cell(columns.stockCode);
  const barcodeCell = cell(columns.barcode);
  const useBarcode = cellIsEmpty(stockCodeCell) && !cellIsEmpty(barcodeCell);
  const codeCell = useBarcode ? barcodeCell : stockCodeCell;
  const codeKind: CodeKind = useBarcode
    ? 'barcode'
    : columns.stockCode === undefined
      ? 'barcode'
      : unlabelledCodeKind;
  const stockCode = codeText(codeCell);
  if (!codeIsUsable(codeCell, stockCode)) problems.push('invalidStock');

  const quantityCell = cell(columns.quantity);
  const quantity = quantityFromCell(quantityCell);
  if (quantity === null) problems.push('invalidQuantity');

  const unitCell = cell(columns.unit);
  if (unitCell !== undefined && unitCell.kind !== 'text' && unitCell.kind !== 'number')
    problems.push('invalidUnit');

  return {
    rowNumber: gridRow.rowNumber,
    sourceRowNumbers: [gridRow.rowNumber],
    stockCode,
    codeKind,
    quantityText: cellShownText(quantityCell),
    quantity,
    unitText: unitText(unitCell),
    problems,
  };
}

function codeText(cell: GridCell | undefined): string {
  if (cell?.kind === 'number') {
    // A "00000"-formatted number shows its leading zeros; a bare integer must not become "1.2E+12".
    if (cell.shown !== undefined && /^\d+$/.test(cell.shown)) return cell.shown;
    if (Number.isSafeInteger(cell.value)) return String(cell.value);
  }
  return cellShownText(cell);
}

function codeIsUsable(cell: GridCell | undefined, text: string): boolean {
  if (cell === undefined || (cell.kind !== 'text' && cell.kind !== 'number')) return false;
  return text !== '' && text.length <= QUICK_ORDER_MAX_CODE_LENGTH;
}

function unitText(cell: GridCell | undefined): string {
  if (cell?.kind === 'number' && Number.isSafeInteger(cell.value)) return String(cell.value);
  return cellShownText(cell);
}

function findHeader(
  grid: readonly GridRow[],
): { index: number; rowNumber: number; columns: ColumnMap } | undefined {
  let nonEmptySeen = 0;
  for (let index = 0; index < grid.length && nonEmptySeen < HEADER_SEARCH_ROWS; index++) {
    const row = grid[index]!;
    if (row.cells.every(cellIsEmpty)) continue;
    nonEmptySeen++;
    const columns = mapHeaderColumns(row.cells);
    const hasCode = columns.stockCode !== undefined || columns.barcode !== undefined;
    if (hasCode && columns.quantity !== undefined) return { index, rowNumber: row.rowNumber, columns };
  }
  return undefined;
}

function mapHeaderColumns(cells: readonly (GridCell | undefined)[]): ColumnMap {
  const strong: ColumnMap = {};
  const weak: ColumnMap = {};
  cells.forEach((cell, column) => {
    if (cell?.kind !== 'text') return;
    const match = recogniseHeader(cell.text);
    if (!match) return;
    const target = match.strength === 'strong' ? strong : weak;
    // The first column carrying a name wins; a second "Quantity" column is left alone.
    target[match.field] ??= column;
  });
  const columns: ColumnMap = {};
  const taken = new Set<number>();
  for (const field of [
    'barcode',
    'stockCode',
    'quantity',
    'unit',
  ] as const satisfies readonly HeaderField[]) {
    const column =
      strong[field] ?? (weak[field] !== undefined && !taken.has(weak[field]) ? weak[field] : undefined);
    if (column !== undefined && !taken.has(column)) {
      columns[field] = column;
      taken.add(column);
    }
  }
  return columns;
}
