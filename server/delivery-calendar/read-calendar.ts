import type { Kysely } from 'kysely';
import { maximumDeliveryDate } from '../../src/domain/dates';
import { instantToZonedDate } from '../../src/domain/delivery-calendar';
import type {
  DeliveryCalendarWire,
  PortalDeliveryCalendarWire,
} from '../../src/services/api/wire/delivery-calendar';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import {
  type ClosureRow,
  calendarSettings,
  closures,
  companyDeliveryAddresses,
  deliveryRoutes,
  type RouteRow,
  warehouseLeadDays,
} from '../queries/delivery-calendar';
import { regionOfAddress } from './address-region';
import { companyMinimumOrder, routeMinimumOrder } from './minimum-order-rules';

type Db = Kysely<Database>;

const READ_TRIES = 5;

/**
 * Reads the calendar's tables until they were all read at one version: a change committed between
 * two reads (another process's PUT) starts the reading over, so no caller ever sees half of the old
 * calendar with half of the new one. Null when no calendar is configured.
 */
async function readOneVersion<T>(db: Db, read: (timeZone: string) => Promise<T>): Promise<T | null> {
  for (let attempt = 0; attempt < READ_TRIES; attempt += 1) {
    const before = await calendarSettings(db);
    if (!before) return null;
    const result = await read(before.time_zone);
    const after = await calendarSettings(db);
    if (after?.version === before.version) return result;
  }
  throw new ApiError(503, {
    detail: 'The delivery calendar is being changed. Try again in a moment.',
    code: 'calendar_changing',
  });
}

const routeToWire = (row: RouteRow) => ({
  id: row.id,
  name: row.name,
  weekdays: row.weekdays.split(',').map(Number),
  cutoff: { days_before: row.cutoff_days_before, time: row.cutoff_time },
  lead_days: row.lead_days,
  minimum_order: routeMinimumOrder(row),
});

// In JS, not SQL: PostgreSQL's collation and SQLite's byte order could sort regions apart.
const byDateThenRegion = (a: ClosureRow, b: ClosureRow) =>
  a.date.localeCompare(b.date) || (a.region ?? '').localeCompare(b.region ?? '');

const closureToWire = (row: ClosureRow) => ({
  date: row.date,
  kind: row.kind,
  name: row.name,
  region: row.region,
});

/** The whole calendar for the supplier's API, in the shape its PUT takes; null when none is configured. */
export function supplierCalendar(db: Db): Promise<DeliveryCalendarWire | null> {
  return readOneVersion(db, async (timeZone) => ({
    time_zone: timeZone,
    routes: (await deliveryRoutes(db)).map(routeToWire),
    warehouses: (await warehouseLeadDays(db)).map((row) => ({
      id: row.id,
      name: row.name,
      lead_days: row.lead_days,
    })),
    closures: (await closures(db)).sort(byDateThenRegion).map(closureToWire),
  }));
}

/** The last day a calendar answer covers: the same day a year on, as the order's horizon. */
function yearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return maximumDeliveryDate(new Date(year, month - 1, date));
}

/**
 * The calendar that applies to one company: its delivery addresses' routes and regions, every
 * warehouse's lead days, and the closures of its regions (and those everywhere) from today, in the
 * supplier's time zone, for a year. Null when the supplier configured no calendar or none of the
 * company's delivery addresses is on a route: then the specification's date rule holds for it.
 * Next to it, the company's own minimum order value (null: none).
 */
export async function companyCalendar(
  db: Db,
  companyId: number,
  now: Date,
): Promise<PortalDeliveryCalendarWire> {
  const calendar = await readOneVersion(db, async (timeZone) => {
    const addresses = (await companyDeliveryAddresses(db, companyId)).map((row) => ({
      id: row.id,
      route_id: row.route_id,
      region: regionOfAddress(row),
    }));
    const routeIds = [...new Set(addresses.flatMap((a) => (a.route_id === null ? [] : [a.route_id])))];
    if (routeIds.length === 0) return null;
    const regions = [...new Set(addresses.flatMap((a) => (a.region === null ? [] : [a.region])))];
    const today = instantToZonedDate(now.getTime(), timeZone);
    return {
      time_zone: timeZone,
      routes: (await deliveryRoutes(db, routeIds)).map(routeToWire),
      warehouses: (await warehouseLeadDays(db)).map((row) => ({ id: row.id, lead_days: row.lead_days })),
      closures: (await closures(db, { from: today, to: yearAfter(today), regions }))
        .sort(byDateThenRegion)
        .map(closureToWire),
      addresses,
    };
  });
  // Beside the calendar, not in it: the company's own minimum holds with no calendar configured too.
  return { calendar, minimum_order: await companyMinimumOrder(db, companyId) };
}
