import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startErpSimulator } from '../../scripts/erp-simulator/simulator';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import { type FakePortal, postSignedEvent, startFakePortal } from './support/erp-fake-portal';
import { TestClient } from './support/http-client';
import { eventKey, pullAll } from './support/order-events';
import { PIECE } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// The simulated ERP's invoice of orders the portal really priced: their order events, as pulled,
// go to the simulator, and the invoice of each suborder delivered in full comes to exactly what the
// buyer was charged for it, deposits and extra charges included, on the gross and the net basis.

let server: TestServer;
let portal: FakePortal;
let simulator: RunningSimulator;
/** Mehmet of Bosporus: one delivery address on no route, so any day a week ahead is served */
let buyer: Caller;
let key: string;
/** a product with a deposit, one from the cold store (a surcharge) and one at the standard rate */
let lines: { product: number; quantity: string; unit: number }[];

interface OrderDetail {
  price_basis: string;
  suborders: {
    reference: string;
    total: string;
    items: { deposit_amount: string }[];
    extra_charges: { code: string }[];
  }[];
}

beforeAll(async () => {
  server = await startTestServer();
  const { access } = await new TestClient(server.app).signIn('other', 'other123');
  buyer = callerFor(server, access);
  key = await eventKey(server);
  const db = server.database.db;
  const singles = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.warehouse_id', 'p.deposit_price', 'p.tax_rate_percent', 'pu.unit_id'])
    .where('pu.amount', '=', '1')
    .where('p.quantity_in_stock', '>', 100)
    .orderBy('p.id')
    .execute();
  const pick = (what: string, test: (row: (typeof singles)[number]) => boolean) => {
    const row = singles.find(test);
    if (!row) throw new Error(`the seed has no ${what}`);
    return row;
  };
  const bottled = pick('product with a deposit', (row) => toDecimal(row.deposit_price).greaterThan(0));
  const chilled = pick(
    'piece product in the cold store',
    (row) => row.warehouse_id === 2 && row.unit_id === PIECE,
  );
  const standard = pick(
    'piece product at 19 %',
    (row) => row.unit_id === PIECE && toDecimal(row.tax_rate_percent).equals(19) && row.id !== bottled.id,
  );
  lines = [
    { product: bottled.id, quantity: '7', unit: bottled.unit_id },
    { product: chilled.id, quantity: '3', unit: PIECE },
    { product: standard.id, quantity: '2', unit: PIECE },
  ];

  portal = await startFakePortal();
  simulator = await startErpSimulator(
    {
      portal: portal.url,
      port: 0,
      host: '127.0.0.1',
      publicUrl: undefined,
      failFirst: 0,
      speed: 1_000_000,
      shortLine: false,
    },
    { key: 'opk_test', log: () => {}, random: () => 0.5, pause: async () => {} },
  );
});
afterAll(async () => {
  await simulator?.stop();
  await portal?.close();
  await server?.close();
});

/** Places the order, sends its pulled order event to the simulated ERP and waits for its walks. */
async function orderWalked(): Promise<OrderDetail> {
  const placed = await buyer('POST', '/api/netb2b/orders/', {
    items: lines,
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
    is_preorder: false,
    customer_note: '',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = orderCreatedWire.parse(placed.body).id;
  const { events } = await pullAll(server.app, key);
  const event = events.find((each) => each.order_id === orderId);
  const sent = await postSignedEvent(simulator.endpointUrl, event?.payload, { id: String(event?.id) });
  expect(sent.status).toBe(200);
  await simulator.walks.idle();
  const detail = await buyer('GET', `/api/netb2b/orders/${orderId}/`);
  expect(detail.status).toBe(200);
  return detail.body as OrderDetail;
}

const invoiceOf = (reference: string) =>
  portal.documents.get(
    String(portal.reportsOf(reference).find((report) => report.type === 'invoiced')?.document),
  );

describe("the simulated ERP's invoice of an order the portal priced", () => {
  it('comes to the suborder total on the gross basis: goods, deposits and charges with their VAT', async () => {
    const order = await orderWalked();
    expect(order.price_basis).toBe('gross');
    // what makes it a fair test: a deposit, and charges on every suborder (a small order's delivery fee)
    expect(
      order.suborders.flatMap((suborder) => suborder.items.map((item) => item.deposit_amount)),
    ).toContainEqual(expect.not.stringMatching(/^0\.00$/));
    expect(order.suborders.map((suborder) => suborder.extra_charges.length > 0)).toEqual(
      order.suborders.map(() => true),
    );
    expect(order.suborders.map((suborder) => invoiceOf(suborder.reference)?.gross_total)).toEqual(
      order.suborders.map((suborder) => suborder.total),
    );
    for (const suborder of order.suborders) {
      const invoice = invoiceOf(suborder.reference) as { net_total: string; tax_total: string };
      expect(toDecimal(invoice.tax_total).greaterThan(0)).toBe(true);
      expect(toDecimal(invoice.net_total).plus(invoice.tax_total).toFixed(2)).toBe(suborder.total);
    }
  });

  it('comes to the suborder total on the net basis, without VAT for a customer VAT does not apply to', async () => {
    await server.database.db.updateTable('companies').set({ tax_applies: 0 }).where('id', '=', 2).execute();
    const order = await orderWalked();
    expect(order.price_basis).toBe('net');
    expect(order.suborders.map((suborder) => suborder.extra_charges.length > 0)).toEqual(
      order.suborders.map(() => true),
    );
    expect(
      order.suborders.map((suborder) => {
        const invoice = invoiceOf(suborder.reference);
        return [invoice?.net_total, invoice?.tax_total, invoice?.gross_total];
      }),
    ).toEqual(order.suborders.map((suborder) => [suborder.total, '0.00', suborder.total]));
  });
});
