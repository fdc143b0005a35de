import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUnits } from '../../server/orders/catalogue-snapshot';
import { priceOrder } from '../../server/orders/order-pricing';
import { selectProducts, toProductWires } from '../../server/queries/products';
import { toDecimal, toDecimalString } from '../../src/domain/decimal';
import { centsText } from '../../src/domain/pricing';
import { unitMultiplier } from '../../src/domain/units';
import { toProduct } from '../../src/services/api/wire/catalog';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;

const cents = (text: string | null) => (text === null ? null : centsText(toDecimal(text)));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Before any seeded campaign: seeded orders are priced at the products' own prices. */
const BEFORE_CAMPAIGNS = new Date('2000-01-01T00:00:00Z');

/**
 * Issue 14 point 10: every seeded order carries the figures the server's order pricing computes
 * from its stored lines (decision 007: VAT per rate, fees included), as a placed
 * order would.
 */
describe('seeded orders are priced like real orders', () => {
  it('each order, suborder and line equals what priceOrder computes from its lines', async () => {
    const { db } = server.database;
    const units = await loadUnits(db);
    const orders = await db.selectFrom('orders').selectAll().orderBy('id').execute();
    expect(orders.length).toBeGreaterThanOrEqual(6);

    for (const order of orders) {
      const items = await db
        .selectFrom('order_items as i')
        .innerJoin('suborders as s', 's.id', 'i.suborder_id')
        .select(['i.product_id', 'i.quantity', 'i.unit_id', 'i.amount', 'i.tax_amount', 's.warehouse_id'])
        .where('s.order_id', '=', order.id)
        .orderBy('i.id')
        .execute();
      const rows = await selectProducts(db)
        .where(
          'p.id',
          'in',
          items.map((item) => item.product_id),
        )
        .execute();
      const wires = await toProductWires(db, rows, BEFORE_CAMPAIGNS, null);
      const products = new Map(wires.map((wire) => [wire.id, toProduct(wire)]));
      const priced = priceOrder(
        items.map((item) => {
          const product = products.get(item.product_id);
          if (!product) throw new Error(`order ${order.id}: product ${item.product_id} is gone`);
          return {
            product,
            quantity: item.quantity,
            multiplier: unitMultiplier(product, item.unit_id, units),
            warehouseId: item.warehouse_id,
          };
        }),
        order.price_basis ?? 'gross',
      );

      const label = `order ${order.id}`;
      // decision 007: the order's tax is every VAT it contains, its fees' included
      expect({ label, tax: cents(order.tax) }).toEqual({ label, tax: centsText(priced.tax) });
      const charges = await db
        .selectFrom('extra_charges as c')
        .innerJoin('suborders as s', 's.id', 'c.suborder_id')
        .select(['c.tax_amount', 'c.tax_rate_percent'])
        .where('s.order_id', '=', order.id)
        .execute();
      const storedVat = [
        ...items.map((item) => item.tax_amount),
        ...charges.map((charge) => charge.tax_amount),
      ].reduce((sum, amount) => sum.plus(toDecimal(amount ?? '0')), toDecimal('0'));
      expect({ label, storedVat: centsText(storedVat) }).toEqual({ label, storedVat: cents(order.tax) });
      expect(charges.every((charge) => charge.tax_rate_percent !== null)).toBe(true);
      expect({
        label,
        subtotal: cents(order.subtotal),
        discount: cents(order.discount_amount),
        deposit: cents(order.deposit_total),
        withoutTax: cents(order.total_without_tax),
        total: cents(order.total),
      }).toEqual({
        label,
        subtotal: priced.totals.subtotal,
        discount: priced.totals.discountAmount,
        deposit: priced.totals.depositTotal,
        withoutTax: centsText(priced.total.minus(priced.tax)),
        total: centsText(priced.total),
      });
      const lineTaxes = priced.suborders.flatMap((s) => s.lines.map((l) => toDecimalString(l.tax)));
      expect(items.map((item) => cents(item.tax_amount))).toEqual(lineTaxes.map(cents));
    }
  });
});
