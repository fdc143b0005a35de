// Whether a truck serves one day for one address, and if not, why. Pure: "now" comes in with the query.
//
// The rules, checked in this order (the first that fails is the reason the picker shows):
// 1. notOnRoute     the route does not drive on the day's weekday;
// 2. publicHoliday  a public holiday of the address's region (or of every region) falls on the day;
//    closure        the supplier is closed that day (same region rule);
// 3. tooLate        the day lies after the horizon: the same day a year after today in the supplier's zone
//                   (the specification's maximumDeliveryDate);
// 4. cutoffPassed / tooSoon: orders for day D close at the route's cut-off time on day
//                   D − max(cutoff.daysBefore, leadDays) in the supplier's zone, where leadDays is the larger
//                   of the route's and the warehouse's. When the route's own cut-off is the binding one the
//                   reason is cutoffPassed (with the instant); when lead days push it earlier, tooSoon.
//                   Without a route, orders close at the end of day D − leadDays. An order exactly at the
//                   cut-off instant is in time; one millisecond later is not.
// With no calendar (null) the specification's rule holds: from today + DELIVERY_LEAD_DAYS up to the
// maximum, in the caller's local calendar (src/domain/dates.ts).
import {
  DELIVERY_LEAD_DAYS,
  InvalidDateTimeError,
  maximumDeliveryDate,
  minimumDeliveryDate,
  toIsoDate,
} from '../dates';
import type { IsoDate, IsoDateTime } from '../types';
import { addIsoDays, isoWeekday, localDateOn, requireIsoDate } from './iso-days';
import type {
  CalendarWarehouse,
  DayStatus,
  DeliveryCalendar,
  DeliveryRoute,
  ServedDayQuery,
  UnservedReason,
} from './types';
import { instantToZonedDate, zonedDateTimeToEpoch } from './zoned-time';

export class UnknownCalendarEntryError extends Error {
  override readonly name = 'UnknownCalendarEntryError';
  constructor(
    readonly entry: 'route' | 'warehouse',
    readonly id: number,
  ) {
    super(`the delivery calendar has no ${entry} ${id}`);
  }
}

/** The days an order placed now can name at all: today in the deciding calendar, and the horizon. */
export interface OrderWindow {
  today: IsoDate;
  earliestPossible: IsoDate;
  horizon: IsoDate;
}

function parseNow(now: IsoDateTime): number {
  const epochMs = Date.parse(now);
  if (Number.isNaN(epochMs)) throw new InvalidDateTimeError(now);
  return epochMs;
}

export function orderWindow(calendar: DeliveryCalendar | null, now: IsoDateTime): OrderWindow {
  const nowMs = parseNow(now);
  if (calendar === null) {
    const local = new Date(nowMs);
    return {
      today: toIsoDate(local),
      earliestPossible: minimumDeliveryDate(local),
      horizon: maximumDeliveryDate(local),
    };
  }
  const today = instantToZonedDate(nowMs, calendar.timeZone);
  return { today, earliestPossible: today, horizon: maximumDeliveryDate(localDateOn(today)) };
}

function routeOf(calendar: DeliveryCalendar, routeId: number | undefined): DeliveryRoute | null {
  if (routeId === undefined) return null;
  const route = calendar.routes.find((candidate) => candidate.id === routeId);
  if (!route) throw new UnknownCalendarEntryError('route', routeId);
  return route;
}

function warehouseOf(calendar: DeliveryCalendar, warehouseId: number | undefined): CalendarWarehouse | null {
  if (warehouseId === undefined) return null;
  const warehouse = calendar.warehouses.find((candidate) => candidate.id === warehouseId);
  if (!warehouse) throw new UnknownCalendarEntryError('warehouse', warehouseId);
  return warehouse;
}

function closureReason(
  calendar: DeliveryCalendar,
  region: string | undefined,
  day: IsoDate,
): UnservedReason | null {
  const applying = calendar.closures.filter(
    (closure) => closure.date === day && (closure.region === undefined || closure.region === region),
  );
  // A public holiday names the day better than the supplier's own closure on it.
  const holiday = applying.find((closure) => closure.kind === 'publicHoliday');
  if (holiday) return { kind: 'publicHoliday', name: holiday.name };
  const closure = applying[0];
  return closure ? { kind: 'closure', name: closure.name } : null;
}

/** The last instant (epoch ms) an order for `day` is accepted, and whether the route's cut-off sets it. */
function orderDeadline(
  calendar: DeliveryCalendar,
  route: DeliveryRoute | null,
  leadDays: number,
  day: IsoDate,
): { epochMs: number; byRouteCutoff: boolean } {
  if (route === null) {
    const nextDayStart = zonedDateTimeToEpoch(addIsoDays(day, 1 - leadDays), '00:00', calendar.timeZone);
    return { epochMs: nextDayStart - 1, byRouteCutoff: false };
  }
  const daysBefore = Math.max(route.cutoff.daysBefore, leadDays);
  return {
    epochMs: zonedDateTimeToEpoch(addIsoDays(day, -daysBefore), route.cutoff.time, calendar.timeZone),
    byRouteCutoff: route.cutoff.daysBefore >= leadDays,
  };
}

function specificationDayStatus(nowMs: number, day: IsoDate): DayStatus {
  const local = new Date(nowMs);
  if (day < minimumDeliveryDate(local)) return { served: false, reason: { kind: 'tooSoon' } };
  if (day > maximumDeliveryDate(local)) return { served: false, reason: { kind: 'tooLate' } };
  // Open while today + DELIVERY_LEAD_DAYS ≤ day, that is until the local day after day − lead days begins.
  const closesAt = localDateOn(addIsoDays(day, 1 - DELIVERY_LEAD_DAYS)).getTime() - 1;
  return { served: true, cutoffAt: new Date(closesAt).toISOString() };
}

export function dayStatus(calendar: DeliveryCalendar | null, query: ServedDayQuery, day: IsoDate): DayStatus {
  requireIsoDate(day);
  const nowMs = parseNow(query.now);
  if (calendar === null) return specificationDayStatus(nowMs, day);

  const route = routeOf(calendar, query.routeId);
  const warehouse = warehouseOf(calendar, query.warehouseId);
  const weekday = isoWeekday(day);
  if (route && !route.weekdays.includes(weekday))
    return { served: false, reason: { kind: 'notOnRoute', weekday, routeName: route.name } };

  const closed = closureReason(calendar, query.region, day);
  if (closed) return { served: false, reason: closed };

  if (day > orderWindow(calendar, query.now).horizon) return { served: false, reason: { kind: 'tooLate' } };

  const leadDays = Math.max(route?.leadDays ?? 0, warehouse?.leadDays ?? 0);
  const deadline = orderDeadline(calendar, route, leadDays, day);
  const cutoffAt = new Date(deadline.epochMs).toISOString();
  if (nowMs > deadline.epochMs)
    return {
      served: false,
      reason: deadline.byRouteCutoff ? { kind: 'cutoffPassed', cutoffAt } : { kind: 'tooSoon' },
    };
  return { served: true, cutoffAt };
}
