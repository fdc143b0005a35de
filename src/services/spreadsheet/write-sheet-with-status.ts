import { read, utils, type WorkBook, type WorkSheet, write } from '@e965/xlsx';
import { formatCsvField } from '../../domain/csv-cell.ts';
import { detectLineBreak } from '../../domain/spreadsheet/delimited-text.ts';
import { normaliseHeaderText } from '../../domain/spreadsheet/header-vocabulary.ts';
import { decodeText } from '../../domain/spreadsheet/text-decoding.ts';
import { delimitedTextToGrid } from './delimited-grid.ts';
import { findOrderColumns } from './extract-rows.ts';
import { detectFileKind } from './file-kind.ts';
import { parseQuickOrderFile } from './parse-quick-order-file.ts';
import type { StatusSheetOptions, StatusSheetResult, UsedValues } from './quick-order-types.ts';
import { cellShownText, type GridRow } from './sheet-grid.ts';
import { workbookToGrid } from './workbook-grid.ts';
import { XLSX_MIME_TYPE } from './write-template.ts';

/** Where the used values go: sheet columns relative to the grid's first column, and whether the unit column is new. */
interface ValueColumns {
  quantity: number | undefined;
  unit: number | undefined;
  unitAdded: boolean;
}

/** The cells to write per row: grid column → text, only where the sheet shows something else. */
type CellWrites = Map<number, Map<number, string>>;

/**
 * The customer's own sheet back with a status column, so rejected rows are fixed where they were typed and
 * the file uploaded again. statuses maps a spreadsheet row number (as ParsedRow.rowNumber and
 * sourceRowNumbers give it) to its status text. A status column from an earlier round is reused and cleared
 * rather than a second one added. Workbooks (.xlsx, .xls, HTML .xls) come back as .xlsx with every sheet
 * kept; CSV comes back as CSV with the same delimiter and line breaks, in UTF-8 with a byte-order mark (so
 * Excel shows accents right), every cell neutralised against formula injection.
 */
export function writeSheetWithStatus(
  originalBytes: Uint8Array,
  fileName: string,
  statuses: ReadonlyMap<number, string>,
  options: StatusSheetOptions = {},
): StatusSheetResult {
  const statusHeader = options.statusHeader ?? 'Status';
  const parsed = parseQuickOrderFile(originalBytes, fileName);
  if (parsed.kind === 'error') return parsed;
  const headerRowNumber = parsed.headerRowNumber;
  const usedValues = options.usedValues ?? new Map<number, UsedValues>();
  const unitHeader = options.unitHeader ?? 'Unit';
  if (detectFileKind(originalBytes, fileName) === 'delimitedText') {
    const text = decodeText(originalBytes).text;
    const plan = planValueWrites(delimitedTextToGrid(text).grid, usedValues);
    const bytes = csvWithStatus(text, headerRowNumber, statuses, statusHeader, plan, unitHeader);
    return {
      kind: 'file',
      bytes,
      fileName: statusFileName(fileName, 'csv'),
      mimeType: 'text/csv;charset=utf-8',
    };
  }
  const workbook = read(originalBytes, {
    type: 'array',
    cellFormula: true,
    cellDates: true,
    cellNF: true,
    cellStyles: true,
  });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet) return { kind: 'error', error: 'incorrectFormat' };
  const grid = workbookToGrid(originalBytes);
  const plan = planValueWrites(grid.kind === 'grid' ? grid.grid : [], usedValues);
  writeValues(sheet, headerRowNumber, plan, unitHeader);
  addStatusColumn(sheet, headerRowNumber, statuses, statusHeader);
  const bytes = writeWorkbook(workbook);
  return { kind: 'file', bytes, fileName: statusFileName(fileName, 'xlsx'), mimeType: XLSX_MIME_TYPE };
}

/**
 * Which cells get the values used: the quantity and unit cells of each row whose shown text differs. A sheet
 * whose header names no unit column gets one after its last column when some row's unit has to be written.
 */
function planValueWrites(
  grid: readonly GridRow[],
  usedValues: ReadonlyMap<number, UsedValues>,
): { columns: ValueColumns; writes: CellWrites } {
  const found = findOrderColumns(grid);
  const width = Math.max(0, ...grid.map((row) => row.cells.length));
  const rows = new Map(grid.map((row) => [row.rowNumber, row]));
  const columns: ValueColumns = { quantity: found.quantity, unit: found.unit, unitAdded: false };
  const writes: CellWrites = new Map();
  const put = (rowNumber: number, column: number, text: string) => {
    const row = writes.get(rowNumber) ?? new Map<number, string>();
    row.set(column, text);
    writes.set(rowNumber, row);
  };
  for (const [rowNumber, used] of usedValues) {
    const cells = rows.get(rowNumber)?.cells ?? [];
    if (columns.quantity !== undefined && cellShownText(cells[columns.quantity]) !== used.quantity.trim())
      put(rowNumber, columns.quantity, used.quantity.trim());
    const unit = used.unit.trim();
    if (columns.unit === undefined) {
      if (unit === '') continue;
      columns.unit = width;
      columns.unitAdded = true;
    }
    if (cellShownText(cells[columns.unit]).toLowerCase() !== unit.toLowerCase())
      put(rowNumber, columns.unit, unit);
  }
  return { columns, writes };
}

/** The planned values into an xlsx sheet (numbers stay numbers, so the customer's sums keep working). */
function writeValues(
  sheet: WorkSheet,
  headerRowNumber: number | null,
  { columns, writes }: ReturnType<typeof planValueWrites>,
  unitHeader: string,
): void {
  const range = utils.decode_range(sheet['!ref'] ?? 'A1');
  const at = (rowNumber: number, gridColumn: number) =>
    utils.encode_cell({ r: rowNumber - 1, c: range.s.c + gridColumn });
  if (columns.unitAdded && columns.unit !== undefined && headerRowNumber !== null)
    sheet[at(headerRowNumber, columns.unit)] = { t: 's', v: unitHeader };
  for (const [rowNumber, cells] of writes)
    for (const [column, text] of cells) {
      sheet[at(rowNumber, column)] = /^\d+$/.test(text) ? { t: 'n', v: Number(text) } : { t: 's', v: text };
      range.e.c = Math.max(range.e.c, range.s.c + column);
    }
  sheet['!ref'] = utils.encode_range(range);
}

function addStatusColumn(
  sheet: WorkSheet,
  headerRowNumber: number | null,
  statuses: ReadonlyMap<number, string>,
  statusHeader: string,
): void {
  const range = utils.decode_range(sheet['!ref'] ?? 'A1');
  let column = range.e.c + 1;
  if (headerRowNumber !== null) {
    const wanted = normaliseHeaderText(statusHeader);
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = sheet[utils.encode_cell({ r: headerRowNumber - 1, c })];
      if (cell?.t === 's' && normaliseHeaderText(String(cell.v)) === wanted) {
        column = c;
        for (let r = headerRowNumber; r <= range.e.r; r++) delete sheet[utils.encode_cell({ r, c })];
        break;
      }
    }
    sheet[utils.encode_cell({ r: headerRowNumber - 1, c: column })] = { t: 's', v: statusHeader };
  }
  for (const [rowNumber, text] of statuses) {
    sheet[utils.encode_cell({ r: rowNumber - 1, c: column })] = { t: 's', v: text };
    range.e.r = Math.max(range.e.r, rowNumber - 1);
  }
  range.e.c = Math.max(range.e.c, column);
  sheet['!ref'] = utils.encode_range(range);
  sheet['!cols'] = [...(sheet['!cols'] ?? [])];
  sheet['!cols'][column] = {
    wch: Math.max(statusHeader.length, ...[...statuses.values()].map((s) => s.length), 10),
  };
}

function csvWithStatus(
  text: string,
  headerRowNumber: number | null,
  statuses: ReadonlyMap<number, string>,
  statusHeader: string,
  { columns, writes }: ReturnType<typeof planValueWrites>,
  unitHeader: string,
): Uint8Array {
  const { records, delimiter } = delimitedTextToGrid(text);
  const lineBreak = detectLineBreak(text);
  const headerFields = headerRowNumber === null ? undefined : records[headerRowNumber - 1]?.fields;
  const wanted = normaliseHeaderText(statusHeader);
  const existing = headerFields?.findIndex((field) => normaliseHeaderText(field) === wanted) ?? -1;
  const width = Math.max(0, ...records.map((record) => record.fields.length));
  const column = existing >= 0 ? existing : columns.unitAdded ? width + 1 : width;

  const lines = records.map((record) => {
    const fields = [...record.fields];
    const setField = (index: number, value: string) => {
      while (fields.length < index) fields.push('');
      fields[index] = value;
    };
    for (const [index, value] of writes.get(record.rowNumber) ?? []) setField(index, value);
    if (columns.unitAdded && columns.unit !== undefined && record.rowNumber === headerRowNumber)
      setField(columns.unit, unitHeader);
    const status = record.rowNumber === headerRowNumber ? statusHeader : statuses.get(record.rowNumber);
    if (status !== undefined) {
      while (fields.length < column) fields.push('');
      fields[column] = status;
    } else if (existing >= 0 && fields.length > column) {
      fields[column] = '';
    }
    return fields.map((field) => formatCsvField(field, delimiter)).join(delimiter);
  });
  const body = new TextEncoder().encode(lines.map((line) => line + lineBreak).join(''));
  const withByteOrderMark = new Uint8Array(body.length + 3);
  withByteOrderMark.set([0xef, 0xbb, 0xbf]);
  withByteOrderMark.set(body, 3);
  return withByteOrderMark;
}

function writeWorkbook(workbook: WorkBook): Uint8Array {
  return new Uint8Array(
    write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer,
  );
}

function statusFileName(fileName: string, extension: 'xlsx' | 'csv'): string {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/-status$/, '');
  return `${base || 'quick-order'}-status.${extension}`;
}
