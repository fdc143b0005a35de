import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DeliveryClosuresTable, DeliveryRoutesTable } from '../db/schema';

type Db = Kysely<Database>;
export type RouteRow = Selectable<DeliveryRoutesTable>;
export type ClosureRow = Selectable<DeliveryClosuresTable>;

/** The calendar's one row (time zone and version); undefined when no calendar was ever configured. */
export function calendarSettings(db: Db) {
  return db
    .selectFrom('delivery_calendar_settings')
    .select(['time_zone', 'version'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

/**
 * Stores the time zone and moves the version, creating the calendar's one row. The first write of
 * every calendar change: it takes the row's lock (PostgreSQL) or the write lock (SQLite), so changes
 * from several processes run one after the other.
 */
export async function storeTimeZone(trx: Db, timeZone: string) {
  await trx
    .insertInto('delivery_calendar_settings')
    .values({ id: 1, time_zone: timeZone })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        time_zone: timeZone,
        version: eb('delivery_calendar_settings.version', '+', 1),
      })),
    )
    .execute();
}

/** Moves the version, locking the row as storeTimeZone does; false when there is no calendar. */
export async function bumpCalendarVersion(trx: Db): Promise<boolean> {
  const result = await trx
    .updateTable('delivery_calendar_settings')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Routes by id; only `ids` when given. */
export function deliveryRoutes(db: Db, ids?: readonly number[]): Promise<RouteRow[]> {
  if (ids?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('delivery_routes')
    .selectAll()
    .$if(ids !== undefined, (query) => query.where('id', 'in', ids ?? []))
    .orderBy('id')
    .execute();
}

export async function routeExists(db: Db, routeId: number): Promise<boolean> {
  return (
    (await db.selectFrom('delivery_routes').select('id').where('id', '=', routeId).executeTakeFirst()) !==
    undefined
  );
}

/** Takes every address off the routes not in `keptIds` (all routes when it is empty). */
export async function takeAddressesOffRoutesExcept(trx: Db, keptIds: readonly number[]) {
  await trx
    .updateTable('company_addresses')
    .set({ route_id: null })
    .where('route_id', 'is not', null)
    .$if(keptIds.length > 0, (query) => query.where('route_id', 'not in', keptIds))
    .execute();
}

export async function deleteRoutesExcept(trx: Db, keptIds: readonly number[]) {
  await trx
    .deleteFrom('delivery_routes')
    .$if(keptIds.length > 0, (query) => query.where('id', 'not in', keptIds))
    .execute();
}

/** Inserts the route or, when its id exists, replaces its fields (the addresses on it stay). */
export async function storeRoute(trx: Db, route: Insertable<DeliveryRoutesTable>) {
  const { id: _id, ...fields } = route;
  await trx
    .insertInto('delivery_routes')
    .values(route)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(fields))
    .execute();
}

/** Every warehouse with its lead days, by id. */
export function warehouseLeadDays(db: Db) {
  return db.selectFrom('warehouses').select(['id', 'name', 'lead_days']).orderBy('id').execute();
}

/** Sets every warehouse's lead days: those listed to theirs, the others to 0. */
export async function storeWarehouseLeadDays(trx: Db, entries: readonly { id: number; leadDays: number }[]) {
  await trx.updateTable('warehouses').set({ lead_days: 0 }).where('lead_days', '<>', 0).execute();
  for (const entry of entries)
    await trx
      .updateTable('warehouses')
      .set({ lead_days: entry.leadDays })
      .where('id', '=', entry.id)
      .execute();
}

export async function warehouseIds(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('warehouses').select('id').execute();
  return new Set(rows.map((row) => row.id));
}

/** Closures from `from` to `to` (inclusive) when given; only everywhere and `regions` when given. */
export function closures(
  db: Db,
  { from, to, regions }: { from?: string; to?: string; regions?: readonly string[] } = {},
): Promise<ClosureRow[]> {
  return db
    .selectFrom('delivery_closures')
    .selectAll()
    .$if(from !== undefined, (query) => query.where('date', '>=', from ?? ''))
    .$if(to !== undefined, (query) => query.where('date', '<=', to ?? ''))
    .$if(regions !== undefined, (query) =>
      query.where((eb) =>
        (regions ?? []).length > 0
          ? eb.or([eb('region', 'is', null), eb('region', 'in', regions ?? [])])
          : eb('region', 'is', null),
      ),
    )
    .execute();
}

export async function replaceClosures(trx: Db, rows: readonly Insertable<DeliveryClosuresTable>[]) {
  await trx.deleteFrom('delivery_closures').execute();
  // at most 2,000 closures (the wire schema's bound): 8,000 parameters, under both engines' limits
  if (rows.length > 0)
    await trx
      .insertInto('delivery_closures')
      .values([...rows])
      .execute();
}

/** A company's delivery addresses with their route and what their region is read from. */
export function companyDeliveryAddresses(db: Db, companyId: number) {
  return db
    .selectFrom('company_addresses')
    .select(['id', 'route_id', 'state', 'country'])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'delivery')
    .orderBy('position')
    .execute();
}

/** Puts a delivery address on a route (null: off any); false when no delivery address has the id. */
export async function storeAddressRoute(
  trx: Db,
  addressId: number,
  routeId: number | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('company_addresses')
    .set({ route_id: routeId })
    .where('id', '=', addressId)
    .where('kind', '=', 'delivery')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the whole calendar: no time zone, routes or closures, no lead days, no address on a route. */
export async function deleteCalendar(trx: Db) {
  await takeAddressesOffRoutesExcept(trx, []);
  await deleteRoutesExcept(trx, []);
  await trx.deleteFrom('delivery_closures').execute();
  await trx.updateTable('warehouses').set({ lead_days: 0 }).where('lead_days', '<>', 0).execute();
  await trx.deleteFrom('delivery_calendar_settings').execute();
}

/** The company's own minimum order rule's row; undefined when it has none. */
export function companyMinimumOrderRow(db: Db, companyId: number) {
  return db
    .selectFrom('company_minimum_orders')
    .select(['value', 'mode', 'fee'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Sets (or, with null, removes) the company's own minimum order rule. */
export async function storeCompanyMinimumOrder(
  trx: Db,
  companyId: number,
  rule: { value: string; mode: 'block' | 'fee'; fee: string | null } | null,
) {
  if (rule === null) {
    await trx.deleteFrom('company_minimum_orders').where('company_id', '=', companyId).execute();
    return;
  }
  await trx
    .insertInto('company_minimum_orders')
    .values({ company_id: companyId, ...rule })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(rule))
    .execute();
}

/** The minimum order columns of the route with this id; undefined when no route has it. */
export function routeMinimumOrderRow(db: Db, routeId: number) {
  return db
    .selectFrom('delivery_routes')
    .select(['minimum_order_value', 'minimum_order_mode', 'minimum_order_fee'])
    .where('id', '=', routeId)
    .executeTakeFirst();
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  return (
    (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !==
    undefined
  );
}
