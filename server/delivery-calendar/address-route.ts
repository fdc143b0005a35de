import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/api-error';
import { bumpCalendarVersion, routeExists, storeAddressRoute } from '../queries/delivery-calendar';

/**
 * Puts a company's delivery address on one of the calendar's routes, or off any (null). In one
 * transaction that first moves the calendar's version, so it cannot interleave with a PUT of the
 * calendar removing the route (and readers see the change as a new calendar).
 */
export function putAddressOnRoute(db: Kysely<Database>, addressId: number, routeId: number | null) {
  return db.transaction().execute(async (trx) => {
    const configured = await bumpCalendarVersion(trx);
    if (routeId !== null && !(configured && (await routeExists(trx, routeId))))
      throw badRequest('The request body has invalid fields.', {
        route_id: [`No route of the delivery calendar has the id ${routeId}.`],
      });
    if (!(await storeAddressRoute(trx, addressId, routeId)))
      throw notFound('No delivery address has this id.');
    return { address: addressId, route_id: routeId };
  });
}
