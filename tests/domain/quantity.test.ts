import { describe, expect, it } from 'vitest';
import {
  clampQuantity,
  DEFAULT_QUANTITY,
  decreaseQuantity,
  INVALID_QUANTITY_MESSAGE_KEY,
  increaseQuantity,
  isQuantityControlDisabled,
  parseQuantity,
  quantityFromInput,
  quantityOfWire,
} from '../../src/domain/quantity';

const invalid = { ok: false, messageKey: INVALID_QUANTITY_MESSAGE_KEY };

describe('decreaseQuantity (minus)', () => {
  it('goes down by one', () => {
    expect(decreaseQuantity(5, null)).toBe(4);
    expect(decreaseQuantity(2, 10)).toBe(1);
  });

  it('never goes below 1', () => {
    expect(decreaseQuantity(1, null)).toBe(1);
    expect(decreaseQuantity(1, 10)).toBe(1);
  });

  it('comes down to the maximum when the value is above a lower maximum', () => {
    expect(decreaseQuantity(10, 4)).toBe(4);
    expect(decreaseQuantity(5, 4)).toBe(4);
  });

  it('resets an invalid value to 1', () => {
    expect(decreaseQuantity(null, null)).toBe(1);
    expect(decreaseQuantity(null, 3)).toBe(1);
  });
});

describe('increaseQuantity (plus)', () => {
  it('goes up by one', () => {
    expect(increaseQuantity(1, null)).toBe(2);
    expect(increaseQuantity(4, 10)).toBe(5);
  });

  it('never goes beyond the maximum', () => {
    expect(increaseQuantity(10, 10)).toBe(10);
    expect(increaseQuantity(12, 10)).toBe(10);
  });

  it('sets an invalid value to 2, or to the maximum when that is 1', () => {
    expect(increaseQuantity(null, null)).toBe(2);
    expect(increaseQuantity(null, 5)).toBe(2);
    expect(increaseQuantity(null, 1)).toBe(1);
  });

  it('counts a fractional maximum (stock) in whole units', () => {
    expect(increaseQuantity(7, 7.9)).toBe(7);
    expect(increaseQuantity(6, 7.9)).toBe(7);
  });
});

describe('maximum 0 disables the control', () => {
  it('is disabled at 0, a negative or a below-one maximum, enabled otherwise', () => {
    expect(isQuantityControlDisabled(0)).toBe(true);
    expect(isQuantityControlDisabled(-3)).toBe(true);
    expect(isQuantityControlDisabled(0.5)).toBe(true);
    expect(isQuantityControlDisabled(1)).toBe(false);
    expect(isQuantityControlDisabled(null)).toBe(false);
  });

  it('leaves the value alone when plus or minus is pressed anyway', () => {
    expect(increaseQuantity(3, 0)).toBe(3);
    expect(decreaseQuantity(3, 0)).toBe(3);
    expect(increaseQuantity(null, 0)).toBeNull();
  });
});

describe('clampQuantity', () => {
  it('clamps a quantity above the maximum to it and keeps others', () => {
    expect(clampQuantity(12, 10)).toBe(10);
    expect(clampQuantity(10, 10)).toBe(10);
    expect(clampQuantity(3, 10)).toBe(3);
    expect(clampQuantity(1000000, null)).toBe(1000000);
  });
});

describe('default quantity', () => {
  it('is 1', () => {
    expect(DEFAULT_QUANTITY).toBe(1);
  });
});

describe('parseQuantity (typed text)', () => {
  it('reads whole numbers, ignoring surrounding spaces and leading zeros', () => {
    expect(parseQuantity('3')).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity('  12 ')).toEqual({ ok: true, quantity: 12 });
    expect(parseQuantity('007')).toEqual({ ok: true, quantity: 7 });
  });

  it('reads Arabic-Indic and extended Arabic-Indic digits', () => {
    expect(parseQuantity('١٢')).toEqual({ ok: true, quantity: 12 });
    expect(parseQuantity('۳')).toEqual({ ok: true, quantity: 3 });
  });

  it.each([
    '',
    '   ',
    'abc',
    '2.5',
    '2,5',
    '1.000',
    '1,000',
    '-1',
    '+2',
    '1e3',
    '0',
    '00',
    '3 4',
    'NaN',
    '99999999999999999999',
  ])('marks "%s" invalid with the invalid-amount key', (input) => {
    expect(parseQuantity(input)).toEqual(invalid);
  });

  it('uses the invalid-amount translation key', () => {
    expect(INVALID_QUANTITY_MESSAGE_KEY).toBe('quantity.invalidAmount');
  });
});

describe('parseQuantity reading a spreadsheet (zero decimals, a largest quantity)', () => {
  const sheet = { zeroDecimals: true, most: 999_999_999 };

  it.each([
    ['12.0', 12],
    ['12,0', 12],
    ['12,00', 12],
    ['12.0000', 12],
    [' 7 ', 7],
    ['١٢,٠', 12],
    ['999999999', 999_999_999],
  ])('reads %j as %d', (text, quantity) => {
    expect(parseQuantity(text, sheet)).toEqual({ ok: true, quantity });
  });

  it.each([
    ['a fraction', '12.5'],
    ['three zero decimals, which may be a thousands separator', '1,000'],
    ['a dotted thousands figure', '1.000'],
    ['a figure with a space as thousands separator', '1\u00a0000'],
    ['more than the largest quantity', '1000000000'],
    ['zero with decimals', '0,0'],
    ['a decimal mark without decimals', '12,'],
  ])('refuses %s', (_name, text) => {
    expect(parseQuantity(text, sheet)).toEqual(invalid);
  });

  it('reads no decimals at all unless asked to', () => {
    expect(parseQuantity('12,0')).toEqual(invalid);
    expect(parseQuantity('12.0', { most: 20 })).toEqual(invalid);
  });

  it('refuses more than the largest quantity, and only when asked to', () => {
    expect(parseQuantity('21', { most: 20 })).toEqual(invalid);
    expect(parseQuantity('20', { most: 20 })).toEqual({ ok: true, quantity: 20 });
    expect(parseQuantity('1000000000')).toEqual({ ok: true, quantity: 1_000_000_000 });
  });
});

describe('quantityFromInput', () => {
  it('clamps a typed quantity above the maximum', () => {
    expect(quantityFromInput('50', 8)).toEqual({ ok: true, quantity: 8 });
    expect(quantityFromInput('5', 8)).toEqual({ ok: true, quantity: 5 });
    expect(quantityFromInput('50', null)).toEqual({ ok: true, quantity: 50 });
  });

  it('passes an invalid text through as invalid', () => {
    expect(quantityFromInput('x', 8)).toEqual(invalid);
  });
});

describe('quantityOfWire', () => {
  it("reads the server's decimal text as the number a line shows", () => {
    expect(quantityOfWire('3.000')).toBe(3);
    expect(quantityOfWire('12')).toBe(12);
    expect(quantityOfWire('2.500')).toBe(2.5);
  });
});
