import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { InvalidDecimalError } from '../../src/domain/decimal';
import {
  formatDeposit,
  formatMoney,
  formatMoneyAmount,
  isMoneyPattern,
  MONEY_FORMATS,
  moneyFormatFor,
} from '../../src/domain/money-format';

const en = MONEY_FORMATS.en;
const de = MONEY_FORMATS.de;
const amount2 = (value: string) => formatMoneyAmount(value, 2, en);

describe('formatMoneyAmount rounding (whole part floored, fraction half-even)', () => {
  it.each([
    ['2.345', '2.34'],
    ['2.355', '2.36'],
    ['2.3450001', '2.35'],
    ['2.3449999', '2.34'],
    ['0.125', '0.12'],
    ['0.135', '0.14'],
    ['2.344', '2.34'],
    ['2.346', '2.35'],
  ])('rounds %s to %s', (input, expected) => {
    expect(amount2(input)).toBe(expected);
  });

  it.each([
    ['1.995', '2.00'],
    ['9.999', '10.00'],
    ['999.995', '1,000.00'],
    ['99999.996', '100,000.00'],
  ])('carries a fraction that rounds up to a whole into the whole part: %s → %s', (input, expected) => {
    expect(amount2(input)).toBe(expected);
  });

  it('does not round the whole part itself', () => {
    expect(amount2('2.994')).toBe('2.99');
    expect(amount2('7.5')).toBe('7.50');
  });

  it.each([
    ['-2.345', '-2.34'],
    ['-2.355', '-2.36'],
    ['-2.3450001', '-2.35'],
    ['-1.995', '-2.00'],
    ['-2.34', '-2.34'],
    ['-1234.5', '-1,234.50'],
  ])('rounds negative amounts symmetrically on their magnitude: %s → %s', (input, expected) => {
    expect(amount2(input)).toBe(expected);
  });

  it('never shows a negative zero', () => {
    expect(amount2('-0.001')).toBe('0.00');
    expect(amount2('-0.005')).toBe('0.00');
    expect(amount2('-0')).toBe('0.00');
  });

  it('pads to the configured number of places', () => {
    expect(formatMoneyAmount('3', 2, en)).toBe('3.00');
    expect(formatMoneyAmount('3.1', 3, en)).toBe('3.100');
    expect(formatMoneyAmount('1.23456789', 6, en)).toBe('1.234568');
  });

  it('with zero places shows no separator and rounds half-even to a whole number', () => {
    expect(formatMoneyAmount('2.5', 0, en)).toBe('2');
    expect(formatMoneyAmount('3.5', 0, en)).toBe('4');
    expect(formatMoneyAmount('1234.5', 0, en)).toBe('1,234');
    expect(formatMoneyAmount('1234.51', 0, de)).toBe('1.235');
  });

  it('with three places rounds half-even at the third place', () => {
    expect(formatMoneyAmount('1.0005', 3, en)).toBe('1.000');
    expect(formatMoneyAmount('1.0015', 3, en)).toBe('1.002');
  });

  it('accepts a Decimal and agrees with the string form', () => {
    expect(formatMoneyAmount(new Decimal('2.355'), 2, en)).toBe('2.36');
  });

  it('is not affected by a global Decimal rounding setting', () => {
    const previous = Decimal.rounding;
    Decimal.set({ rounding: Decimal.ROUND_DOWN });
    try {
      expect(amount2('2.355')).toBe('2.36');
    } finally {
      Decimal.set({ rounding: previous });
    }
  });
});

describe('formatMoneyAmount grouping and separators', () => {
  it.each([
    ['0', '0.00'],
    ['12', '12.00'],
    ['123', '123.00'],
    ['1234', '1,234.00'],
    ['123456', '123,456.00'],
    ['1234567.891', '1,234,567.89'],
    ['12345678901234567890.5', '12,345,678,901,234,567,890.50'],
  ])('groups the whole part of %s by thousands', (input, expected) => {
    expect(amount2(input)).toBe(expected);
  });

  it('uses the separators it is given', () => {
    expect(formatMoneyAmount('1234567.5', 2, de)).toBe('1.234.567,50');
    expect(formatMoneyAmount('1234.5', 2, MONEY_FORMATS.sv)).toBe('1\u00A0234,50');
    expect(formatMoneyAmount('1234.5', 2, MONEY_FORMATS.fr)).toBe('1\u202F234,50');
  });

  it('rejects text that is not a decimal number', () => {
    for (const bad of ['', 'abc', '1,5', '1e3', 'NaN', 'Infinity', '0x10', '1.2.3']) {
      expect(() => amount2(bad)).toThrow(InvalidDecimalError);
    }
    expect(() => formatMoneyAmount(new Decimal(Number.NaN), 2, en)).toThrow(InvalidDecimalError);
  });

  it('rejects decimal places that are not a whole number from 0 to 20', () => {
    for (const bad of [-1, 1.5, 21, Number.NaN]) {
      expect(() => formatMoneyAmount('1', bad, en)).toThrow(RangeError);
    }
  });
});

describe('formatMoney', () => {
  it('writes English as €1,234.50', () => {
    expect(formatMoney('1234.5', { decimalPlaces: 2, currencySymbol: '€', format: en })).toBe('€1,234.50');
  });

  it('writes German with a decimal comma, currency first as the spec says', () => {
    expect(formatMoney('1234.5', { decimalPlaces: 2, currencySymbol: '€', format: de })).toBe('€1.234,50');
  });

  it('writes Turkish with a decimal comma and the price before the currency', () => {
    expect(
      formatMoney('1234.5', { decimalPlaces: 2, currencySymbol: '₺', format: moneyFormatFor('tr') }),
    ).toBe('1.234,50 ₺');
  });

  it('puts the minus sign in front of the whole text in both patterns', () => {
    expect(formatMoney('-1.5', { decimalPlaces: 2, currencySymbol: '$', format: en })).toBe('-$1.50');
    expect(formatMoney('-1.5', { decimalPlaces: 2, currencySymbol: '€', format: MONEY_FORMATS.tr })).toBe(
      '-1,50 €',
    );
  });

  it('shows no sign for an amount that rounds to zero', () => {
    expect(formatMoney('-0.004', { decimalPlaces: 2, currencySymbol: '€', format: en })).toBe('€0.00');
  });

  it('uses a multi-character currency symbol as given', () => {
    expect(formatMoney('5', { decimalPlaces: 2, currencySymbol: 'CHF ', format: en })).toBe('CHF 5.00');
  });

  it('rounds as formatMoneyAmount does', () => {
    expect(formatMoney('1.995', { decimalPlaces: 2, currencySymbol: '€', format: en })).toBe('€2.00');
  });
});

describe('formatDeposit', () => {
  it('always shows euro, whatever the customer currency', () => {
    expect(formatDeposit('0.25', { decimalPlaces: 2, format: en })).toBe('€0.25');
    expect(formatDeposit('0.25', { decimalPlaces: 2, format: MONEY_FORMATS.tr })).toBe('0,25 €');
    expect(formatDeposit('1234.5', { decimalPlaces: 2, format: de })).toBe('€1.234,50');
  });
});

describe('moneyFormatFor', () => {
  it('gives English a decimal point and a thousands comma, currency first', () => {
    expect(moneyFormatFor('en')).toEqual({
      decimalSeparator: '.',
      thousandsSeparator: ',',
      pattern: '{{currency}}{{price}}',
    });
  });

  it.each(['de', 'es', 'fr', 'it', 'nn', 'sv'])(
    'gives %s a decimal comma and the currency first',
    (language) => {
      const format = moneyFormatFor(language);
      expect(format.decimalSeparator).toBe(',');
      expect(format.pattern).toBe('{{currency}}{{price}}');
      expect(format.thousandsSeparator).not.toBe(',');
    },
  );

  it('gives Turkish a decimal comma and the price before the currency', () => {
    expect(moneyFormatFor('tr')).toEqual({
      decimalSeparator: ',',
      thousandsSeparator: '.',
      pattern: '{{price}} {{currency}}',
    });
  });

  it('gives Arabic Western digits with a decimal point, the price before the currency', () => {
    expect(
      formatMoney('1234.5', { decimalPlaces: 2, currencySymbol: '€', format: moneyFormatFor('ar') }),
    ).toBe('1,234.50 €');
  });

  it('uses the language of a regional code and ignores case', () => {
    expect(moneyFormatFor('de-AT')).toBe(MONEY_FORMATS.de);
    expect(moneyFormatFor('TR')).toBe(MONEY_FORMATS.tr);
    expect(moneyFormatFor('sv_SE')).toBe(MONEY_FORMATS.sv);
  });

  it('falls back to English for an unknown or empty language', () => {
    expect(moneyFormatFor('xx')).toBe(MONEY_FORMATS.en);
    expect(moneyFormatFor('')).toBe(MONEY_FORMATS.en);
    expect(moneyFormatFor('constructor')).toBe(MONEY_FORMATS.en);
  });

  it('covers all nine interface languages', () => {
    expect(Object.keys(MONEY_FORMATS).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'nn', 'sv', 'tr']);
  });
});

describe('isMoneyPattern', () => {
  it('accepts only the two patterns views may read from translations', () => {
    expect(isMoneyPattern('{{currency}}{{price}}')).toBe(true);
    expect(isMoneyPattern('{{price}} {{currency}}')).toBe(true);
    expect(isMoneyPattern('{{price}}{{currency}}')).toBe(false);
    expect(isMoneyPattern('')).toBe(false);
  });
});

describe('one currency position per locale', () => {
  const languages = Object.keys(MONEY_FORMATS) as (keyof typeof MONEY_FORMATS)[];
  /** 'before' or 'after' the digits, or 'both'/'none' if a text breaks the rule. */
  const side = (text: string, symbol: string) => {
    const at = text.indexOf(symbol);
    if (at < 0 || text.indexOf(symbol, at + 1) >= 0) return 'none';
    const firstDigit = text.search(/\d/);
    return at < firstDigit ? 'before' : 'after';
  };
  const expected = (language: keyof typeof MONEY_FORMATS) =>
    MONEY_FORMATS[language].pattern.startsWith('{{currency}}') ? 'before' : 'after';

  it.each(languages)(
    '%s puts the symbol on one side for every amount, price and deposit alike',
    (language) => {
      const format = moneyFormatFor(language);
      const texts = ['0', '0.3', '-1.5', '1234.5', '-98765432.1', '1000000'].flatMap((amount) => [
        formatMoney(amount, { decimalPlaces: 2, currencySymbol: '€', format }),
        formatDeposit(amount, { decimalPlaces: 2, format }),
        formatMoney(amount, { decimalPlaces: 0, currencySymbol: '€', format }),
      ]);
      expect(new Set(texts.map((text) => side(text, '€')))).toEqual(new Set([expected(language)]));
    },
  );

  it('Arabic, where the spec is silent, follows the locale’s own pattern (Intl.NumberFormat)', () => {
    const intl = new Intl.NumberFormat('ar-u-nu-latn', { style: 'currency', currency: 'EUR' }).format(1234.5);
    expect(side(intl, '€')).toBe(expected('ar'));
    expect(
      formatMoney('1234.5', { decimalPlaces: 2, currencySymbol: '€', format: moneyFormatFor('ar') }),
    ).toBe('1,234.50 €');
  });

  it('the spec’s languages keep its pattern: the currency first, Turkish the price first', () => {
    expect(languages.filter((language) => expected(language) === 'after').sort()).toEqual(['ar', 'tr']);
  });
});
