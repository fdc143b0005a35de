import { utils } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { parseQuickOrderFile } from '../../src/services/spreadsheet/parse-quick-order-file.ts';
import { expectRows, summarise } from './expect-rows.ts';
import { setCell, sheetFromRows, workbookBytes, xlsBytes, xlsxBytes } from './fixtures.ts';

describe('parseQuickOrderFile on workbooks', () => {
  it('reads an .xlsx with an English header', () => {
    const bytes = xlsxBytes([
      ['Stock code', 'Quantity', 'Unit'],
      ['A-100', 12, 'box'],
      ['B-200', 3, ''],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'order.xlsx'));
    expect(summarise(result.rows)).toEqual([
      [2, 'A-100', '12', 'box', []],
      [3, 'B-200', '3', '', []],
    ]);
    expect(result.rows[0]).toMatchObject({ quantity: 12, codeKind: 'stockCode', sourceRowNumbers: [2] });
    expect(result.headerRowNumber).toBe(1);
    expect(result.notices).toEqual([]);
  });

  it('reads a legacy .xls (BIFF8) workbook', () => {
    const bytes = xlsBytes([
      ['SKU', 'Qty', 'Unit'],
      ['X-1', 5, 'piece'],
    ]);
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const result = expectRows(parseQuickOrderFile(bytes, 'legacy.xls'));
    expect(summarise(result.rows)).toEqual([[2, 'X-1', '5', 'piece', []]]);
  });

  it('finds a German header in any column order, case-insensitively', () => {
    const bytes = xlsxBytes([
      ['EINHEIT', 'Bemerkung', 'Menge', 'Artikelnummer'],
      ['Karton', 'Käse für Filiale 3', 4, 'K-77'],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'bestellung.xlsx'));
    expect(summarise(result.rows)).toEqual([[2, 'K-77', '4', 'Karton', []]]);
  });

  it('finds a Turkish header written in capitals with dotted İ', () => {
    const bytes = xlsxBytes([
      ['STOK KODU', 'MİKTAR', 'BİRİM'],
      ['TR-9', 7, 'Koli'],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'siparis.xlsx'));
    expect(summarise(result.rows)).toEqual([[2, 'TR-9', '7', 'Koli', []]]);
  });

  it('finds an Arabic header and a barcode column', () => {
    const bytes = xlsxBytes([
      ['الباركود', 'الكمية', 'الوحدة'],
      ['8690000000017', 2, 'علبة'],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'order.xlsx'));
    expect(summarise(result.rows)).toEqual([[2, '8690000000017', '2', 'علبة', []]]);
    expect(result.rows[0]?.codeKind).toBe('barcode');
  });

  it('takes the first three columns when no header is recognised, and says so', () => {
    const bytes = xlsxBytes([
      ['A-1', 1, 'box'],
      ['A-2', 2],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'plain.xlsx'));
    expect(summarise(result.rows)).toEqual([
      [1, 'A-1', '1', 'box', []],
      [2, 'A-2', '2', '', []],
    ]);
    expect(result.rows[0]?.codeKind).toBe('stockCodeOrBarcode');
    expect(result.headerRowNumber).toBeNull();
    expect(result.notices).toEqual([{ kind: 'headerNotFound' }]);
  });

  it('skips a title above the header and empty rows, keeping the row numbers the sheet shows', () => {
    const bytes = xlsxBytes([
      ['Order for ACME, March'],
      [],
      ['Stock code', 'Quantity'],
      ['A-1', 1],
      [],
      [],
      ['A-2', 2],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'order.xlsx'));
    expect(result.headerRowNumber).toBe(3);
    expect(result.rows.map((row) => row.rowNumber)).toEqual([4, 7]);
  });

  it('numbers rows from the sheet even when the used range starts lower and further right', () => {
    const sheet = utils.aoa_to_sheet([[]]);
    utils.sheet_add_aoa(
      sheet,
      [
        ['Stock code', 'Quantity'],
        ['C-3', 9],
      ],
      { origin: 'C5' },
    );
    const result = expectRows(parseQuickOrderFile(workbookBytes(sheet), 'offset.xlsx'));
    expect(summarise(result.rows)).toEqual([[6, 'C-3', '9', '', []]]);
  });

  it('uses the value a formula had when saved and never runs the formula', () => {
    const sheet = sheetFromRows([['Stock code', 'Quantity'], ['F-1'], ['F-2']]);
    setCell(sheet, 'B2', { t: 'n', v: 12, f: '6*2' });
    // Saved without a computed value (as some generators do): nothing to read, so it is not a quantity.
    setCell(sheet, 'B3', { t: 'n', f: '6*2' } as never);
    const result = expectRows(parseQuickOrderFile(workbookBytes(sheet), 'formulas.xlsx'));
    expect(summarise(result.rows)).toEqual([
      [2, 'F-1', '12', '', []],
      [3, 'F-2', '', '', ['invalidQuantity']],
    ]);
  });

  it('accepts a formula result with float noise as the whole number it shows', () => {
    const sheet = sheetFromRows([['Stock code', 'Quantity'], ['F-1']]);
    setCell(sheet, 'B2', { t: 'n', v: 0.1 * 120, f: '0.1*120' });
    const result = expectRows(parseQuickOrderFile(workbookBytes(sheet), 'noise.xlsx'));
    expect(result.rows[0]?.quantity).toBe(12);
  });

  it('copies a vertically merged code down to the rows it spans, and ignores a merge-only row', () => {
    const sheet = sheetFromRows([
      ['Stock code', 'Quantity', 'Unit'],
      ['M-1', 1, 'box'],
      [null, 2, 'piece'],
      [null, null, null],
    ]);
    sheet['!merges'] = [utils.decode_range('A2:A4')];
    const result = expectRows(parseQuickOrderFile(workbookBytes(sheet), 'merged.xlsx'));
    expect(summarise(result.rows)).toEqual([
      [2, 'M-1', '1', 'box', []],
      [3, 'M-1', '2', 'piece', []],
    ]);
  });

  it('keeps a value merged across columns in its first column only', () => {
    const sheet = sheetFromRows([
      ['Stock code', 'Quantity', 'Unit'],
      ['H-1', null, 'box'],
    ]);
    sheet['!merges'] = [utils.decode_range('A2:B2')];
    const result = expectRows(parseQuickOrderFile(workbookBytes(sheet), 'merged.xlsx'));
    expect(summarise(result.rows)).toEqual([[2, 'H-1', '', 'box', ['invalidQuantity']]]);
  });

  it('marks dates, text, fractions, zero and negatives in the quantity column invalid and keeps every good row', () => {
    const bytes = xlsxBytes([
      ['Stock code', 'Quantity'],
      ['D-1', new Date(Date.UTC(2026, 2, 5))],
      ['D-2', 'twelve'],
      ['D-3', 2.5],
      ['D-4', 0],
      ['D-5', -3],
      ['D-6', true],
      ['OK-1', 4],
      ['D-7', '12'],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'mixed.xlsx'));
    expect(result.rows.map((row) => [row.rowNumber, row.problems])).toEqual([
      [2, ['invalidQuantity']],
      [3, ['invalidQuantity']],
      [4, ['invalidQuantity']],
      [5, ['invalidQuantity']],
      [6, ['invalidQuantity']],
      [7, ['invalidQuantity']],
      [8, []],
      [9, []],
    ]);
    expect(result.rows[2]?.quantityText).toBe('2.5');
    expect(result.rows[7]?.quantity).toBe(12);
  });

  it('marks a row without a stock code invalidStock', () => {
    const bytes = xlsxBytes([
      ['Stock code', 'Quantity', 'Unit'],
      [null, 3, 'box'],
      ['   ', 3, 'box'],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'order.xlsx'));
    expect(summarise(result.rows)).toEqual([
      [2, '', '3', 'box', ['invalidStock']],
      [3, '', '3', 'box', ['invalidStock']],
    ]);
  });

  it('keeps the leading zeros a number format shows in a numeric stock code', () => {
    const sheet = sheetFromRows([
      ['Stock code', 'Quantity'],
      [null, 1],
      [8690000000017, 1],
    ]);
    setCell(sheet, 'A2', { t: 'n', v: 123, z: '00000' });
    const result = expectRows(parseQuickOrderFile(workbookBytes(sheet), 'zeros.xlsx'));
    expect(result.rows.map((row) => row.stockCode)).toEqual(['00123', '8690000000017']);
  });

  it('marks a date or a yes/no in the unit column invalidUnit', () => {
    const bytes = xlsxBytes([
      ['Stock code', 'Quantity', 'Unit'],
      ['U-1', 1, new Date(Date.UTC(2026, 0, 2))],
      ['U-2', 1, false],
      ['U-3', 1, 'box'],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'units.xlsx'));
    expect(result.rows.map((row) => row.problems)).toEqual([['invalidUnit'], ['invalidUnit'], []]);
  });

  it('prefers a column named outright over a vaguely named one', () => {
    const bytes = xlsxBytes([
      ['Code', 'Barcode', 'Qty', 'Amount'],
      ['C-1', '8690000000017', 2, 99.5],
      [null, '8690000000024', 3, 10],
    ]);
    const result = expectRows(parseQuickOrderFile(bytes, 'codes.xlsx'));
    expect(result.rows.map((row) => [row.stockCode, row.codeKind, row.quantity])).toEqual([
      ['C-1', 'stockCode', 2],
      ['8690000000024', 'barcode', 3],
    ]);
  });

  it('takes a numeric unit as a unit id', () => {
    const bytes = xlsxBytes([
      ['Stock code', 'Quantity', 'Unit'],
      ['U-1', 1, 3],
    ]);
    expect(expectRows(parseQuickOrderFile(bytes, 'ids.xlsx')).rows[0]?.unitText).toBe('3');
  });

  it('reads the first sheet only', () => {
    const sheet = sheetFromRows([
      ['Stock code', 'Quantity'],
      ['FIRST', 1],
    ]);
    const result = expectRows(parseQuickOrderFile(workbookBytes(sheet, 'xlsx', 2), 'book.xlsx'));
    expect(result.rows.map((row) => row.stockCode)).toEqual(['FIRST']);
  });

  it('reads a workbook by its content when the name says .csv', () => {
    const bytes = xlsxBytes([
      ['Stock code', 'Quantity'],
      ['R-1', 1],
    ]);
    expect(expectRows(parseQuickOrderFile(bytes, 'renamed.csv')).rows).toHaveLength(1);
  });

  it('reads an HTML table saved as .xls, as ERP "export to Excel" buttons do', () => {
    const html =
      '<html><body><table><tr><td>Stock code</td><td>Quantity</td></tr><tr><td>W-1</td><td>6</td></tr></table></body></html>';
    const result = expectRows(parseQuickOrderFile(new TextEncoder().encode(html), 'export.xls'));
    expect(summarise(result.rows)).toEqual([[2, 'W-1', '6', '', []]]);
  });
});
