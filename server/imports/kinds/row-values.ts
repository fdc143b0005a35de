import { ExactDecimal } from '../../../src/domain/decimal';

/**
 * Reading one field of an import row, JSON or file alike. A file row brings every cell as text ('' for
 * an empty cell); a JSON row brings what was sent. Each reader either answers the value as the
 * database stores it or throws a RowRefusal naming the field and the value, so a handler refuses the
 * row with a stable reason code and an English detail.
 */
export class RowRefusal extends Error {
  override readonly name = 'RowRefusal';
  constructor(
    readonly reason: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const refuse = (reason: string, detail: string): never => {
  throw new RowRefusal(reason, detail);
};

type Fields = Record<string, unknown>;

/** How a value reads in a refusal: strings quoted, anything else as JSON. */
export const shown = (value: unknown): string => {
  if (typeof value === 'string') return `"${value.length > 80 ? `${value.slice(0, 80)}…` : value}"`;
  try {
    const json = JSON.stringify(value);
    return json === undefined ? String(value) : json.length > 80 ? `${json.slice(0, 80)}…` : json;
  } catch {
    return String(value);
  }
};

/** Whether the row has a column or property for the field (a file without the column, a JSON row without the key). */
export const has = (fields: Fields, name: string): boolean =>
  Object.hasOwn(fields, name) && fields[name] !== undefined;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Text, trimmed; '' when absent or empty. Numbers are taken as their text (an id of digits). */
export function textField(
  fields: Fields,
  name: string,
  { required = false, maxLength = 1000 }: { required?: boolean; maxLength?: number } = {},
): string {
  const value = fields[name];
  if (isBlank(value)) {
    if (required) refuse(`${name}_missing`, `The field "${name}" is required.`);
    return '';
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string')
    return refuse(`${name}_invalid`, `The field "${name}" must be text, not ${shown(value)}.`);
  const text = value.trim();
  if (text.length > maxLength)
    refuse(`${name}_invalid`, `The field "${name}" is longer than ${maxLength} characters.`);
  return text;
}

/** The row's own key: required, at most 200 characters. */
export const externalIdOf = (fields: Fields, name = 'id'): string | null => {
  const value = fields[name];
  if (typeof value === 'string' && value.trim() !== '' && value.trim().length <= 200) return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
};

const decimalPattern = /^[+-]?\d+(\.\d+)?$/;

export interface DecimalRules {
  /** at most this many decimal places */
  places: number;
  /** the value must be greater than zero */
  positive?: boolean;
  /** the value must not be below zero */
  nonNegative?: boolean;
  /** the value must not exceed this */
  max?: string;
}

/**
 * An exact decimal as text. Text may use a decimal comma ("1,50", as European spreadsheets write it)
 * when it holds no point. A JSON number is taken only when its shortest text is a plain decimal with
 * at most the allowed places: 1.5 is "1.5", but 0.1 + 0.2 (0.30000000000000004) is refused rather
 * than rounded, since the sender's float already lost the value it meant.
 */
export function decimalValue(value: unknown, name: string, rules: DecimalRules): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      return refuse(`${name}_invalid`, `"${name}" must be a decimal number, not ${shown(value)}.`);
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (!text.includes('.') && /^[+-]?\d+,\d+$/.test(text)) text = text.replace(',', '.');
  } else return refuse(`${name}_invalid`, `"${name}" must be a decimal number, not ${shown(value)}.`);
  if (!decimalPattern.test(text))
    return refuse(`${name}_invalid`, `"${name}" must be a decimal number, not ${shown(value)}.`);
  const decimal = new ExactDecimal(text);
  // Trailing zeros say nothing: "12.3400" is 12.34 and fits two places; 0.3425 does not.
  if (decimal.decimalPlaces() > rules.places)
    refuse(`${name}_invalid`, `"${name}" has more than ${rules.places} decimal places: ${shown(value)}.`);
  if (rules.positive && !decimal.greaterThan(0))
    refuse(`${name}_invalid`, `"${name}" must be greater than 0, not ${shown(value)}.`);
  if (rules.nonNegative && decimal.isNegative() && !decimal.isZero())
    refuse(`${name}_invalid`, `"${name}" must not be negative: ${shown(value)}.`);
  if (rules.max !== undefined && decimal.greaterThan(rules.max))
    refuse(`${name}_invalid`, `"${name}" must not be above ${rules.max}: ${shown(value)}.`);
  return text.startsWith('+') ? text.slice(1) : text;
}

/** A decimal field; `fallback` when absent or empty (required fields have none). */
export function decimalField(
  fields: Fields,
  name: string,
  rules: DecimalRules & { fallback?: string | null; required?: boolean },
): string | null {
  const value = fields[name];
  if (isBlank(value)) {
    if (rules.required) refuse(`${name}_missing`, `The field "${name}" is required.`);
    return rules.fallback ?? null;
  }
  return decimalValue(value, name, rules);
}

/** Decimals compared by value: "1.5" equals "1.50", and PostgreSQL's NUMERIC text equals SQLite's. */
export function sameDecimal(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  try {
    return new ExactDecimal(String(a)).equals(new ExactDecimal(String(b)));
  } catch {
    return false;
  }
}

/** A whole number (stock on hand). */
export function integerField(
  fields: Fields,
  name: string,
  { fallback = 0, min = 0 }: { fallback?: number; min?: number } = {},
): number {
  const value = fields[name];
  if (isBlank(value)) return fallback;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[+-]?\d+(\.0+)?$/.test(text))
    return refuse(`${name}_invalid`, `"${name}" must be a whole number, not ${shown(value)}.`);
  const number = Number.parseInt(text, 10);
  if (!Number.isSafeInteger(number) || number < min)
    return refuse(`${name}_invalid`, `"${name}" must be a whole number from ${min}, not ${shown(value)}.`);
  return number;
}

// "Yes" and "no" as the nine languages' spreadsheets write them, folded to lower case.
const TRUE_WORDS = new Set([
  'true',
  'yes',
  'y',
  '1',
  'x',
  'ja',
  'j',
  'evet',
  'e',
  'oui',
  'o',
  'si',
  'sí',
  'sì',
  'نعم',
  'wahr',
  'vrai',
  'vero',
  'verdadero',
  'sant',
  'sann',
  'doğru',
  'dogru',
]);
const FALSE_WORDS = new Set([
  'false',
  'no',
  'n',
  '0',
  'nein',
  'hayır',
  'hayir',
  'h',
  'non',
  'nei',
  'nej',
  'لا',
  'falsch',
  'faux',
  'falso',
  'usant',
  'falskt',
  'yanlış',
  'yanlis',
]);

/** A yes/no field as 1 or 0; `fallback` when absent or empty. */
export function flagField(fields: Fields, name: string, fallback: 0 | 1): 0 | 1 {
  const value = fields[name];
  if (isBlank(value)) return fallback;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = String(value).trim().toLowerCase();
  if (TRUE_WORDS.has(text)) return 1;
  if (FALSE_WORDS.has(text)) return 0;
  return refuse(`${name}_invalid`, `"${name}" must be yes or no (true/false, 1/0), not ${shown(value)}.`);
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A calendar day: YYYY-MM-DD, or a workbook date cell, which arrives as its serial day number (days
 * since 1899-12-30, Excel's and LibreOffice's count). Null when absent or empty.
 */
export function dayField(fields: Fields, name: string): string | null {
  const value = fields[name];
  if (isBlank(value)) return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^\d{1,6}(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    if (serial >= 1 && serial <= 2_958_465)
      return new Date(EXCEL_EPOCH_MS + serial * 86_400_000).toISOString().slice(0, 10);
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const date = new Date(`${text}T00:00:00Z`);
    if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text) return text;
  }
  return refuse(`${name}_invalid`, `"${name}" must be a date as YYYY-MM-DD, not ${shown(value)}.`);
}

/**
 * A list: a JSON array of texts, or one text with the items separated by "|", "," or ";" (a cell).
 * [] when absent or empty.
 */
export function listField(fields: Fields, name: string): string[] {
  const value = fields[name];
  if (isBlank(value)) return [];
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (typeof item === 'string') return item.trim();
      if (typeof item === 'number' && Number.isFinite(item)) return String(item);
      return refuse(`${name}_invalid`, `"${name}" must be a list of texts, not ${shown(value)}.`);
    });
    return [...new Set(items.filter((item) => item !== ''))];
  }
  if (typeof value !== 'string')
    return refuse(`${name}_invalid`, `"${name}" must be a list of texts, not ${shown(value)}.`);
  return [
    ...new Set(
      value
        .split(/[|,;]/)
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
}

/**
 * Whether a GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) has a correct check digit: from the right, the
 * digits before the check digit weigh 3, 1, 3, …
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop();
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** A GTIN field: '' when absent or empty, else a valid GTIN (refused `gtin_invalid`). */
export function gtinValue(value: unknown, name: string, reason = 'gtin_invalid'): string {
  if (isBlank(value)) return '';
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!isValidGtin(text))
    refuse(
      reason,
      `"${name}" must be a GTIN of 8, 12, 13 or 14 digits with a correct check digit, not ${shown(value)}.`,
    );
  return text;
}

/** Refuses a row with a key of more than 200 characters or none at all. */
export function requireExternalId(fields: Fields, name = 'id'): string {
  const id = externalIdOf(fields, name);
  if (id === null)
    return refuse(
      isBlank(fields[name]) ? `${name}_missing` : `${name}_invalid`,
      isBlank(fields[name])
        ? `The field "${name}" is required.`
        : `"${name}" must be a text of at most 200 characters, not ${shown(fields[name])}.`,
    );
  return id;
}

/** Splits a list into chunks of `size` (IN lists stay within both engines' parameter limits). */
export function chunked<T>(items: readonly T[], size = 500): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** An http(s) URL or ''. */
export function urlField(fields: Fields, name: string): string {
  const text = textField(fields, name, { maxLength: 2000 });
  if (text === '') return '';
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return text;
  } catch {
    // refused below
  }
  return refuse(`${name}_invalid`, `"${name}" must be an http or https URL, not ${shown(text)}.`);
}

/** A referencing field's text as a lookup key: trimmed text, a number's text, '' for anything else. */
export const cellText = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
