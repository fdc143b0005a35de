// Calendar arithmetic on yyyy-mm-dd text, in UTC so no time zone or daylight-saving change can shift a day.
import { isIsoDate } from '../dates';
import type { IsoDate } from '../types';
import type { IsoWeekday } from './types';

const millisecondsPerDay = 24 * 60 * 60 * 1000;

export class InvalidCalendarDayError extends Error {
  override readonly name = 'InvalidCalendarDayError';
  constructor(readonly input: string) {
    super(`not a calendar day (yyyy-mm-dd): "${input}"`);
  }
}

export function requireIsoDate(text: string): IsoDate {
  if (!isIsoDate(text)) throw new InvalidCalendarDayError(text);
  return text;
}

function utcMidnight(day: IsoDate): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function fromUtc(milliseconds: number): IsoDate {
  return new Date(milliseconds).toISOString().slice(0, 10);
}

export function addIsoDays(day: IsoDate, days: number): IsoDate {
  return fromUtc(utcMidnight(day) + days * millisecondsPerDay);
}

export function isoWeekday(day: IsoDate): IsoWeekday {
  const sundayFirst = new Date(utcMidnight(day)).getUTCDay();
  return (sundayFirst === 0 ? 7 : sundayFirst) as IsoWeekday;
}

/** A local-time Date on `day`, for the helpers of ../dates.ts that read a Date's local calendar fields. */
export function localDateOn(day: IsoDate): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}
