import type { Kysely } from 'kysely';
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
  /** the first day after the refused one that every warehouse of the order serves; null: none within a year */
  next_served_day: string | null;
  reason: ReturnType<typeof reasonWire>;
}

/**
 * The first day after `day` that is served for every warehouse of the order: one order names one
 * day, so it moves until no warehouse refuses it (the days only grow, and end at the horizon).
 */
function nextDayForAll(route: RouteCalendar, queries: ServedDayQuery[], day: string): string | null {
  let candidate = day;
  for (;;) {
    let moved = false;
    for (const query of queries) {
      if (dayStatus(route.calendar, query, candidate).served) continue;
      const next = nextServedDayAfter(route.calendar, query, candidate);
      if (next === null) return null;
      candidate = next.date;
      moved = true;
    }
    if (!moved) return candidate;
  }
}

/**
 * Refuses a day the address's route does not serve from one of the order's warehouses, or whose
 * cut-off has passed at `now` (an order exactly at the cut-off is in time), naming the next served day.
 */
export function refuseUnservedDay(
  route: RouteCalendar,
  warehouseIds: readonly number[],
  day: string,
  now: Date,
): void {
  const queries = (warehouseIds.length > 0 ? warehouseIds : [undefined]).map(
    (warehouseId): ServedDayQuery => ({
      routeId: route.routeId,
      ...(warehouseId === undefined ? {} : { warehouseId }),
      ...(route.region === undefined ? {} : { region: route.region }),
      now: now.toISOString(),
    }),
  );
  for (const query of queries) {
    const status = dayStatus(route.calendar, query, day);
    if (status.served) continue;
    const next = nextDayForAll(route, queries, day);
    const detail = `${reasonText(day, status.reason)} ${
      next === null ? 'No later day within a year is served.' : `The next served day is ${next}.`
    }`;
    const body: DeliveryDayRefusal = {
      detail,
      code: 'delivery_day_not_served',
      errors: { expected_delivery_date: [detail] },
      field: 'expected_delivery_date',
      next_served_day: next,
      reason: reasonWire(status.reason),
    };
    throw new ApiError(400, body);
  }
}
