// Edges: text in, text out. The app writes a day as dd.mm.yyyy in every language (formatDayMonthYear).
import { isIsoDate } from './dates';
import { toAsciiDigits } from './digits';
import type { IsoDate } from './types';

const isoParts = /^(\d{4})-(\d{2})-(\d{2})$/;
const typedParts = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** yyyy-mm-dd as the app writes it (03.12.2026); anything else is given back unchanged. */
export function isoToDayMonthYear(text: string): string {
  const match = isoParts.exec(text);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : text;
}

/**
 * The day a buyer typed as d.m.yyyy or dd.mm.yyyy (Arabic-Indic digits too), as yyyy-mm-dd; null for
 * anything else, a day that does not exist (31.02.) included. Nothing is guessed: 3.12.26 is no day.
 */
export function dayMonthYearToIso(text: string): IsoDate | null {
  const match = typedParts.exec(toAsciiDigits(text.trim()));
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}
