// The public holidays of the seed region, Hamburg (DE-HH), for any year, as delivery-calendar closures.
// Computed rather than listed so a seed run in any year gets "the next twelve months" right.
import { addIsoDays, type Closure } from '../../src/domain/delivery-calendar';
import type { IsoDate } from '../../src/domain/types';

export const SEED_REGION = 'DE-HH';

const pad = (value: number) => String(value).padStart(2, '0');

/** Easter Sunday of `year` by the Gregorian computus (the "anonymous" algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** Hamburg's public holidays in `year`, in date order. Reformation Day is one in Hamburg since 2018. */
export function hamburgPublicHolidays(year: number): Closure[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  const holidays: Array<[IsoDate, string]> = [
    [fixed(1, 1), "New Year's Day"],
    [addIsoDays(easter, -2), 'Good Friday'],
    [addIsoDays(easter, 1), 'Easter Monday'],
    [fixed(5, 1), 'Labour Day'],
    [addIsoDays(easter, 39), 'Ascension Day'],
    [addIsoDays(easter, 50), 'Whit Monday'],
    [fixed(10, 3), 'German Unity Day'],
    ...(year >= 2018 ? [[fixed(10, 31), 'Reformation Day'] as [IsoDate, string]] : []),
    [fixed(12, 25), 'Christmas Day'],
    [fixed(12, 26), 'Second Day of Christmas'],
  ];
  return holidays
    .map(([date, name]): Closure => ({ date, kind: 'publicHoliday', name, region: SEED_REGION }))
    .sort((left, right) => left.date.localeCompare(right.date));
}

/** The holidays from `from` (inclusive) to the same day a year later (exclusive): twelve months of them. */
export function publicHolidaysForNextTwelveMonths(from: IsoDate): Closure[] {
  const year = Number(from.slice(0, 4));
  const sameDayNextYear = `${String(year + 1).padStart(4, '0')}${from.slice(4)}`;
  return [...hamburgPublicHolidays(year), ...hamburgPublicHolidays(year + 1)].filter(
    (holiday) => holiday.date >= from && holiday.date < sameDayNextYear,
  );
}
