import { describe, expect, it } from 'vitest';
import { quantityFromCell, quantityFromText } from '../../src/services/spreadsheet/quantity.ts';

describe('quantityFromText', () => {
  it.each([
    ['12', 12],
    ['12.0', 12],
    ['12,0', 12],
    ['12,00', 12],
    [' 7 ', 7],
    ['999999999', 999_999_999],
    ['\u00a012\u00a0', 12],
    // the digits an Arabic or Persian keyboard types, read as the quantity box reads them
    ['١٢', 12],
    ['۳,۰', 3],
  ])('reads %j as %d', (text, quantity) => {
    expect(quantityFromText(text)).toBe(quantity);
  });

  it.each([
    ['a fraction', '12.5'],
    ['a decimal comma fraction', '2,5'],
    ['three zero decimals, which may be a thousands separator', '1,000'],
    ['a dotted thousands figure', '1.000'],
    ['a thousands figure with a no-break space', '1\u00a0000'],
    ['more than nine digits', '1000000000'],
    ['zero', '0'],
    ['a negative', '-3'],
    ['text', 'twelve'],
    ['a number with a unit', '12 pcs'],
    ['a date', '2026-03-05'],
    ['a barcode in the wrong column', '8690000000017'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(quantityFromText(text)).toBeNull();
  });
});

describe('quantityFromCell', () => {
  it('accepts whole numbers and refuses everything that is not a number or numeric text', () => {
    expect(quantityFromCell({ kind: 'number', value: 4 })).toBe(4);
    expect(quantityFromCell({ kind: 'number', value: 4.2 })).toBeNull();
    // a formula's float noise on a whole number
    expect(quantityFromCell({ kind: 'number', value: 0.1 * 120 })).toBe(12);
    expect(quantityFromCell({ kind: 'number', value: 0 })).toBeNull();
    expect(quantityFromCell({ kind: 'number', value: -3 })).toBeNull();
    expect(quantityFromCell({ kind: 'number', value: 1e21 })).toBeNull();
    expect(quantityFromCell({ kind: 'text', text: '4,0' })).toBe(4);
    expect(quantityFromCell({ kind: 'date', shown: '3/5/26' })).toBeNull();
    expect(quantityFromCell({ kind: 'boolean', shown: 'TRUE' })).toBeNull();
    expect(quantityFromCell({ kind: 'error', shown: '#DIV/0!' })).toBeNull();
    expect(quantityFromCell(undefined)).toBeNull();
  });
});
