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
import { companyIds } from './accounts';
import { warehouseIds } from './products';
import { publicHolidaysForNextTwelveMonths } from './public-holidays';

/** set when the demo's delivery calendar was seeded (with the rest, or later into an older database) */
const CALENDAR_MARKER = 'delivery_calendar_seeded_at';
/** set when the demo's addresses were put on its routes and the routes got their minimum order values */
const ROUTES_MARKER = 'delivery_routes_assigned_at';
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

/**
 * Altona has no minimum (the browser journeys place small orders for the demo buyer's first
 * address); Harburg refuses a drop under 150.00, Wandsbek charges 15.00 (net) under 100.00.
 */
const seedRouteMinimums = [
  { id: 1, minimum_order_value: null, minimum_order_mode: null, minimum_order_fee: null },
  { id: 2, minimum_order_value: '150.00', minimum_order_mode: 'block', minimum_order_fee: null },
  { id: 3, minimum_order_value: '100.00', minimum_order_mode: 'fee', minimum_order_fee: '15.00' },
] as const;

/**
 * Lindenhof's (the demo buyer's) restaurant is on Altona and its canteen on Harburg. Bosporus, in
 * Köln, is on no Hamburg route: it keeps the specification's rule (today + 7, any day), as the
 * single-address company the other tests order for on any weekday.
 */
const seedAddressRoutes = [
  { companyId: companyIds.lindenhof, position: 0, routeId: 1 },
  { companyId: companyIds.lindenhof, position: 1, routeId: 2 },
];

/** The cold store picks a day ahead; goods from the Köln depot travel two days to Hamburg. */
const seedWarehouseLeadDays = [
  { id: warehouseIds.hamburgCentral, leadDays: 0 },
  { id: warehouseIds.hamburgColdStore, leadDays: 1 },
  { id: warehouseIds.cologneDepot, leadDays: 2 },
];

const markerOf = async (db: Kysely<Database>, key = CALENDAR_MARKER) =>
  (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;

/**
 * The demo supplier's calendar: its time zone, three routes, the warehouses' lead days and the seed
 * region's public holidays for the twelve months from `now`. Once per database (a calendar the
 * supplier removed stays removed), and never over one the supplier configured itself. The caller
 * runs it in the seed's transaction, after the warehouses.
 *
 * The demo addresses go on their routes (seedDemoRoutes). A company none of whose addresses is on
 * a route keeps the specification's rule.
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
  await seedDemoRoutes(trx, now);
}

/**
 * Puts the demo addresses on the seeded routes and gives the routes their minimum order values, once
 * per database, and only while the seeded routes are there as seeded and the addresses on none: a
 * calendar the supplier changed is the supplier's.
 */
async function seedDemoRoutes(trx: Kysely<Database>, now: Date) {
  if (await markerOf(trx, ROUTES_MARKER)) return;
  await trx.insertInto('meta').values({ key: ROUTES_MARKER, value: now.toISOString() }).execute();
  const routes = await trx.selectFrom('delivery_routes').select(['id', 'name']).orderBy('id').execute();
  const asSeeded =
    routes.length === seedRoutes.length &&
    routes.every(
      (route, index) => route.id === seedRoutes[index]?.id && route.name === seedRoutes[index]?.name,
    );
  if (!asSeeded) return;
  for (const { id, ...minimum } of seedRouteMinimums)
    await trx.updateTable('delivery_routes').set(minimum).where('id', '=', id).execute();
  for (const { companyId, position, routeId } of seedAddressRoutes)
    await trx
      .updateTable('company_addresses')
      .set({ route_id: routeId })
      .where('company_id', '=', companyId)
      .where('kind', '=', 'delivery')
      .where('position', '=', position)
      .where('route_id', 'is', null)
      .execute();
}

/**
 * A demo database seeded before migration 210 gets the calendar once, as a new one does; one seeded
 * before migration 230 gets its addresses on the routes and the routes' minimums once.
 */
export async function seedDeliveryCalendarOnce(db: Kysely<Database>, dialect: DialectName, now: Date) {
  if ((await markerOf(db)) && (await markerOf(db, ROUTES_MARKER))) return;
  await inStartUpTransaction(db, dialect, startUpLocks.seed, async (trx) => {
    if (await markerOf(trx)) await seedDemoRoutes(trx, now);
    else await seedDeliveryCalendar(trx, now);
  });
}
