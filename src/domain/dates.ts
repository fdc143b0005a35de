// Edges: takes a `now` Date and ISO text, returns ISO date text (yyyy-mm-dd) or message keys; all in local time.
import type { IsoDate, IsoDateTime } from './types';

export const DELIVERY_LEAD_DAYS = 7;
/** Notifications younger than this many days (inclusive) show "created N days ago", older ones their date. */
export const NOTIFICATION_RELATIVE_DAYS = 5;

export const DELIVERY_DATE_REQUIRED_KEY = 'cart.deliveryDateError';
export const DELIVERY_DATE_INVALID_KEY = 'cart.invalidDeliveryDate';
export const DELIVERY_DATE_TOO_LATE_KEY = 'cart.deliveryDateTooLate';

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const millisecondsPerDay = 24 * 60 * 60 * 1000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The local calendar date of `moment` as yyyy-mm-dd. */
export function toIsoDate(moment: Date): IsoDate {
  return `${pad(moment.getFullYear(), 4)}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** Local calendar arithmetic: month ends, leap days and daylight-saving changes all fall out right. */
export function addDays(moment: Date, days: number): Date {
  return new Date(moment.getFullYear(), moment.getMonth(), moment.getDate() + days);
}

/** Spec point 5: today + 7 days in the customer's local calendar. */
export function defaultDeliveryDate(now: Date): IsoDate {
  return toIsoDate(addDays(now, DELIVERY_LEAD_DAYS));
}

/** The earliest date the picker offers and the order accepts: the same as the default (spec point 5). */
export function minimumDeliveryDate(now: Date): IsoDate {
  return defaultDeliveryDate(now);
}

/** The latest date an order accepts: the same day a year from today (28 Feb after 29 Feb). */
export function maximumDeliveryDate(now: Date): IsoDate {
  const sameDayNextYear = new Date(now.getFullYear() + 1, now.getMonth(), now.getDate());
  // 29 Feb + 1 year rolls over to 1 Mar; the last day of February is meant.
  return sameDayNextYear.getMonth() === now.getMonth()
    ? toIsoDate(sameDayNextYear)
    : toIsoDate(new Date(now.getFullYear() + 1, now.getMonth() + 1, 0));
}

/** Whether `text` names a real calendar day (2025-02-30 does not). */
export function isIsoDate(text: string): text is IsoDate {
  const match = isoDatePattern.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type DeliveryDateResult =
  | { ok: true; date: IsoDate }
  | {
      ok: false;
      messageKey:
        | typeof DELIVERY_DATE_REQUIRED_KEY
        | typeof DELIVERY_DATE_INVALID_KEY
        | typeof DELIVERY_DATE_TOO_LATE_KEY;
    };

/**
 * Required (an empty value gives cart.deliveryDateError, the key the spec names for a missing date);
 * a value that is not a real yyyy-mm-dd day, or lies before the minimum, gives cart.invalidDeliveryDate;
 * one more than a year ahead (year 9999 was once accepted) gives cart.deliveryDateTooLate.
 */
export function validateDeliveryDate(value: string | null | undefined, now: Date): DeliveryDateResult {
  const text = value?.trim() ?? '';
  if (text === '') return { ok: false, messageKey: DELIVERY_DATE_REQUIRED_KEY };
  if (!isIsoDate(text) || text < minimumDeliveryDate(now))
    return { ok: false, messageKey: DELIVERY_DATE_INVALID_KEY };
  if (text > maximumDeliveryDate(now)) return { ok: false, messageKey: DELIVERY_DATE_TOO_LATE_KEY };
  return { ok: true, date: text };
}

export class InvalidDateTimeError extends Error {
  override readonly name = 'InvalidDateTimeError';
  constructor(readonly input: string) {
    super(`not a date and time: "${input}"`);
  }
}

function parseMoment(value: IsoDateTime | Date): Date {
  const moment = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(moment.getTime())) throw new InvalidDateTimeError(String(value));
  return moment;
}

/** dd.mm.yyyy in local time, as the order table and notifications show dates (spec points 2 and 9). */
export function formatDayMonthYear(value: IsoDateTime | Date): string {
  const moment = parseMoment(value);
  return `${pad(moment.getDate())}.${pad(moment.getMonth() + 1)}.${pad(moment.getFullYear(), 4)}`;
}

/** Whole local calendar days from `earlier` to `later` (yesterday 23:59 → today 00:01 is one day). */
export function calendarDaysBetween(earlier: Date, later: Date): number {
  const day = (moment: Date) => Date.UTC(moment.getFullYear(), moment.getMonth(), moment.getDate());
  return Math.round((day(later) - day(earlier)) / millisecondsPerDay);
}

export type NotificationAge = { kind: 'daysAgo'; days: number } | { kind: 'date'; text: string };

/**
 * "created N days ago" up to 5 calendar days, the dd.mm.yyyy date after that (spec point 9). A time in the
 * future (a server clock ahead of ours) counts as today rather than "-1 days ago".
 */
export function notificationAge(createdAt: IsoDateTime | Date, now: Date): NotificationAge {
  const created = parseMoment(createdAt);
  const days = Math.max(0, calendarDaysBetween(created, now));
  return days <= NOTIFICATION_RELATIVE_DAYS
    ? { kind: 'daysAgo', days }
    : { kind: 'date', text: formatDayMonthYear(created) };
}
