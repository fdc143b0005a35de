import { type CellObject, read, SSF, type WorkSheet } from '@e965/xlsx';
import type { TabularRecord } from './row-reader';

/**
 * The first sheet of an .xlsx as rows of cell texts. SheetJS cannot stream, so this is the one
 * format read whole (its upload is capped lower for that: MAX_WORKBOOK_BYTES). Formulas are not
 * evaluated (the value saved with the file is what the supplier saw); a number cell is its shortest
 * exact decimal text, a date cell its ISO date, so "0.1" is never "0.1000000000000000055".
 * Answers null when the bytes are no workbook.
 */
export function workbookRecords(bytes: Uint8Array): TabularRecord[] | null {
  let sheet: WorkSheet | undefined;
  try {
    const workbook = read(bytes, {
      type: 'array',
      dense: true,
      sheets: 0,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      cellNF: true,
      bookVBA: false,
    });
    const first = workbook.SheetNames[0];
    sheet = first === undefined ? undefined : workbook.Sheets[first];
  } catch {
    return null;
  }
  if (!sheet) return null;
  const data = (sheet['!data'] ?? []) as (CellObject[] | undefined)[];
  const records: TabularRecord[] = [];
  data.forEach((row, index) => {
    if (!row) return;
    const fields: string[] = [];
    for (let column = 0; column < row.length; column++) fields.push(cellText(row[column]));
    records.push({ rowNumber: index + 1, fields });
  });
  return records;
}

function cellText(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 'n':
      if (typeof cell.v !== 'number') return '';
      return typeof cell.z === 'string' && SSF.is_date(cell.z) ? dateText(cell.v) : plainNumberText(cell.v);
    case 'b':
      return cell.v ? 'true' : 'false';
    case 'e':
      return '';
    default:
      return String(cell.v);
  }
}

function dateText(serial: number): string {
  const parts = SSF.parse_date_code(serial) as {
    y: number;
    m: number;
    d: number;
    H: number;
    M: number;
    S: number;
  };
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const day = `${pad(parts.y, 4)}-${pad(parts.m)}-${pad(parts.d)}`;
  return parts.H || parts.M || parts.S ? `${day}T${pad(parts.H)}:${pad(parts.M)}:${pad(parts.S)}` : day;
}

/** JavaScript's shortest round-trip text, written out without an exponent (1e-7 → "0.0000001"). */
export function plainNumberText(value: number): string {
  const text = String(value);
  const exponentAt = text.search(/e/i);
  if (exponentAt < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const pointAt = (point < 0 ? mantissa.length : point) + exponent;
  let plain: string;
  if (pointAt <= 0) plain = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) plain = digits + '0'.repeat(pointAt - digits.length);
  else plain = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return (negative ? '-' : '') + plain;
}
