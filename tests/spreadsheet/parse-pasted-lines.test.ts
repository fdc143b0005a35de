import { describe, expect, it } from 'vitest';
import { parsePastedLines } from '../../src/services/spreadsheet/parse-pasted-lines.ts';
import { expectFileError, expectRows, summarise } from './expect-rows.ts';

describe('parsePastedLines', () => {
  it.each([
    ['tab', 'A 1\t2\tbox\nB-2\t3\t'],
    ['semicolon', 'A 1; 2; box\nB-2;3'],
    ['comma', 'A 1, 2, box\nB-2,3'],
  ])('splits lines by %s and trims the fields', (_name, text) => {
    expect(summarise(expectRows(parsePastedLines(text)).rows)).toEqual([
      [1, 'A 1', '2', 'box', []],
      [2, 'B-2', '3', '', []],
    ]);
  });

  it('splits by spaces, the rest of the line being the unit', () => {
    expect(summarise(expectRows(parsePastedLines('A-1 2 pallet box\nB-2   3')).rows)).toEqual([
      [1, 'A-1', '2', 'pallet box', []],
      [2, 'B-2', '3', '', []],
    ]);
  });

  it('does not split a decimal comma when the fields are separated by spaces', () => {
    expect(summarise(expectRows(parsePastedLines('A-1 12,0 box')).rows)).toEqual([
      [1, 'A-1', '12,0', 'box', []],
    ]);
  });

  it('reads quantities in Arabic-Indic digits, as the quantity boxes do', () => {
    const { rows } = expectRows(parsePastedLines('A-1;١٢;box\nB-2 ۳'));
    expect(summarise(rows)).toEqual([
      [1, 'A-1', '١٢', 'box', []],
      [2, 'B-2', '۳', '', []],
    ]);
    expect(rows.map((row) => row.quantity)).toEqual([12, 3]);
  });

  it('splits each line by its own separator when the lines mix tab, semicolon and comma', () => {
    const text = 'A 1\t2\tbox\nB-2;3;Pallet\nC 3, 4\nD-4 5 pallet box\nE-5;12,0;box';
    expect(summarise(expectRows(parsePastedLines(text)).rows)).toEqual([
      [1, 'A 1', '2', 'box', []],
      [2, 'B-2', '3', 'Pallet', []],
      [3, 'C 3', '4', '', []],
      [4, 'D-4', '5', 'pallet box', []],
      [5, 'E-5', '12,0', 'box', []],
    ]);
  });

  it('keeps the decimal comma of a space-separated line among semicolon lines', () => {
    expect(summarise(expectRows(parsePastedLines('A-1;2\nB-2;3\nC-3 12,0 box')).rows)).toEqual([
      [1, 'A-1', '2', '', []],
      [2, 'B-2', '3', '', []],
      [3, 'C-3', '12,0', 'box', []],
    ]);
  });

  it('shows a line no separator reads under the usual one, with its problem', () => {
    expect(summarise(expectRows(parsePastedLines('A-1;2\nB-2;lots')).rows)).toEqual([
      [1, 'A-1', '2', '', []],
      [2, 'B-2', 'lots', '', ['invalidQuantity']],
    ]);
  });

  it('numbers rows by line, skips blank lines and reports bad lines without losing good ones', () => {
    const result = expectRows(parsePastedLines('A-1;2\n\n   \nA-2;lots\n;4\nA-3;1\n'));
    expect(result.rows.map((row) => [row.rowNumber, row.problems])).toEqual([
      [1, []],
      [4, ['invalidQuantity']],
      [5, ['invalidStock']],
      [6, []],
    ]);
    expect(result.notices).toEqual([]);
  });

  it('uses a header line pasted from a sheet', () => {
    const result = expectRows(parsePastedLines('Menge\tArtikelnummer\n5\tK-1'));
    expect(result.headerRowNumber).toBe(1);
    expect(summarise(result.rows)).toEqual([[2, 'K-1', '5', '', []]]);
  });

  it('merges repeated lines and says which', () => {
    const result = expectRows(parsePastedLines('a-1;2;Box\nB-1;1\nA-1;3;box'));
    expect(summarise(result.rows)).toEqual([
      [1, 'a-1', '5', 'Box', []],
      [2, 'B-1', '1', '', []],
    ]);
    expect(result.notices).toEqual([
      { kind: 'duplicatesMerged', stockCode: 'a-1', unitText: 'Box', rowNumbers: [1, 3] },
    ]);
  });

  it('gives no rows for empty text', () => {
    expect(expectRows(parsePastedLines('')).rows).toEqual([]);
  });

  it('refuses more than 10,000 lines', () => {
    expectFileError(parsePastedLines('A-1;1\n'.repeat(10_001)), 'tooManyRows');
  });
});
