import { Hono } from 'hono';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { loadUnits } from '../orders/catalogue-snapshot';
import { renderInvoiceHtml } from '../orders/invoice-html';
import { refuseDemo } from '../orders/refuse-demo';
import { companyOrder } from '../queries/orders';
import { SITE_NAME } from '../site-configuration';

/**
 * GET /orders/{id}/invoice/: a printable HTML page (no script, inline styles only) for an order
 * of the caller's company. The client fetches it with the bearer token and shows the blob.
 */
export function invoiceRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/orders/:id{[0-9]{1,9}}/invoice/', async (c) => {
    const user = c.get('user');
    // An invoice is nothing but prices, which demo accounts never see (issue 14).
    refuseDemo(user, 'Demo accounts cannot see orders or invoices.');
    // English only: charges are named by their code in English.
    const order = await companyOrder(
      db,
      { now: now(), language: 'en' },
      user.companyId,
      Number(c.req.param('id')),
    );
    if (!order) throw notFound('No order has this id.');
    const company = await db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', user.companyId)
      .executeTakeFirstOrThrow();
    const orderedBy = await db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['u.first_name', 'u.last_name'])
      .where('o.id', '=', order.id)
      .executeTakeFirstOrThrow();
    const units = await loadUnits(db);
    const html = renderInvoiceHtml({
      supplierName: SITE_NAME,
      customer: {
        name: company.name,
        vatNumber: company.vat_number,
        email: company.email,
        phone: company.landline_number || company.mobile_number,
        contactPerson: `${orderedBy.first_name} ${orderedBy.last_name}`.trim(),
        currencySymbol: company.currency_symbol,
      },
      order,
      unitNames: new Map(units.map((unit) => [unit.id, { name: unit.name, namePlural: unit.namePlural }])),
      taxApplies: company.tax_applies === 1,
    });
    c.header('Content-Disposition', `inline; filename="invoice-${order.id}.html"`);
    c.header('Cache-Control', 'private, no-store');
    return c.html(html);
  });

  return routes;
}
