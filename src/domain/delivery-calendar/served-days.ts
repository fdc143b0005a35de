// Lists of served days for the date picker and the server's "next served day" answers; all built on dayStatus.
import type { IsoDate } from '../types';
import { dayStatus, orderWindow } from './day-status';
import { addIsoDays, requireIsoDate } from './iso-days';
import type { DayRange, DeliveryCalendar, DeliveryDayOption, ServedDay, ServedDayQuery } from './types';

/** The served days from `range.from` to `range.to` (both inclusive), in order, each with its cut-off. */
export function servedDays(
  calendar: DeliveryCalendar | null,
  query: ServedDayQuery,
  range: DayRange,
): ServedDay[] {
  const to = requireIsoDate(range.to);
  const days: ServedDay[] = [];
  for (let day = requireIsoDate(range.from); day <= to; day = addIsoDays(day, 1)) {
    const status = dayStatus(calendar, query, day);
    if (status.served) days.push({ date: day, cutoffAt: status.cutoffAt });
  }
  return days;
}

function firstServedFrom(
  calendar: DeliveryCalendar | null,
  query: ServedDayQuery,
  from: IsoDate,
): ServedDay | null {
  const { earliestPossible, horizon } = orderWindow(calendar, query.now);
  const start = from > earliestPossible ? from : earliestPossible;
  // No day after the horizon is ever served, so the walk ends there (at most a year of days).
  for (let day = start; day <= horizon; day = addIsoDays(day, 1)) {
    const status = dayStatus(calendar, query, day);
    if (status.served) return { date: day, cutoffAt: status.cutoffAt };
  }
  return null;
}

/** The earliest day an order placed at `query.now` can be delivered; null when no day up to the horizon is served. */
export function earliestServedDay(
  calendar: DeliveryCalendar | null,
  query: ServedDayQuery,
): ServedDay | null {
  return firstServedFrom(calendar, query, orderWindow(calendar, query.now).earliestPossible);
}

/** The first served day after `day` (where a refused or expired day moves to); null when there is none. */
export function nextServedDayAfter(
  calendar: DeliveryCalendar | null,
  query: ServedDayQuery,
  day: IsoDate,
): ServedDay | null {
  return firstServedFrom(calendar, query, addIsoDays(requireIsoDate(day), 1));
}

/** Every day of `range` (both inclusive), served or with the calendar's reason: what a date picker shows. */
export function dayOptions(
  calendar: DeliveryCalendar | null,
  query: ServedDayQuery,
  range: DayRange,
): DeliveryDayOption[] {
  const days: DeliveryDayOption[] = [];
  for (let date = range.from; date <= range.to; date = addIsoDays(date, 1)) {
    const status = dayStatus(calendar, query, date);
    days.push(status.served ? { date, served: true } : { date, served: false, reason: status.reason });
  }
  return days;
}
