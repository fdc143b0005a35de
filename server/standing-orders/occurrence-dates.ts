import {
  addIsoDays,
  dayStatus,
  instantToZonedDate,
  instantToZonedTime,
  zonedDateTimeToInstant,
} from '../../src/domain/delivery-calendar';
import type { RouteCalendar } from '../orders/delivery-day';

/** The series rule the dates follow: every `intervalWeeks` weeks from the first date, to the end date. */
export interface SeriesRule {
  intervalWeeks: number;
  firstDeliveryDate: string;
  endDate: string | null;
}

/** One delivery day of a series: when orders for it close and when its draft is made. */
export interface OccurrenceTimes {
  date: string;
  cutoffAt: string;
  draftAt: string;
}

/** Far enough before any day that neither the cut-off nor the lead days (at most 60) have passed. */
const PROBE_DAYS_BEFORE = 120;

/**
 * The cut-off of `day` by the checkout's own rule (dayStatus, asked as the date picker asks: the
 * route and region, no warehouse), or null when the calendar does not serve the day at all (not on
 * the route, a closure). Asked as of a moment long before the day, so the answer is the day's
 * cut-off, not whether it passed. Without a route the specification's rule decides.
 */
export function cutoffOf(route: RouteCalendar | null, day: string): string | null {
  const probe = `${addIsoDays(day, -PROBE_DAYS_BEFORE)}T12:00:00.000Z`;
  const status = route
    ? dayStatus(
        route.calendar,
        {
          routeId: route.routeId,
          ...(route.region === undefined ? {} : { region: route.region }),
          now: probe,
        },
        day,
      )
    : dayStatus(null, { now: probe }, day);
  return status.served ? status.cutoffAt : null;
}

/**
 * `days` calendar days before `instant` at the same wall time in the supplier's zone (across a
 * daylight-saving change the draft keeps its clock time, not 48 hours); without a calendar in the
 * server's own zone, which the specification's rule reads too.
 */
export function daysBefore(instant: string, days: number, timeZone: string | undefined): string {
  if (timeZone === undefined) {
    const local = new Date(instant);
    local.setDate(local.getDate() - days);
    return local.toISOString();
  }
  const date = instantToZonedDate(instant, timeZone);
  const time = instantToZonedTime(instant, timeZone);
  // the cut-off's seconds (a route's cut-off has none) are kept
  const seconds = new Date(instant).getTime() % 60_000;
  return new Date(
    new Date(zonedDateTimeToInstant(addIsoDays(date, -days), time, timeZone)).getTime() + seconds,
  ).toISOString();
}

/** The day's times, or null when it is not served. */
export function occurrenceTimes(
  route: RouteCalendar | null,
  day: string,
  draftDays: number,
): OccurrenceTimes | null {
  const cutoffAt = cutoffOf(route, day);
  if (cutoffAt === null) return null;
  return { date: day, cutoffAt, draftAt: daysBefore(cutoffAt, draftDays, route?.calendar.timeZone) };
}

/** At most this many dates are looked at per call (two years of weekly deliveries). */
const MAX_STEPS = 110;

/**
 * The series' served delivery days on or after `from`, at most `count`: every interval from the
 * first date, up to the end date; days the calendar does not serve (a holiday, a closure) are left out.
 */
export function seriesDates(
  rule: SeriesRule,
  route: RouteCalendar | null,
  from: string,
  count: number,
  draftDays: number,
): OccurrenceTimes[] {
  const step = 7 * rule.intervalWeeks;
  let day = rule.firstDeliveryDate;
  if (day < from) {
    // jump close to `from` without walking every week since the first date
    const gap = Math.floor((Date.parse(from) - Date.parse(day)) / 86_400_000 / step);
    day = addIsoDays(day, Math.max(0, gap - 1) * step);
  }
  const dates: OccurrenceTimes[] = [];
  for (let steps = 0; steps < MAX_STEPS && dates.length < count; steps++, day = addIsoDays(day, step)) {
    if (rule.endDate !== null && day > rule.endDate) break;
    if (day < from) continue;
    const times = occurrenceTimes(route, day, draftDays);
    if (times) dates.push(times);
  }
  return dates;
}

/** Whether `day` is one of the series' dates (on its rhythm, within its span), served or not. */
export function onRhythm(rule: SeriesRule, day: string): boolean {
  if (day < rule.firstDeliveryDate || (rule.endDate !== null && day > rule.endDate)) return false;
  const days = Math.round((Date.parse(day) - Date.parse(rule.firstDeliveryDate)) / 86_400_000);
  return days % (7 * rule.intervalWeeks) === 0;
}

/** The ISO weekday (1 = Monday) of a day. */
export const isoWeekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
