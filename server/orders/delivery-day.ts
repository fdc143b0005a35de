import type { Kysely } from 'kysely';
import {
  DELIVERY_DATE_TOO_LATE_KEY,
  maximumDeliveryDate,
  validateDeliveryDate,
} from '../../src/domain/dates';
import {
  type DeliveryCalendar,
  dayStatus,
  nextServedDayAfter,
  type ServedDayQuery,
} from '../../src/domain/delivery-calendar';
import type { UnservedReason } from '../../src/domain/delivery-calendar/types';
import { toCompanyDeliveryCalendar } from '../../src/services/api/wire/delivery-calendar';
import type { Database } from '../db/schema';
import { companyCalendar } from '../delivery-calendar/read-calendar';
import { ApiError, type ErrorBody } from '../http/api-error';
import type { DeliveryAddressCopy } from './delivery-address';

/** The calendar an order's day is checked against: its address's route and region. */
export interface RouteCalendar {
  calendar: DeliveryCalendar;
  routeId: number;
  region: string | undefined;
}

/**
 * The calendar that decides the order's day, or null when the specification's rule does (no
 * calendar, no address, or an address on no route). Read as the portal's date picker reads it
 * (read-calendar.ts: every table at one version of the calendar), so the server refuses exactly the
 * days the picker does not offer. The read is not in the order's transaction: an order checked
 * against the calendar of a moment ago, while the supplier changes it, is placed as it would have
 * been a moment earlier; no order is ever checked against half of the old and half of the new one.
 */
export async function routeCalendarOf(
  db: Kysely<Database>,
  companyId: number,
  address: DeliveryAddressCopy | null,
  now: Date,
): Promise<RouteCalendar | null> {
  if (address === null) return null;
  const calendar = toCompanyDeliveryCalendar(await companyCalendar(db, companyId, now));
  const entry = calendar?.addresses.find((candidate) => candidate.id === address.id);
  if (!calendar || entry?.routeId == null) return null;
  return { calendar, routeId: entry.routeId, region: entry.region ?? undefined };
}

const weekdayNames = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** The reason as the answer carries it: the domain's, with its fields in the API's snake case. */
function reasonWire(reason: UnservedReason) {
  switch (reason.kind) {
    case 'notOnRoute':
      return { kind: reason.kind, weekday: reason.weekday, route_name: reason.routeName };
    case 'cutoffPassed':
      return { kind: reason.kind, cutoff_at: reason.cutoffAt };
    default:
      return reason;
  }
}

function reasonText(day: string, reason: UnservedReason): string {
  switch (reason.kind) {
    case 'notOnRoute':
      return `No delivery on ${weekdayNames[reason.weekday - 1]} on route ${reason.routeName}.`;
    case 'publicHoliday':
      return `No delivery on ${day}: public holiday (${reason.name}).`;
    case 'closure':
      return `No delivery on ${day}: the supplier is closed (${reason.name}).`;
    case 'cutoffPassed':
      return `Orders for ${day} closed at ${reason.cutoffAt}.`;
    case 'tooSoon':
      return `${day} is too soon for a delivery.`;
    case 'tooLate':
      return `${day} is more than a year ahead.`;
  }
}

/** A 400 as every refusal of the API (detail, code, field errors), and the day to move to. */
export interface DeliveryDayRefusal extends ErrorBody {
  field: 'expected_delivery_date';
  /** the first day after the refused one the address's route serves; null: none within a year */
  next_served_day: string | null;
  reason: ReturnType<typeof reasonWire>;
}

function refusal(day: string, reason: UnservedReason, next: string | null): ApiError {
  const detail = `${reasonText(day, reason)} ${
    next === null ? 'No later day within a year is served.' : `The next served day is ${next}.`
  }`;
  const body: DeliveryDayRefusal = {
    detail,
    code: 'delivery_day_not_served',
    errors: { expected_delivery_date: [detail] },
    field: 'expected_delivery_date',
    next_served_day: next,
    reason: reasonWire(reason),
  };
  return new ApiError(400, body);
}

/**
 * Judges the order's day on the address's route alone, as the portal's date picker offers it (asked
 * without a warehouse): a day the route does not serve, or whose cut-off has passed at `now` (an
 * order exactly at the cut-off is in time), is refused with a 400 naming the route's next served day.
 * The order keeps its one day; a warehouse whose own lead days rule that day out delivers its
 * suborder on its next served day after it instead. Answers each warehouse's delivery day.
 */
export function refuseUnservedDay(
  route: RouteCalendar,
  warehouseIds: readonly number[],
  day: string,
  now: Date,
): Map<number, string> {
  const query = (warehouseId?: number): ServedDayQuery => ({
    routeId: route.routeId,
    ...(warehouseId === undefined ? {} : { warehouseId }),
    ...(route.region === undefined ? {} : { region: route.region }),
    now: now.toISOString(),
  });
  const status = dayStatus(route.calendar, query(), day);
  if (!status.served)
    throw refusal(day, status.reason, nextServedDayAfter(route.calendar, query(), day)?.date ?? null);
  const days = new Map<number, string>();
  for (const warehouseId of warehouseIds) {
    const own = dayStatus(route.calendar, query(warehouseId), day);
    if (own.served) {
      days.set(warehouseId, day);
      continue;
    }
    const later = nextServedDayAfter(route.calendar, query(warehouseId), day);
    // Only when the warehouse serves no day within the horizon: the order cannot be delivered whole.
    if (later === null) throw refusal(day, own.reason, null);
    days.set(warehouseId, later.date);
  }
  return days;
}

/**
 * The specification's rule for an order whose address is on no route (today + 7 up to a year): the
 * day, or a 400 naming the field.
 */
export function specificationDay(day: string, now: Date): string {
  const date = validateDeliveryDate(day, now);
  if (date.ok) return date.date;
  throw new ApiError(400, {
    detail: 'Invalid delivery date.',
    code: 'invalid_delivery_date',
    errors: {
      expected_delivery_date: [
        date.messageKey === DELIVERY_DATE_TOO_LATE_KEY
          ? `Invalid delivery date: the latest delivery is one year from today (${maximumDeliveryDate(now)}).`
          : 'Invalid delivery date: the earliest delivery is 7 days from today.',
      ],
    },
  });
}
