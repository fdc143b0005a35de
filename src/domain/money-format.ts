// Edges: takes a decimal string or Decimal (never a float), returns the display text.
import Decimal from 'decimal.js';
import { type DecimalInput, toDecimal } from './decimal';

/** Where the currency symbol goes; the text comes from the translations, so it is checked with `isMoneyPattern`. */
export type MoneyPattern = '{{currency}}{{price}}' | '{{price}} {{currency}}';

export interface MoneyLocaleFormat {
  decimalSeparator: string;
  thousandsSeparator: string;
  pattern: MoneyPattern;
}

export interface MoneyFormatOptions {
  /** `modules.netb2b.money_decimal_places` from the configuration */
  decimalPlaces: number;
  /** the customer's currency symbol */
  currencySymbol: string;
  format: MoneyLocaleFormat;
}

/** The deposit (Pfand) is a euro amount whatever the customer's currency (spec point 9). */
export const DEPOSIT_CURRENCY_SYMBOL = '€';

const MAX_DECIMAL_PLACES = 20;

export function isMoneyPattern(text: string): text is MoneyPattern {
  return text === '{{currency}}{{price}}' || text === '{{price}} {{currency}}';
}

/**
 * Rounding rule (spec point 9, "whole part floored, fraction rounded half-even"), applied to the value as a
 * whole so that nothing is lost between the two parts:
 * 1. The amount is rounded to `decimalPlaces` half to even: a digit string that is exactly half way
 *    goes to the even neighbour (2.345 → 2.34, 2.355 → 2.36, 0.125 → 0.12), anything past half goes up
 *    (2.3450001 → 2.35), anything short of half goes down.
 * 2. A fraction that rounds up to one whole carries into the whole part (1.995 → 2.00, 999.995 → 1,000.00),
 *    instead of printing the old whole part beside a fraction of "1.00".
 * 3. The whole part shown is the floor of the rounded magnitude: its integer digits, never rounded again.
 * 4. Negative amounts round symmetrically on their magnitude (-2.345 → -2.34, -1.995 → -2.00); the minus
 *    sign goes in front of the whole text ("-€1.50", "-1,50 €"). Flooring toward minus infinity
 *    would print -2.34 as "-3" plus ".66", which is never what a price means.
 * 5. An amount that rounds to zero shows no sign (-0.001 → 0.00).
 */
export function formatMoneyAmount(
  amount: DecimalInput,
  decimalPlaces: number,
  format: MoneyLocaleFormat,
): string {
  if (!Number.isInteger(decimalPlaces) || decimalPlaces < 0 || decimalPlaces > MAX_DECIMAL_PLACES) {
    throw new RangeError(
      `decimal places must be a whole number from 0 to ${MAX_DECIMAL_PLACES}: ${decimalPlaces}`,
    );
  }
  const rounded = toDecimal(amount).toDecimalPlaces(decimalPlaces, Decimal.ROUND_HALF_EVEN);
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  const [wholeDigits = '0', fractionDigits = ''] = rounded.abs().toFixed(decimalPlaces).split('.');
  const whole = groupThousands(wholeDigits, format.thousandsSeparator);
  return sign + (decimalPlaces === 0 ? whole : `${whole}${format.decimalSeparator}${fractionDigits}`);
}

/** The amount with the customer's currency, placed as the locale's pattern says. */
export function formatMoney(amount: DecimalInput, options: MoneyFormatOptions): string {
  const number = formatMoneyAmount(amount, options.decimalPlaces, options.format);
  const unsigned = number.startsWith('-') ? number.slice(1) : number;
  const sign = unsigned === number ? '' : '-';
  return (
    sign +
    options.format.pattern.replace('{{currency}}', options.currencySymbol).replace('{{price}}', unsigned)
  );
}

/** The deposit always in euro, with the locale's separators and placement. */
export function formatDeposit(
  amount: DecimalInput,
  options: Omit<MoneyFormatOptions, 'currencySymbol'>,
): string {
  return formatMoney(amount, { ...options, currencySymbol: DEPOSIT_CURRENCY_SYMBOL });
}

function groupThousands(digits: string, separator: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(separator);
}

const NO_BREAK_SPACE = '\u00A0';
const NARROW_NO_BREAK_SPACE = '\u202F';

const currencyFirst = '{{currency}}{{price}}' as const;
const priceFirst = '{{price}} {{currency}}' as const;

/**
 * Defaults per interface language; views prefer the values in the translations and fall back to these.
 * Spec point 9: the pattern is currency first everywhere except Turkish. Group separators follow CLDR:
 * a dot in German, Spanish, Italian and Turkish, a no-break space in Swedish and Nynorsk and a narrow
 * no-break space in French (so a price never wraps between its digit groups).
 * Arabic (the spec is silent): Western digits with a decimal point and a comma for thousands, the amount
 * before the symbol, which is what CLDR's `ar` gives with Latin digits and what the rest of the portal
 * (stock codes, order numbers) already uses. Views set every amount as a left-to-right isolate
 * (`Amount`), so the symbol shows after the digits in a cell, a total and a sentence alike.
 * CLDR (Intl.NumberFormat) would put the € after the amount in German, French, Spanish, Italian,
 * Nynorsk and Swedish and before it in Turkish; spec point 9 fixes those, so only Arabic follows CLDR.
 */
export const MONEY_FORMATS = {
  en: { decimalSeparator: '.', thousandsSeparator: ',', pattern: currencyFirst },
  tr: { decimalSeparator: ',', thousandsSeparator: '.', pattern: priceFirst },
  de: { decimalSeparator: ',', thousandsSeparator: '.', pattern: currencyFirst },
  ar: { decimalSeparator: '.', thousandsSeparator: ',', pattern: priceFirst },
  es: { decimalSeparator: ',', thousandsSeparator: '.', pattern: currencyFirst },
  fr: { decimalSeparator: ',', thousandsSeparator: NARROW_NO_BREAK_SPACE, pattern: currencyFirst },
  it: { decimalSeparator: ',', thousandsSeparator: '.', pattern: currencyFirst },
  nn: { decimalSeparator: ',', thousandsSeparator: NO_BREAK_SPACE, pattern: currencyFirst },
  sv: { decimalSeparator: ',', thousandsSeparator: NO_BREAK_SPACE, pattern: currencyFirst },
} as const satisfies Record<string, MoneyLocaleFormat>;

export type MoneyFormatLanguage = keyof typeof MONEY_FORMATS;

/**
 * The default money format for a language code; regional variants use their language (`de-AT` → `de`)
 * and anything unknown gets English, the fallback language.
 */
export function moneyFormatFor(language: string): MoneyLocaleFormat {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(MONEY_FORMATS, primary)
    ? MONEY_FORMATS[primary as MoneyFormatLanguage]
    : MONEY_FORMATS.en;
}
