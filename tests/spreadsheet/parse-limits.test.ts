import { describe, expect, it } from 'vitest';
import { QUICK_ORDER_MAX_BYTES, QUICK_ORDER_MAX_DATA_ROWS } from '../../src/services/spreadsheet/limits.ts';
import { parseQuickOrderFile } from '../../src/services/spreadsheet/parse-quick-order-file.ts';
import { expectFileError, expectRows } from './expect-rows.ts';
import {
  pseudoRandomBytes,
  setCell,
  sheetFromRows,
  utf8Bytes,
  workbookBytes,
  xlsxBytes,
  zipWithOneTextFile,
} from './fixtures.ts';

describe('parseQuickOrderFile refusing whole files', () => {
  it.each(['noise.xlsx', 'noise.xls', 'noise.csv'])(
    'refuses random bytes named %s as an incorrect format',
    (name) => {
      expectFileError(parseQuickOrderFile(pseudoRandomBytes(4096), name), 'incorrectFormat');
    },
  );

  it('refuses a zip that is not a workbook', () => {
    const zip = zipWithOneTextFile('notes.txt', 'not a spreadsheet');
    expectFileError(parseQuickOrderFile(zip, 'order.xlsx'), 'incorrectFormat');
  });

  it('refuses a truncated workbook', () => {
    const bytes = xlsxBytes([
      ['Stock code', 'Quantity'],
      ['A-1', 1],
    ]);
    expectFileError(parseQuickOrderFile(bytes.subarray(0, bytes.length / 2), 'cut.xlsx'), 'incorrectFormat');
  });

  it('refuses a file over 5 MB before reading it', () => {
    const line = 'A-1,1,box\n';
    const bytes = utf8Bytes(line.repeat(Math.ceil((QUICK_ORDER_MAX_BYTES + 1) / line.length)));
    expect(bytes.length).toBeGreaterThan(QUICK_ORDER_MAX_BYTES);
    expectFileError(parseQuickOrderFile(bytes, 'big.csv'), 'tooLarge');
  });

  it('accepts exactly 10,000 data rows and refuses 10,001', () => {
    const sheet = (count: number) => [
      ['Stock code', 'Quantity'],
      ...Array.from({ length: count }, (_, index) => [`S-${index}`, 1]),
    ];
    const atLimit = expectRows(parseQuickOrderFile(xlsxBytes(sheet(QUICK_ORDER_MAX_DATA_ROWS)), 'max.xlsx'));
    expect(atLimit.rows).toHaveLength(QUICK_ORDER_MAX_DATA_ROWS);
    expect(atLimit.rows.at(-1)?.rowNumber).toBe(QUICK_ORDER_MAX_DATA_ROWS + 1);
    expectFileError(
      parseQuickOrderFile(xlsxBytes(sheet(QUICK_ORDER_MAX_DATA_ROWS + 1)), 'over.xlsx'),
      'tooManyRows',
    );
  });

  it('does not count empty rows towards the row limit', () => {
    const lines = ['Stock code;Quantity'];
    for (let index = 0; index < QUICK_ORDER_MAX_DATA_ROWS; index++) lines.push(`S-${index};1`, ';');
    const result = expectRows(parseQuickOrderFile(utf8Bytes(lines.join('\n')), 'sparse.csv'));
    expect(result.rows).toHaveLength(QUICK_ORDER_MAX_DATA_ROWS);
  });

  it('refuses a workbook with anything below row 100,000 without decoding it all', () => {
    // A small file can describe a huge sheet; reading stops at row 100,000 and the rest is refused.
    const sheet = sheetFromRows([
      ['Stock code', 'Quantity'],
      ['A-1', 1],
    ]);
    setCell(sheet, 'A100001', { t: 's', v: 'FAR-1' });
    setCell(sheet, 'B100001', { t: 'n', v: 1 });
    expectFileError(parseQuickOrderFile(workbookBytes(sheet), 'tall.xlsx'), 'tooManyRows');
  });

  it('refuses a CSV with more than 10,000 rows', () => {
    const text = `Stock code,Quantity\n${'A,1\n'.repeat(QUICK_ORDER_MAX_DATA_ROWS + 1)}`;
    expectFileError(parseQuickOrderFile(utf8Bytes(text), 'over.csv'), 'tooManyRows');
  });
});
