// The days a month calendar shows, on yyyy-mm-dd text in UTC arithmetic like the delivery calendar itself,
// so the browser's time zone and daylight-saving changes cannot shift a day.
import { addIsoDays, isoWeekday } from '../../../domain/delivery-calendar/iso-days';
import type { IsoWeekday } from '../../../domain/delivery-calendar/types';
import type { IsoDate } from '../../../domain/types';

const pad = (n: number) => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` months later, or the month's last day when it is shorter (31 January + 1 → 28/29 February). */
export function addIsoMonths(day: IsoDate, months: number): IsoDate {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const date = Math.min(Number(day.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${pad(month)}-${pad(date)}`;
}

export function firstOfMonth(day: IsoDate): IsoDate {
  return `${day.slice(0, 7)}-01`;
}

export function sameMonth(a: IsoDate, b: IsoDate): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** How many days `day` lies after the start of its week (0..6). */
function daysIntoWeek(day: IsoDate, firstDayOfWeek: IsoWeekday): number {
  return (isoWeekday(day) - firstDayOfWeek + 7) % 7;
}

export function weekStart(day: IsoDate, firstDayOfWeek: IsoWeekday): IsoDate {
  return addIsoDays(day, -daysIntoWeek(day, firstDayOfWeek));
}

export function weekEnd(day: IsoDate, firstDayOfWeek: IsoWeekday): IsoDate {
  return addIsoDays(weekStart(day, firstDayOfWeek), 6);
}

/** The weeks of `day`'s month, each of seven cells; cells outside the month are null. */
export function monthWeeks(day: IsoDate, firstDayOfWeek: IsoWeekday): (IsoDate | null)[][] {
  const first = firstOfMonth(day);
  const weeks: (IsoDate | null)[][] = [];
  for (let start = weekStart(first, firstDayOfWeek); sameMonth(start, first) || start < first; ) {
    const week: (IsoDate | null)[] = [];
    for (let offset = 0; offset < 7; offset++) {
      const cell = addIsoDays(start, offset);
      week.push(sameMonth(cell, first) ? cell : null);
    }
    weeks.push(week);
    start = addIsoDays(start, 7);
  }
  return weeks;
}

/** The seven ISO weekdays in the order the grid's columns show them. */
export function columnWeekdays(firstDayOfWeek: IsoWeekday): IsoWeekday[] {
  return Array.from({ length: 7 }, (_, column) => (((firstDayOfWeek - 1 + column) % 7) + 1) as IsoWeekday);
}
