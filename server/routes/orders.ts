import { Hono } from 'hono';
import { type Decimal, toDecimalString } from '../../src/domain/decimal';
import { rateTaxesText } from '../../src/domain/tax-per-rate';
import { orderPreviewRequestWire, orderSubmissionWire } from '../../src/services/api/wire/orders';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { integerParams } from '../http/query-params';
import { readJsonBody } from '../http/read-body';
import { currentRequestLanguage } from '../i18n/request-language';
import { chargeName } from '../orders/extra-charges';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '../orders/idempotency';
import { placeOrder, previewOrder } from '../orders/place-order';
import { moneyText } from '../queries/decimals';
import { companyOrder, companyOrders } from '../queries/orders';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';

const orderPath = '/orders/:id{[0-9]{1,9}}/';
const cents = (value: Decimal) => moneyText(toDecimalString(value));

/**
 * Orders of the signed-in user's company: list, one order, place one, and preview the split. Extra
 * charges are named in the request's language.
 */
export function orderRoutes({ db, now, sendMail, apiProfile }: AppDeps) {
  const calendar = apiProfile === 'spec' ? 'specification' : 'routes';
  const routes = new Hono<AppEnv>();

  // Orders are hidden in demo mode (spec point 6) and carry prices: a demo token reads none, and
  // with no cart it has nothing to order. (An order's invoice is the invoice routes' to refuse.)
  routes.on('GET', ['/orders/', orderPath], refuseDemoAccounts(demoDetails.orders));
  routes.on('POST', '/orders/*', refuseDemoAccounts(demoDetails.cart));

  routes.get('/orders/', async (c) => {
    const { limit } = integerParams(c, { limit: { min: 1, max: 500 } });
    const options = { now: now(), language: currentRequestLanguage() };
    return c.json(await companyOrders(db, options, c.get('user').companyId, limit));
  });

  routes.get(orderPath, async (c) => {
    const options = { now: now(), language: currentRequestLanguage() };
    const order = await companyOrder(db, options, c.get('user').companyId, Number(c.req.param('id')));
    if (!order) throw notFound('No order has this id.');
    return c.json(order);
  });

  routes.post('/orders/', async (c) => {
    const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
    const submission = await readJsonBody(c, orderSubmissionWire);
    const { orderId, replayed } = await placeOrder(
      db,
      c.get('user'),
      submission,
      key,
      now(),
      { send: sendMail, clock: now },
      calendar,
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ id: orderId }, 201);
  });

  routes.post('/orders/preview/', async (c) => {
    const request = await readJsonBody(c, orderPreviewRequestWire);
    const { priced, assignments, minimum, deliveryDays } = await previewOrder(
      db,
      c.get('user'),
      request,
      now(),
      calendar,
    );
    const language = currentRequestLanguage();
    const named = <Charge extends { code: string; name: string }>(charge: Charge) => ({
      ...charge,
      name: chargeName(charge.code, language, charge.name),
    });
    return c.json({
      totals: {
        subtotal: priced.totals.subtotal,
        discount_amount: priced.totals.discountAmount,
        tax: priced.totals.tax,
        deposit_total: priced.totals.depositTotal,
        total: priced.totals.total,
        total_without_tax: priced.totals.totalWithoutTax,
      },
      tax_applies: priced.basis === 'gross',
      price_basis: priced.basis,
      total: cents(priced.total),
      tax: cents(priced.tax),
      taxes: rateTaxesText(priced.taxes),
      suborders: priced.suborders.map((suborder) => {
        const assigned = assignments.get(suborder.warehouseId);
        return {
          warehouse: assigned?.warehouse ?? { id: suborder.warehouseId, name: '' },
          operator: assigned?.operator ?? { id: 0, name: '', phone: '' },
          items: suborder.lines.map(({ line, goods, discount, deposit, tax }) => ({
            product: line.productId,
            campaign: line.campaignId,
            quantity: line.quantity,
            unit: line.unitId,
            amount: cents(goods),
            discount_amount: cents(discount),
            deposit_amount: cents(deposit),
            tax_amount: cents(tax),
            tax_rate_percent: moneyText(line.product.taxRatePercent),
          })),
          subtotal: cents(suborder.goods),
          discount_amount: cents(suborder.discount),
          deposit_total: cents(suborder.deposit),
          tax: cents(suborder.tax),
          extra_charges: suborder.extraCharges.map((charge) =>
            named({
              code: charge.code,
              name: charge.name,
              amount: charge.amount,
              net_amount: charge.net,
              tax_rate_percent: moneyText(charge.taxRatePercent),
              tax_amount: charge.tax,
            }),
          ),
          total: cents(suborder.total),
          avoidable_charges: suborder.avoidableCharges.map(({ code, name, amount, missing }) =>
            named({ code, name, amount, missing }),
          ),
          taxes: rateTaxesText(suborder.taxes),
          expected_delivery_date: deliveryDays.get(suborder.warehouseId),
        };
      }),
      minimum_order: minimum && {
        value: minimum.value,
        mode: minimum.mode,
        missing: minimum.missing,
        fee: minimum.fee,
      },
    });
  });

  return routes;
}
