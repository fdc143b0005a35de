// From the text a barcode reader (or a buyer's keyboard) gives to a GTIN-14 and the GS1 data around it.

import { toAsciiDigits } from '../digits';
import { hasValidCheckDigit, toGtin14 } from './check-digit';
import { type ElementFields, fnc1, readBracketedElementString, readElementString } from './element-string';
import type { GtinSymbology, ScanFormat, ScannedCode, ScanOptions } from './types';
import { expandUpcE } from './upc-e';

/**
 * Symbology identifiers (ISO/IEC 15424) a reader may put first. The GS1 ones say an element string
 * follows; the others only name the symbol, and tell UPC-E or ITF apart where digits alone cannot.
 */
const gs1Identifiers = [']C1', ']e0', ']d2', ']Q3', ']J1'];
const plainIdentifiers: Record<string, ScanFormat | undefined> = {
  ']E0': undefined,
  ']E4': 'ean_8',
  ']I0': 'itf',
  ']I1': 'itf',
  ']C0': 'code_128',
};

const symbologyByLength: Record<number, GtinSymbology> = { 8: 'ean8', 12: 'upca', 13: 'ean13', 14: 'gtin14' };

function plainCode(digits: string, format: ScanFormat | undefined): ScannedCode {
  if (format === 'upc_e' && digits.length === 8) {
    const upcA = expandUpcE(digits);
    if (!upcA) return { ok: false, reason: 'no_gtin' };
    return hasValidCheckDigit(upcA)
      ? { ok: true, gtin: upcA.padStart(14, '0'), symbology: 'upce' }
      : { ok: false, reason: 'bad_check_digit' };
  }
  const symbology = symbologyByLength[digits.length];
  if (!symbology) return { ok: false, reason: 'bad_length' };
  const gtin = toGtin14(digits);
  if (!gtin) return { ok: false, reason: 'bad_check_digit' };
  // a UPC-A read by an EAN-13 reader comes with a leading zero
  return { ok: true, gtin, symbology: format === 'upc_a' && digits.length === 13 ? 'upca' : symbology };
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * AI 17's YYMMDD as YYYY-MM-DD. The century follows GS1's rule: a year 51 or more ahead of today's is in
 * the century before, one 50 or more behind in the century after. Day 00 is the last day of the month.
 */
function expiryDate(yymmdd: string, today: Date): string | null {
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const thisYear = today.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  const difference = yy - (thisYear % 100);
  const year = century + yy + (difference >= 51 ? -100 : difference <= -50 ? 100 : 0);
  if (month < 1 || month > 12) return null;
  const last = lastDayOfMonth(year, month);
  if (day > last) return null;
  const dd = day === 0 ? last : day;
  return `${year}-${String(month).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

function fromElementFields(read: ElementFields, today: Date): ScannedCode {
  if (!read.ok) return read;
  const { fields } = read;
  const code = fields.get('01') ?? fields.get('02');
  if (code === undefined) return { ok: false, reason: 'no_gtin' };
  if (!hasValidCheckDigit(code)) return { ok: false, reason: 'bad_check_digit' };
  const result: ScannedCode = { ok: true, gtin: code, symbology: 'gs1-128' };
  const count = fields.get('37') ?? fields.get('30');
  if (count !== undefined) result.count = Number(count);
  const batch = fields.get('10');
  if (batch !== undefined) result.batch = batch;
  const expiry = fields.get('17');
  if (expiry !== undefined) {
    const date = expiryDate(expiry, today);
    if (!date) return { ok: false, reason: 'bad_ai' };
    result.expiry = date;
  }
  return result;
}

/**
 * What a scanned or typed code is: a GTIN-14 (with the symbol it came from and, for a GS1-128, its count,
 * batch and expiry), or why it is not one. `options.format` is the format the reader reported: eight
 * digits are an EAN-8 unless the reader says UPC-E.
 */
export function parseScannedCode(text: string, options: ScanOptions = {}): ScannedCode {
  // GS1's character set has no spaces, so spaces anywhere are typing (or the gaps printed under a code)
  let code = toAsciiDigits(text).replace(/\s+/g, '');
  if (code === '') return { ok: false, reason: 'empty' };
  const today = options.today ?? new Date();
  let format = options.format;

  const identifier = code.slice(0, 3);
  if (gs1Identifiers.includes(identifier)) return fromElementFields(readElementString(code.slice(3)), today);
  if (identifier in plainIdentifiers) {
    format = plainIdentifiers[identifier] ?? format;
    code = code.slice(3);
    if (code === '') return { ok: false, reason: 'empty' };
  }
  if (code.startsWith('(')) return fromElementFields(readBracketedElementString(code), today);
  if (code.includes(fnc1)) return fromElementFields(readElementString(code), today);

  const digitsOnly = /^\d+$/.test(code);
  if (digitsOnly && code.length <= 14) return plainCode(code, format);
  // longer than any GTIN and opening with an SSCC or a GTIN: an element string read without its
  // symbology identifier ("0109501101530003172601311 0ABC")
  if (/^0[012]\d{14}/.test(code)) return fromElementFields(readElementString(code), today);
  return { ok: false, reason: digitsOnly ? 'bad_length' : 'not_digits' };
}
