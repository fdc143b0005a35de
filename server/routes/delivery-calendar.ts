import { Hono } from 'hono';
import {
  addressRouteWire,
  companyMinimumOrderWire,
  deliveryCalendarWire,
} from '../../src/services/api/wire/delivery-calendar';
import { putAddressOnRoute } from '../delivery-calendar/address-route';
import { putCompanyMinimumOrder, readCompanyMinimumOrder } from '../delivery-calendar/minimum-order-rules';
import { companyCalendar, supplierCalendar } from '../delivery-calendar/read-calendar';
import { removeCalendar, replaceCalendar } from '../delivery-calendar/replace-calendar';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';

/**
 * The supplier's side, under /api/supplier/ (behind its key): GET, PUT (replace the whole) and DELETE
 * the delivery calendar, PUT an address's route, and GET and PUT a company's own minimum order value.
 */
export function supplierDeliveryCalendarRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/delivery-calendar/', async (c) => c.json({ calendar: await supplierCalendar(db) }));

  routes.put('/delivery-calendar/', async (c) => {
    const body = await readJsonBody(c, deliveryCalendarWire);
    return c.json({ calendar: await replaceCalendar(db, body) });
  });

  routes.delete('/delivery-calendar/', async (c) => {
    await removeCalendar(db);
    return c.body(null, 204);
  });

  // Any id segment reaches the handler: one that cannot be an address's id is "no such address".
  routes.put('/delivery-calendar/addresses/:id/route/', async (c) => {
    const segment = c.req.param('id');
    if (!/^[0-9]{1,9}$/.test(segment)) throw notFound('No delivery address has this id.');
    const { route_id } = await readJsonBody(c, addressRouteWire);
    return c.json(await putAddressOnRoute(db, Number(segment), route_id));
  });

  const companyPath = '/companies/:id/minimum-order/';
  const companyIdOf = (segment: string) => {
    if (!/^[0-9]{1,9}$/.test(segment)) throw notFound('No company has this id.');
    return Number(segment);
  };
  routes.get(companyPath, async (c) =>
    c.json(await readCompanyMinimumOrder(db, companyIdOf(c.req.param('id')))),
  );
  routes.put(companyPath, async (c) => {
    const companyId = companyIdOf(c.req.param('id'));
    const { minimum_order } = await readJsonBody(c, companyMinimumOrderWire);
    return c.json(await putCompanyMinimumOrder(db, companyId, minimum_order));
  });

  return routes;
}

/**
 * GET /api/netb2b/delivery-calendar/ (signed in): the calendar that applies to the caller's company,
 * or `{ "calendar": null }` when the specification's date rule holds for it. Beyond the
 * specification: a backend without it leaves the portal on that rule.
 */
export function deliveryCalendarRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.get('/delivery-calendar/', async (c) =>
    c.json(await companyCalendar(db, c.get('user').companyId, now())),
  );
  return routes;
}
