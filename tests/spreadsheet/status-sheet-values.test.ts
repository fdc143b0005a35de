import { read, utils } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { parseQuickOrderFile } from '../../src/services/spreadsheet/parse-quick-order-file.ts';
import { writeSheetWithStatus } from '../../src/services/spreadsheet/write-sheet-with-status.ts';
import { expectRows, summarise } from './expect-rows.ts';
import { utf8Bytes, xlsxBytes } from './fixtures.ts';

// The status sheet says, per row, what happened; the row's cells beside it must be the values that status is
// about, not what the customer typed before correcting it in the preview.

function firstSheetRows(bytes: Uint8Array): unknown[][] {
  const workbook = read(bytes, { type: 'array' });
  return utils.sheet_to_json(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1, defval: null });
}

function expectFile(result: ReturnType<typeof writeSheetWithStatus>) {
  if (result.kind !== 'file') throw new Error(`expected a file, got ${result.error}`);
  return result;
}

describe('the status sheet shows the values each status describes', () => {
  it('writes a corrected quantity and unit into the row of an xlsx, leaving untouched rows as typed', () => {
    const original = xlsxBytes([
      ['Stock code', 'Quantity', 'Unit', 'Note'],
      ['A-1', 'many', 'barrel', 'urgent'],
      ['A-2', 2, 'box'],
    ]);
    const result = expectFile(
      writeSheetWithStatus(
        original,
        'order.xlsx',
        new Map([
          [2, 'Added'],
          [3, 'Added'],
        ]),
        {
          usedValues: new Map([
            [2, { quantity: '3', unit: 'box' }],
            [3, { quantity: '2', unit: 'box' }],
          ]),
        },
      ),
    );
    expect(firstSheetRows(result.bytes)).toEqual([
      ['Stock code', 'Quantity', 'Unit', 'Note', 'Status'],
      ['A-1', 3, 'box', 'urgent', 'Added'],
      ['A-2', 2, 'box', null, 'Added'],
    ]);
    // uploaded again, the fixed file orders what the status says was ordered
    expect(summarise(expectRows(parseQuickOrderFile(result.bytes, result.fileName)).rows)).toEqual([
      [2, 'A-1', '3', 'box', []],
      [3, 'A-2', '2', 'box', []],
    ]);
  });

  it('adds a unit column when the header has none and a picked unit has to be written', () => {
    const result = expectFile(
      writeSheetWithStatus(
        utf8Bytes('Artikelnummer;Menge\nA-1;4\nA-2;1\n'),
        'bestellung.csv',
        new Map([
          [2, 'Hinzugefügt'],
          [3, 'Hinzugefügt'],
        ]),
        {
          statusHeader: 'Status',
          unitHeader: 'Einheit',
          usedValues: new Map([
            [2, { quantity: '4', unit: 'box' }],
            [3, { quantity: '1', unit: '' }],
          ]),
        },
      ),
    );
    expect(new TextDecoder().decode(result.bytes.subarray(3))).toBe(
      'Artikelnummer;Menge;Einheit;Status\nA-1;4;box;Hinzugefügt\nA-2;1;;Hinzugefügt\n',
    );
  });

  it('writes the sum of merged rows on the first row of a CSV', () => {
    const result = expectFile(
      writeSheetWithStatus(
        utf8Bytes('SKU,Qty\nA-1,2\nB-1,1\nA-1,3\n'),
        'o.csv',
        new Map([
          [2, 'Added'],
          [3, 'Added'],
          [4, 'Counted in row 2'],
        ]),
        { usedValues: new Map([[2, { quantity: '5', unit: '' }]]) },
      ),
    );
    expect(new TextDecoder().decode(result.bytes.subarray(3))).toBe(
      'SKU,Qty,Status\nA-1,5,Added\nB-1,1,Added\nA-1,3,Counted in row 2\n',
    );
  });
});
