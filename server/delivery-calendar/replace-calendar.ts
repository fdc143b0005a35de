import type { Kysely } from 'kysely';
import type { DeliveryCalendarWire } from '../../src/services/api/wire/delivery-calendar';
import type { Database } from '../db/schema';
import { badRequest } from '../http/api-error';
import {
  bumpCalendarVersion,
  deleteCalendar,
  deleteRoutesExcept,
  replaceClosures,
  storeRoute,
  storeTimeZone,
  storeWarehouseLeadDays,
  takeAddressesOffRoutesExcept,
  warehouseIds,
} from '../queries/delivery-calendar';
import { routeMinimumOrderColumns } from './minimum-order-rules';
import { supplierCalendar } from './read-calendar';

type Db = Kysely<Database>;

/**
 * Replaces the whole calendar in one transaction, so every process reads either the old or the new
 * one. Routes keep their ids: an address on a route that stays stays on it; the addresses on a route
 * that is left out are taken off it (their company falls back to the specification's rule until the
 * supplier puts them on another). A warehouse left out has no lead days of its own.
 */
export async function replaceCalendar(db: Db, body: DeliveryCalendarWire) {
  await db.transaction().execute(async (trx) => {
    // first: it serialises concurrent changes (see storeTimeZone)
    await storeTimeZone(trx, body.time_zone);
    const known = await warehouseIds(trx);
    const errors: Record<string, string[]> = {};
    body.warehouses.forEach((warehouse, index) => {
      if (!known.has(warehouse.id))
        errors[`warehouses.${index}.id`] = [`No warehouse has the id ${warehouse.id}.`];
    });
    if (Object.keys(errors).length > 0) throw badRequest('The request body has invalid fields.', errors);

    const keptRouteIds = body.routes.map((route) => route.id);
    await takeAddressesOffRoutesExcept(trx, keptRouteIds);
    await deleteRoutesExcept(trx, keptRouteIds);
    for (const route of body.routes)
      await storeRoute(trx, {
        id: route.id,
        name: route.name,
        weekdays: [...route.weekdays].sort((a, b) => a - b).join(','),
        cutoff_days_before: route.cutoff.days_before,
        cutoff_time: route.cutoff.time,
        lead_days: route.lead_days,
        ...routeMinimumOrderColumns(route.minimum_order ?? null),
      });
    await storeWarehouseLeadDays(
      trx,
      body.warehouses.map((warehouse) => ({ id: warehouse.id, leadDays: warehouse.lead_days })),
    );
    await replaceClosures(
      trx,
      body.closures.map((closure) => ({
        date: closure.date,
        kind: closure.kind,
        name: closure.name,
        region: closure.region ?? null,
      })),
    );
  });
  return supplierCalendar(db);
}

/** Removes the calendar: every company is back on the specification's date rule. */
export async function removeCalendar(db: Db) {
  await db.transaction().execute(async (trx) => {
    if (!(await bumpCalendarVersion(trx))) return;
    await deleteCalendar(trx);
  });
}
