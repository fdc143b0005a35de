import { Hono } from 'hono';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { issueSuborderInvoice } from '../invoices/issue-invoice';
import { deliverSuborder } from '../orders/deliver-suborder';
import { suborderCancelled, suborderExists } from '../queries/orders';

/**
 * POST /api/supplier/suborders/{id}/delivered/: the supplier reports a shipment delivered. The
 * suborder is marked delivered and its invoice issued, dated the day of the report, in one
 * transaction. Reporting it again changes nothing and answers the same invoice.
 */
export function supplierDeliveryRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.post('/suborders/:id{[0-9]{1,9}}/delivered/', async (c) => {
    const suborderId = Number(c.req.param('id'));
    if (!(await suborderExists(db, suborderId))) throw notFound('No suborder has this id.');
    if (await suborderCancelled(db, suborderId))
      throw new ApiError(409, {
        detail: 'The suborder belongs to a cancelled order: it is neither delivered nor invoiced.',
        code: 'suborder_cancelled',
      });
    const newlyDelivered = await deliverSuborder(db, suborderId, now());
    // one issued before (or by the other process) is answered as it is; a suborder delivered before
    // invoices were issued gets its invoice now
    const invoice = await issueSuborderInvoice(db, suborderId, { issuedAt: now() });
    return c.json(
      {
        suborder: suborderId,
        status: 'delivered',
        invoice: { id: invoice.id, number: invoice.number },
      },
      newlyDelivered ? 201 : 200,
    );
  });

  return routes;
}
