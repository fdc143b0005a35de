import { Hono } from 'hono';
import * as z from 'zod/mini';
import { customerNoteWire, orderSubmissionWire } from '../../src/services/api/wire/orders';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { currentRequestLanguage } from '../i18n/request-language';
import { amendOrder } from '../orders/amend-order';
import { cancelOrder } from '../orders/cancel-order';
import { companyOrder } from '../queries/orders';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';

const orderPath = '/orders/:id{[0-9]{1,9}}/';
const cancelPath = '/orders/:id{[0-9]{1,9}}/cancel/';

/** The version the buyer saw: a change from an older one is refused (409 order_changed). */
const version = z.int().check(z.minimum(1), z.maximum(2_147_483_647));

/** PUT /orders/{id}/: the order's new lines and day; a left-out address or note stays as it is. */
const orderAmendmentWire = z.object({
  version,
  items: orderSubmissionWire.shape.items,
  expected_delivery_date: orderSubmissionWire.shape.expected_delivery_date,
  delivery_address: orderSubmissionWire.shape.delivery_address,
  // not the submission's field: its default ('') would replace a note the change leaves out
  customer_note: z.optional(customerNoteWire),
});

const orderCancellationWire = z.object({ version });

/**
 * Changing and cancelling a placed order of the signed-in user's company until its cut-off
 * (docs/api.md "Order changes"). Both answer the order detail as it is afterwards.
 */
export function orderAmendmentRoutes({ db, now, sendMail }: AppDeps) {
  const routes = new Hono<AppEnv>();
  // A demo account has no orders to change.
  routes.on(['PUT', 'POST'], [orderPath, cancelPath], refuseDemoAccounts(demoDetails.orders));

  const detail = async (companyId: number, orderId: number) => {
    const order = await companyOrder(
      db,
      { now: now(), language: currentRequestLanguage() },
      companyId,
      orderId,
    );
    if (!order) throw notFound('No order has this id.');
    return order;
  };

  routes.put(orderPath, async (c) => {
    const amendment = await readJsonBody(c, orderAmendmentWire);
    const user = c.get('user');
    const orderId = Number(c.req.param('id'));
    await amendOrder(db, user, orderId, amendment, now(), { send: sendMail, clock: now });
    return c.json(await detail(user.companyId, orderId));
  });

  routes.post(cancelPath, async (c) => {
    const { version } = await readJsonBody(c, orderCancellationWire);
    const user = c.get('user');
    const orderId = Number(c.req.param('id'));
    await cancelOrder(db, user, orderId, version, now(), { send: sendMail, clock: now });
    return c.json(await detail(user.companyId, orderId));
  });

  return routes;
}
