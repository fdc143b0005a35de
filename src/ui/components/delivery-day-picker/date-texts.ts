// Dates in the user's language with Intl, read in UTC: an IsoDate is a calendar day, not an instant.
import type { IsoWeekday } from '../../../domain/delivery-calendar/types';
import type { IsoDate } from '../../../domain/types';

/**
 * The locale Intl formats in: the portal's English is British ("Tuesday 1 December"), where Intl's bare
 * `en` is American ("Tuesday, December 1").
 */
export function intlLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

const utcMidnight = (day: IsoDate) => new Date(`${day}T00:00:00Z`);

/** "Tuesday 1 December": the day a delivery is for, as sentences name it. */
export function longDay(day: IsoDate, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(utcMidnight(day));
}

/** "Tuesday 1 December 2026": a grid cell's name, unambiguous across a year's end. */
export function fullDay(day: IsoDate, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcMidnight(day));
}

export function dayOfMonth(day: IsoDate, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', timeZone: 'UTC' }).format(
    utcMidnight(day),
  );
}

/** "December 2026" in the user's language. */
export function monthTitle(day: IsoDate, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcMidnight(day));
}

// 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
const dayOfWeekday = (weekday: IsoWeekday) => utcMidnight(`2024-01-0${weekday}`);

/** A column header: the short name shown and the long one read out. */
export function weekdayName(weekday: IsoWeekday, language: string): { short: string; long: string } {
  const format = (style: 'short' | 'long') =>
    new Intl.DateTimeFormat(intlLocale(language), { weekday: style, timeZone: 'UTC' }).format(
      dayOfWeekday(weekday),
    );
  return { short: format('short'), long: format('long') };
}
