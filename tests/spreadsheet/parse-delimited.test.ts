import { describe, expect, it } from 'vitest';
import { parseQuickOrderFile } from '../../src/services/spreadsheet/parse-quick-order-file.ts';
import { expectRows, summarise } from './expect-rows.ts';
import { utf8Bytes, utf16LeBytesWithByteOrderMark, windows1252Bytes } from './fixtures.ts';

const parseCsv = (bytes: Uint8Array, name = 'order.csv') => expectRows(parseQuickOrderFile(bytes, name));

describe('parseQuickOrderFile on CSV', () => {
  it.each([
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
    ['pipe', '|'],
  ])('detects the %s delimiter', (_name, delimiter) => {
    const text = [
      ['Stock code', 'Quantity', 'Unit'],
      ['A-1', '2', 'box'],
      ['B-2', '5', ''],
    ]
      .map((fields) => fields.join(delimiter))
      .join('\n');
    expect(summarise(parseCsv(utf8Bytes(text)).rows)).toEqual([
      [2, 'A-1', '2', 'box', []],
      [3, 'B-2', '5', '', []],
    ]);
  });

  it('reads a semicolon file with decimal commas as semicolon-separated', () => {
    const text = 'Artikelnummer;Menge;Einheit\nK-1;12,0;Karton\nK-2;3;Stück\n';
    expect(summarise(parseCsv(utf8Bytes(text)).rows)).toEqual([
      [2, 'K-1', '12,0', 'Karton', []],
      [3, 'K-2', '3', 'Stück', []],
    ]);
  });

  it('ignores a UTF-8 byte-order mark before the first header', () => {
    const result = parseCsv(utf8Bytes('Stock code,Quantity\nA-1,1\n', true));
    expect(result.headerRowNumber).toBe(1);
    expect(summarise(result.rows)).toEqual([[2, 'A-1', '1', '', []]]);
  });

  it.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
    ['LF', '\n'],
  ])('reads %s line endings', (_name, lineBreak) => {
    const text = ['Stock code;Quantity;Unit', 'A-1;1;box', '', 'A-2;2;box', ''].join(lineBreak);
    expect(summarise(parseCsv(utf8Bytes(text)).rows)).toEqual([
      [2, 'A-1', '1', 'box', []],
      [4, 'A-2', '2', 'box', []],
    ]);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    const bytes = windows1252Bytes('Artikelnummer;Menge;Einheit\r\nKäse-1;2;Stück\r\n');
    expect(bytes).toContain(0xe4);
    expect(summarise(parseCsv(bytes).rows)).toEqual([[2, 'Käse-1', '2', 'Stück', []]]);
  });

  it('reads UTF-16 text with a byte-order mark (Excel "Unicode text")', () => {
    const bytes = utf16LeBytesWithByteOrderMark('Stok kodu\tMiktar\tBirim\r\nŞ-1\t4\tKoli\r\n');
    expect(summarise(parseCsv(bytes, 'siparis.txt').rows)).toEqual([[2, 'Ş-1', '4', 'Koli', []]]);
  });

  it('reads quoted fields holding delimiters, quotes and line breaks, numbering rows as a spreadsheet would', () => {
    const text = 'Stock code,Quantity,Unit\n"A,1",2,"big ""box"""\n"multi\nline",3,box\nC-3,4,box\n';
    expect(summarise(parseCsv(utf8Bytes(text)).rows)).toEqual([
      [2, 'A,1', '2', 'big "box"', []],
      [3, 'multi\nline', '3', 'box', []],
      [4, 'C-3', '4', 'box', []],
    ]);
  });

  it('keeps leading zeros, which a spreadsheet library guessing CSV types would drop', () => {
    expect(parseCsv(utf8Bytes('Stock code,Quantity\n000123,1\n')).rows[0]?.stockCode).toBe('000123');
  });

  it('reads back cells that a status sheet neutralised with a leading quote', () => {
    const result = parseCsv(utf8Bytes("Stock code;Quantity\n'-A-1;'+3\n"));
    expect(summarise(result.rows)).toEqual([[2, '-A-1', '+3', '', ['invalidQuantity']]]);
  });

  it('marks dates and text in the quantity column invalid and keeps the good rows', () => {
    const text = 'Stock code,Quantity\nA-1,2026-03-05\nA-2,twelve\nA-3,7\nA-4,1.000\n,5\n';
    expect(parseCsv(utf8Bytes(text)).rows.map((row) => [row.rowNumber, row.problems])).toEqual([
      [2, ['invalidQuantity']],
      [3, ['invalidQuantity']],
      [4, []],
      [5, ['invalidQuantity']],
      [6, ['invalidStock']],
    ]);
  });

  it('takes the first three columns of a CSV without a header', () => {
    const result = parseCsv(utf8Bytes('A-1;2;box\nA-2;3\n'));
    expect(summarise(result.rows)).toEqual([
      [1, 'A-1', '2', 'box', []],
      [2, 'A-2', '3', '', []],
    ]);
    expect(result.notices).toEqual([{ kind: 'headerNotFound' }]);
  });

  it('gives an empty list for an empty file', () => {
    expect(parseCsv(new Uint8Array()).rows).toEqual([]);
  });
});
