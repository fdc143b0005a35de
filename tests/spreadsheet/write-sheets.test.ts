import { read, utils } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { parseQuickOrderFile } from '../../src/services/spreadsheet/parse-quick-order-file.ts';
import { writeSheetWithStatus } from '../../src/services/spreadsheet/write-sheet-with-status.ts';
import { writeQuickOrderTemplate } from '../../src/services/spreadsheet/write-template.ts';
import { expectRows, summarise } from './expect-rows.ts';
import {
  sheetFromRows,
  utf8Bytes,
  windows1252Bytes,
  workbookBytes,
  xlsBytes,
  xlsxBytes,
} from './fixtures.ts';

function firstSheetRows(bytes: Uint8Array): unknown[][] {
  const workbook = read(bytes, { type: 'array' });
  return utils.sheet_to_json(workbook.Sheets[workbook.SheetNames[0]!]!, {
    header: 1,
    defval: null,
    blankrows: true,
  });
}

function expectFile(result: ReturnType<typeof writeSheetWithStatus>) {
  if (result.kind !== 'file') throw new Error(`expected a file, got ${result.error}`);
  return result;
}

describe('writeQuickOrderTemplate', () => {
  it('is an xlsx with the English header row that the parser recognises', () => {
    const bytes = writeQuickOrderTemplate();
    expect(firstSheetRows(bytes)).toEqual([['Stock code', 'Quantity', 'Unit']]);
    const parsed = expectRows(parseQuickOrderFile(bytes, 'template.xlsx'));
    expect(parsed).toMatchObject({ rows: [], headerRowNumber: 1, notices: [] });
  });

  it('reads lines a customer typed under the template header', () => {
    const workbook = read(writeQuickOrderTemplate(), { type: 'array' });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    utils.sheet_add_aoa(sheet, [['T-1', 3, 'box']], { origin: 'A2' });
    const parsed = expectRows(parseQuickOrderFile(workbookBytes(sheet), 'filled.xlsx'));
    expect(summarise(parsed.rows)).toEqual([[2, 'T-1', '3', 'box', []]]);
  });
});

describe('writeSheetWithStatus', () => {
  const statuses = new Map([
    [3, 'Error in row 3: invalid product quantity'],
    [4, 'OK'],
  ]);

  it('adds a status column to an xlsx beside the last column, on the rows given', () => {
    const original = xlsxBytes([
      ['Stock code', 'Quantity', 'Unit', 'Note'],
      [],
      ['A-1', 'x', 'box', 'urgent'],
      ['A-2', 2, 'box'],
    ]);
    const result = expectFile(
      writeSheetWithStatus(original, 'march.xlsx', statuses, { statusHeader: 'Durum' }),
    );
    expect(result.fileName).toBe('march-status.xlsx');
    expect(firstSheetRows(result.bytes)).toEqual([
      ['Stock code', 'Quantity', 'Unit', 'Note', 'Durum'],
      [null, null, null, null, null],
      ['A-1', 'x', 'box', 'urgent', 'Error in row 3: invalid product quantity'],
      ['A-2', 2, 'box', null, 'OK'],
    ]);
    // The customer's fixed file reads as before: the status column is not an order column.
    const reparsed = expectRows(parseQuickOrderFile(result.bytes, result.fileName));
    expect(summarise(reparsed.rows)).toEqual(
      summarise(expectRows(parseQuickOrderFile(original, 'march.xlsx')).rows),
    );
  });

  it('reuses and clears the status column of an earlier round instead of adding another', () => {
    const first = expectFile(
      writeSheetWithStatus(
        xlsxBytes([
          ['SKU', 'Qty'],
          ['A-1', 'x'],
          ['A-2', 1],
        ]),
        'o.xlsx',
        new Map([
          [2, 'bad'],
          [3, 'OK'],
        ]),
      ),
    );
    const second = expectFile(writeSheetWithStatus(first.bytes, first.fileName, new Map([[3, 'OK']])));
    expect(second.fileName).toBe('o-status.xlsx');
    expect(firstSheetRows(second.bytes)).toEqual([
      ['SKU', 'Qty', 'Status'],
      ['A-1', 'x', null],
      ['A-2', 1, 'OK'],
    ]);
  });

  it('writes a status column without a header cell when the sheet has no header', () => {
    const result = expectFile(
      writeSheetWithStatus(xlsxBytes([['A-1', 1]]), 'plain.xlsx', new Map([[1, 'OK']])),
    );
    expect(firstSheetRows(result.bytes)).toEqual([['A-1', 1, 'OK']]);
  });

  it('turns an .xls upload into an .xlsx with the status', () => {
    const original = xlsBytes([
      ['Stock code', 'Quantity'],
      ['A-1', 4],
    ]);
    const result = expectFile(writeSheetWithStatus(original, 'old.xls', new Map([[2, 'OK']])));
    expect(result.fileName).toBe('old-status.xlsx');
    expect(Array.from(result.bytes.subarray(0, 2))).toEqual([0x50, 0x4b]);
    expect(firstSheetRows(result.bytes)).toEqual([
      ['Stock code', 'Quantity', 'Status'],
      ['A-1', 4, 'OK'],
    ]);
  });

  it('keeps the formulas of an xlsx upload', () => {
    const sheet = sheetFromRows([['Stock code', 'Quantity'], ['A-1']]);
    sheet.B2 = { t: 'n', v: 4, f: '2*2' };
    const result = expectFile(writeSheetWithStatus(workbookBytes(sheet), 'f.xlsx', new Map([[2, 'OK']])));
    const written = read(result.bytes, { type: 'array', cellFormula: true });
    const writtenSheet = written.Sheets[written.SheetNames[0]!]!;
    expect(writtenSheet.B2).toMatchObject({ f: '2*2', v: 4 });
    expect(writtenSheet.C2?.v).toBe('OK');
  });

  it('gives a CSV back as CSV with the same delimiter and line breaks, neutralising formula-like cells', () => {
    const original = windows1252Bytes(
      'Artikelnummer;Menge;Einheit\r\nKäse-1;x;Stück\r\n=HYPERLINK("evil");2;\r\n\r\nK-3;1;Karton\r\n',
    );
    const result = expectFile(
      writeSheetWithStatus(
        original,
        'bestellung.csv',
        new Map([
          [2, 'Ungültige Menge'],
          [3, '-kein Artikel'],
          [5, 'OK'],
        ]),
        {
          statusHeader: 'Status',
        },
      ),
    );
    expect(result.fileName).toBe('bestellung-status.csv');
    expect(Array.from(result.bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(result.bytes)).toBe(
      'Artikelnummer;Menge;Einheit;Status\r\n' +
        'Käse-1;x;Stück;Ungültige Menge\r\n' +
        `"'=HYPERLINK(""evil"")";2;;'-kein Artikel\r\n` +
        '\r\n' +
        'K-3;1;Karton;OK\r\n',
    );
    const reparsed = expectRows(parseQuickOrderFile(result.bytes, result.fileName));
    expect(reparsed.rows.map((row) => [row.rowNumber, row.stockCode])).toEqual([
      [2, 'Käse-1'],
      [3, '=HYPERLINK("evil")'],
      [5, 'K-3'],
    ]);
  });

  it('quotes CSV fields that hold the delimiter', () => {
    const result = expectFile(
      writeSheetWithStatus(utf8Bytes('SKU,Qty\nA-1,x\n'), 'o.csv', new Map([[2, 'invalid, retype']])),
    );
    expect(new TextDecoder().decode(result.bytes.subarray(3))).toBe(
      'SKU,Qty,Status\nA-1,x,"invalid, retype"\n',
    );
  });

  it('refuses a file that is not a spreadsheet', () => {
    expect(writeSheetWithStatus(new Uint8Array([0, 1, 2, 3, 0, 0]), 'x.xlsx', new Map())).toEqual({
      kind: 'error',
      error: 'incorrectFormat',
    });
  });
});
