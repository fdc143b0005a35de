import { Hono } from 'hono';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import type { InvoiceDocument } from '../invoices/invoice-document';
import { renderInvoiceHtml } from '../orders/invoice-html';
import { refuseDemo } from '../orders/refuse-demo';

/**
 * GET /orders/{id}/invoice/: a printable HTML page (no script, inline styles only) of the invoices
 * issued for an order of the caller's company, rendered from what was stored when they were
 * issued. An order nothing of which is delivered or finalized has none yet: 404 invoice_not_issued.
 * The client fetches the page with the bearer token and shows the blob.
 */
export function invoiceRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/orders/:id{[0-9]{1,9}}/invoice/', async (c) => {
    const user = c.get('user');
    // An invoice is nothing but prices, which demo accounts never see (issue 14).
    refuseDemo(user, 'Demo accounts cannot see orders or invoices.');
    const orderId = Number(c.req.param('id'));
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', orderId)
      .where('company_id', '=', user.companyId)
      .executeTakeFirst();
    if (!order) throw notFound('No order has this id.');
    const invoices = await db
      .selectFrom('invoices')
      .select(['number', 'document'])
      .where('order_id', '=', orderId)
      .where('company_id', '=', user.companyId)
      .orderBy('id')
      .execute();
    if (invoices.length === 0)
      throw new ApiError(404, {
        detail: 'No invoice has been issued for this order yet: it is issued on delivery.',
        code: 'invoice_not_issued',
      });
    const html = renderInvoiceHtml(
      invoices.map((invoice) => JSON.parse(invoice.document) as InvoiceDocument),
    );
    const fileName = invoices.length === 1 ? `invoice-${invoices[0]?.number}` : `invoices-order-${orderId}`;
    c.header('Content-Disposition', `inline; filename="${fileName}.html"`);
    c.header('Cache-Control', 'private, no-store');
    return c.html(html);
  });

  return routes;
}
