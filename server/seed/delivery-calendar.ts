import type { Kysely } from 'kysely';
import { instantToZonedDate } from '../../src/domain/delivery-calendar';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { inStartUpTransaction, startUpLocks } from '../db/start-up-lock';
import {
  calendarSettings,
  replaceClosures,
  storeRoute,
  storeTimeZone,
  storeWarehouseLeadDays,
} from '../queries/delivery-calendar';
import { warehouseIds } from './products';
import { publicHolidaysForNextTwelveMonths } from './public-holidays';

/** set when the demo's delivery calendar was seeded (with the rest, or later into an older database) */
const CALENDAR_MARKER = 'delivery_calendar_seeded_at';
const SUPPLIER_TIME_ZONE = 'Europe/Berlin';

/** Three Hamburg routes with different weekdays and cut-offs, as a food wholesaler drives them. */
const seedRoutes = [
  // Tuesday and Friday, order by 18:00 the day before
  { id: 1, name: 'Altona', weekdays: '2,5', cutoff_days_before: 1, cutoff_time: '18:00', lead_days: 0 },
  // Monday and Thursday, order by 12:00 two days before
  { id: 2, name: 'Harburg', weekdays: '1,4', cutoff_days_before: 2, cutoff_time: '12:00', lead_days: 0 },
  // Wednesday, order by 16:00 the day before, one day more to load the truck
  { id: 3, name: 'Wandsbek', weekdays: '3', cutoff_days_before: 1, cutoff_time: '16:00', lead_days: 1 },
];

/** The cold store picks a day ahead; goods from the Köln depot travel two days to Hamburg. */
const seedWarehouseLeadDays = [
  { id: warehouseIds.hamburgCentral, leadDays: 0 },
  { id: warehouseIds.hamburgColdStore, leadDays: 1 },
  { id: warehouseIds.cologneDepot, leadDays: 2 },
];

const markerOf = async (db: Kysely<Database>) =>
  (await db.selectFrom('meta').select('value').where('key', '=', CALENDAR_MARKER).executeTakeFirst())?.value;

/**
 * The demo supplier's calendar: its time zone, three routes, the warehouses' lead days and the seed
 * region's public holidays for the twelve months from `now`. Once per database (a calendar the
 * supplier removed stays removed), and never over one the supplier configured itself. The caller
 * runs it in the seed's transaction, after the warehouses.
 *
 * No demo address is put on a route: the portal's date picker does not read the calendar yet, and
 * the order endpoint must keep accepting the specification's default date (today + 7) for the demo
 * companies. A company none of whose addresses is on a route keeps the specification's rule.
 */
export async function seedDeliveryCalendar(trx: Kysely<Database>, now: Date) {
  if (await markerOf(trx)) return;
  await trx.insertInto('meta').values({ key: CALENDAR_MARKER, value: now.toISOString() }).execute();
  if (await calendarSettings(trx)) return;
  await storeTimeZone(trx, SUPPLIER_TIME_ZONE);
  for (const route of seedRoutes) await storeRoute(trx, route);
  await storeWarehouseLeadDays(trx, seedWarehouseLeadDays);
  const today = instantToZonedDate(now.getTime(), SUPPLIER_TIME_ZONE);
  await replaceClosures(
    trx,
    publicHolidaysForNextTwelveMonths(today).map((holiday) => ({
      date: holiday.date,
      kind: holiday.kind,
      name: holiday.name,
      region: holiday.region ?? null,
    })),
  );
}

/** A demo database seeded before migration 210 gets the calendar once, as a new one does. */
export async function seedDeliveryCalendarOnce(db: Kysely<Database>, dialect: DialectName, now: Date) {
  if (await markerOf(db)) return;
  await inStartUpTransaction(db, dialect, startUpLocks.seed, (trx) => seedDeliveryCalendar(trx, now));
}
