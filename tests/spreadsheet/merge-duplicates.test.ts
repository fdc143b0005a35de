import { describe, expect, it } from 'vitest';
import { parseQuickOrderFile } from '../../src/services/spreadsheet/parse-quick-order-file.ts';
import { expectRows, summarise } from './expect-rows.ts';
import { xlsxBytes } from './fixtures.ts';

describe('duplicate rows in a file', () => {
  const bytes = xlsxBytes([
    ['Stock code', 'Quantity', 'Unit'],
    ['A-1', 2, 'box'],
    ['A-1', 1, 'piece'],
    ['a-1 ', 3, 'BOX'],
    ['A-1', 'x', 'box'],
    ['B-1', 1, ''],
    ['A-1', 5, 'box'],
    ['B-1', 1, ''],
  ]);
  const result = expectRows(parseQuickOrderFile(bytes, 'dupes.xlsx'));

  it('merges rows of one code and unit into the first, summing the quantities', () => {
    expect(summarise(result.rows)).toEqual([
      [2, 'A-1', '10', 'box', []],
      [3, 'A-1', '1', 'piece', []],
      [5, 'A-1', 'x', 'box', ['invalidQuantity']],
      [6, 'B-1', '2', '', []],
    ]);
    expect(result.rows[0]).toMatchObject({ quantity: 10, sourceRowNumbers: [2, 4, 7] });
  });

  it('tells which rows were merged so the preview can say so', () => {
    expect(result.notices).toEqual([
      { kind: 'duplicatesMerged', stockCode: 'A-1', unitText: 'box', rowNumbers: [2, 4, 7] },
      { kind: 'duplicatesMerged', stockCode: 'B-1', unitText: '', rowNumbers: [6, 8] },
    ]);
  });
});
