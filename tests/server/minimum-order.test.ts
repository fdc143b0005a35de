import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { toDecimal } from '../../src/domain/decimal';
import { addIsoDays, zonedDateTimeToInstant } from '../../src/domain/delivery-calendar';
import type { MinimumOrderRule } from '../../src/domain/minimum-order';
import {
  portalDeliveryCalendarWire,
  toCompanyDeliveryCalendar,
  toCompanyMinimumOrder,
} from '../../src/services/api/wire/delivery-calendar';
import { orderCreatedWire, orderPreviewWire, orderWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { PIECE, pieceProductInStock } from './support/piece-orders';
import { type CallAnswer, callerFor, fieldErrorsOf } from './support/signed-in-calls';
import { aMondayAhead, BERLIN, supplierCall } from './support/supplier-calendar';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

/**
 * A drop's minimum order value: a route's or the company's own (which wins), compared with the
 * order's goods subtotal on the customer's price basis. Below a 'block' minimum the order is
 * refused, below a 'fee' one it carries the fee; the preview tells how much is missing and never
 * refuses for it.
 */
const KEY = 'supplier-key-for-minimum-orders-0123456789';
const ZONE = BERLIN;
const ALTONA = 21;
const HARBURG = 22;

const monday = aMondayAhead();
/** the Friday of the week after: served on both routes, and far enough for the specification's rule */
const friday = addIsoDays(monday, 11);
/** Monday noon in Berlin. */
const now = new Date(zonedDateTimeToInstant(monday, '12:00', ZONE));

let server: TestServer;
let app: ServerApp;
let productId: number;
let lindenhof: number;
let privateCompany: number;
let lindenhofFirst: number;
let lindenhofSecond: number;

const supplier = (method: string, path: string, body?: unknown): Promise<CallAnswer> =>
  supplierCall(app, KEY, method, path, body);

async function ok(answer: Promise<CallAnswer>) {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  return settled.body;
}

const route = (id: number, name: string, minimum: unknown) => ({
  id,
  name,
  weekdays: [2, 5],
  cutoff: { days_before: 1, time: '18:00' },
  lead_days: 0,
  minimum_order: minimum,
});

/** Altona (Lindenhof's first address) and Harburg (its second) with these minimums. */
const putCalendar = (altona: unknown, harburg: unknown = { value: '100.00', mode: 'fee', fee: '15.00' }) =>
  ok(
    supplier('PUT', '/delivery-calendar/', {
      time_zone: ZONE,
      routes: [route(ALTONA, 'Altona', altona), route(HARBURG, 'Harburg', harburg)],
      warehouses: [],
      closures: [],
    }),
  );

const setCompanyMinimum = (companyId: number, rule: MinimumOrderRule | null) =>
  ok(supplier('PUT', `/companies/${companyId}/minimum-order/`, { minimum_order: rule }));

async function as(user: string) {
  const { access } = await new TestClient(app).signIn(user, `${user}123`);
  return callerFor({ ...server, app }, access);
}

const pieces = (quantity: number) => [{ product: productId, quantity: String(quantity), unit: PIECE }];
const order = (quantity: number, address?: number) => ({
  items: pieces(quantity),
  expected_delivery_date: friday,
  is_preorder: false,
  customer_note: '',
  ...(address === undefined ? {} : { delivery_address: address }),
});

async function preview(user: string, quantity: number, address?: number) {
  const call = await as(user);
  const answer = await call('POST', '/api/netb2b/orders/preview/', {
    items: pieces(quantity),
    expected_delivery_date: friday,
    ...(address === undefined ? {} : { delivery_address: address }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return orderPreviewWire.parse(answer.body);
}

async function place(user: string, quantity: number, address?: number) {
  return (await as(user))('POST', '/api/netb2b/orders/', order(quantity, address));
}

async function placed(user: string, quantity: number, address?: number) {
  const answer = await place(user, quantity, address);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const { id } = orderCreatedWire.parse(answer.body);
  return orderWire.parse((await (await as(user))('GET', `/api/netb2b/orders/${id}/`)).body);
}

/** Pieces whose goods come to at least `value` for the buyer. */
async function enoughFor(value: string): Promise<number> {
  const one = (await preview('buyer', 1)).totals.subtotal;
  return toDecimal(value).dividedBy(one).ceil().toNumber() + 1;
}

const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), toDecimal('0'));

beforeAll(async () => {
  server = await startTestServer();
  app = createServerApp({
    distDir: server.distDir,
    db: server.database.db,
    jwtSecret: TEST_SECRET,
    now: () => now,
    supplierApiKey: KEY,
  });
  const { db } = server.database;
  productId = await pieceProductInStock(db, 1000);
  await db.updateTable('products').set({ quantity_in_stock: 100_000 }).where('id', '=', productId).execute();
  const companyOf = async (username: string) =>
    (
      await db
        .selectFrom('users')
        .select('company_id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).company_id;
  lindenhof = await companyOf('buyer');
  privateCompany = await companyOf('private');
  const delivery = await db
    .selectFrom('company_addresses')
    .select('id')
    .where('company_id', '=', lindenhof)
    .where('kind', '=', 'delivery')
    .orderBy('position')
    .execute();
  [lindenhofFirst = 0, lindenhofSecond = 0] = delivery.map((row) => row.id);
  await putCalendar({ value: '150.00', mode: 'block', fee: null });
  await ok(supplier('PUT', `/delivery-calendar/addresses/${lindenhofFirst}/route/`, { route_id: ALTONA }));
  await ok(supplier('PUT', `/delivery-calendar/addresses/${lindenhofSecond}/route/`, { route_id: HARBURG }));
});
afterAll(() => server.close());

describe("a route's 'block' minimum", () => {
  it('refuses an order below it, naming the minimum and the missing amount', async () => {
    const goods = (await preview('buyer', 1, lindenhofFirst)).totals.subtotal;
    const answer = await place('buyer', 1, lindenhofFirst);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'minimum_order_not_reached',
      minimum: '150.00',
      missing: toDecimal('150').minus(goods).toFixed(2),
    });
    expect(Object.keys(fieldErrorsOf(answer))).toEqual(['items']);
  });

  it('accepts an order whose goods are exactly the minimum', async () => {
    const goods = (await preview('buyer', 3, lindenhofFirst)).totals.subtotal;
    await putCalendar({ value: goods, mode: 'block', fee: null });
    try {
      const refused = await place('buyer', 2, lindenhofFirst);
      expect(refused.body).toMatchObject({ code: 'minimum_order_not_reached', minimum: goods });
      const order = await placed('buyer', 3, lindenhofFirst);
      expect(order.subtotal).toBe(goods);
    } finally {
      await putCalendar({ value: '150.00', mode: 'block', fee: null });
    }
  });

  it('is shown by the preview, which never refuses for it', async () => {
    const small = await preview('buyer', 1, lindenhofFirst);
    expect(small.minimum_order).toEqual({
      value: '150.00',
      mode: 'block',
      missing: toDecimal('150').minus(small.totals.subtotal).toFixed(2),
      fee: null,
    });
    expect(small.suborders.flatMap((s) => s.extra_charges.map((c) => c.code))).not.toContain(
      'minimum_order_fee',
    );
    const big = await preview('buyer', await enoughFor('150'), lindenhofFirst);
    expect(toDecimal(big.totals.subtotal).gte(150)).toBe(true);
    expect(big.minimum_order).toBeNull();
  });

  it('does not hold for an order that names no address on the route', async () => {
    // Lindenhof has two delivery addresses: an order naming none has no route, so no route minimum.
    expect((await place('buyer', 1)).status).toBe(201);
  });
});

describe("a 'fee' minimum", () => {
  it('adds the fee, with VAT, to a gross customer’s order and its totals add up to the cent', async () => {
    const shown = await preview('buyer', 1, lindenhofSecond);
    expect(shown.minimum_order).toMatchObject({ value: '100.00', mode: 'fee', fee: '15.00' });
    const order = await placed('buyer', 1, lindenhofSecond);
    const [first, ...rest] = order.suborders;
    const fee = first?.extra_charges.find((charge) => charge.code === 'minimum_order_fee');
    // 15.00 net at 19 %, as the delivery fee is taxed
    expect(fee).toMatchObject({
      amount: '17.85',
      net_amount: '15.00',
      tax_rate_percent: '19.00',
      tax_amount: '2.85',
    });
    expect(fee?.name).toBe('Minimum order fee');
    expect(rest.flatMap((s) => s.extra_charges.map((c) => c.code))).not.toContain('minimum_order_fee');
    expect(order.total).toBe(shown.total);
    expect(toDecimal(order.total).equals(sum(order.suborders.map((s) => s.total)))).toBe(true);
    for (const suborder of order.suborders)
      expect(
        toDecimal(suborder.total).equals(
          sum([
            ...suborder.items.flatMap((item) => [item.amount, item.deposit_amount ?? '0']),
            ...suborder.extra_charges.map((c) => c.amount),
          ]),
        ),
      ).toBe(true);
  });

  it('names the fee in the request’s language', async () => {
    const call = await as('buyer');
    const answer = await call(
      'POST',
      '/api/netb2b/orders/preview/',
      { items: pieces(1), delivery_address: lindenhofSecond },
      { 'Accept-Language': 'de' },
    );
    const names = orderPreviewWire
      .parse(answer.body)
      .suborders.flatMap((s) =>
        s.extra_charges.filter((c) => c.code === 'minimum_order_fee').map((c) => c.name),
      );
    expect(names).toEqual(['Mindermengenzuschlag']);
  });

  it('adds the fee without VAT to a net customer’s order (a company rule, no route)', async () => {
    await setCompanyMinimum(privateCompany, { value: '100.00', mode: 'fee', fee: '15.00' });
    try {
      const shown = await preview('private', 1);
      expect(shown.minimum_order).toMatchObject({ mode: 'fee', fee: '15.00' });
      const order = await placed('private', 1);
      const fees = order.suborders.flatMap((s) =>
        s.extra_charges.filter((c) => c.code === 'minimum_order_fee'),
      );
      expect(fees).toMatchObject([{ amount: '15.00', net_amount: '15.00', tax_amount: '0.00' }]);
      expect(order.total).toBe(shown.total);
      expect(toDecimal(order.total).equals(sum(order.suborders.map((s) => s.total)))).toBe(true);
      expect(
        toDecimal(shown.total).equals(
          sum([
            shown.totals.subtotal,
            shown.totals.deposit_total,
            ...shown.suborders.flatMap((s) => s.extra_charges.map((c) => c.amount)),
          ]),
        ),
      ).toBe(true);
    } finally {
      await setCompanyMinimum(privateCompany, null);
    }
  });

  it('is not charged once the goods reach the minimum', async () => {
    const big = await preview('buyer', await enoughFor('100'), lindenhofSecond);
    expect(big.minimum_order).toBeNull();
    expect(big.suborders.flatMap((s) => s.extra_charges.map((c) => c.code))).not.toContain(
      'minimum_order_fee',
    );
  });
});

describe("the company's own minimum", () => {
  it("wins over its route's", async () => {
    await setCompanyMinimum(lindenhof, { value: '0.10', mode: 'block', fee: null });
    try {
      const answer = await place('buyer', 1, lindenhofFirst);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      await setCompanyMinimum(lindenhof, { value: '100000.00', mode: 'block', fee: null });
      // the Harburg route would only charge a fee: the company's block refuses
      expect((await place('buyer', 1, lindenhofSecond)).body).toMatchObject({
        code: 'minimum_order_not_reached',
        minimum: '100000.00',
      });
    } finally {
      await setCompanyMinimum(lindenhof, null);
    }
  });

  it('is answered by the supplier API, and 404 for an unknown company', async () => {
    await setCompanyMinimum(lindenhof, { value: '80', mode: 'fee', fee: '5.5' });
    try {
      expect(await ok(supplier('GET', `/companies/${lindenhof}/minimum-order/`))).toEqual({
        minimum_order: { value: '80.00', mode: 'fee', fee: '5.50' },
      });
    } finally {
      await setCompanyMinimum(lindenhof, null);
    }
    expect(await ok(supplier('GET', `/companies/${lindenhof}/minimum-order/`))).toEqual({
      minimum_order: null,
    });
    expect((await supplier('GET', '/companies/999999/minimum-order/')).status).toBe(404);
    const put = await supplier('PUT', '/companies/999999/minimum-order/', { minimum_order: null });
    expect(put.status).toBe(404);
  });
});

describe('the supplier API', () => {
  const invalid = [
    { value: '0', mode: 'block', fee: null },
    { value: '-5.00', mode: 'block', fee: null },
    { value: '10.001', mode: 'block', fee: null },
    { value: 150, mode: 'block', fee: null },
    { value: '150.00', mode: 'fee', fee: null },
    { value: '150.00', mode: 'fee' },
    { value: '150.00', mode: 'block', fee: '15.00' },
    { value: '150.00', mode: 'fee', fee: '0.00' },
    { value: '150.00', mode: 'never', fee: null },
  ];

  it('refuses an invalid route minimum with a 400 naming the field', async () => {
    for (const rule of invalid) {
      const answer = await supplier('PUT', '/delivery-calendar/', {
        time_zone: ZONE,
        routes: [route(ALTONA, 'Altona', rule)],
        warehouses: [],
        closures: [],
      });
      expect(answer.status, JSON.stringify(rule)).toBe(400);
      expect(Object.keys(fieldErrorsOf(answer)).join(' '), JSON.stringify(rule)).toMatch(
        /^routes\.0\.minimum_order\./,
      );
    }
    // the calendar stayed as it was
    const calendar = (await ok(supplier('GET', '/delivery-calendar/'))) as {
      calendar: { routes: { id: number; minimum_order: unknown }[] };
    };
    expect(calendar.calendar.routes.map((r) => [r.id, r.minimum_order])).toEqual([
      [ALTONA, { value: '150.00', mode: 'block', fee: null }],
      [HARBURG, { value: '100.00', mode: 'fee', fee: '15.00' }],
    ]);
  });

  it('refuses an invalid company minimum with a 400', async () => {
    for (const rule of invalid) {
      const answer = await supplier('PUT', `/companies/${lindenhof}/minimum-order/`, { minimum_order: rule });
      expect(answer.status, JSON.stringify(rule)).toBe(400);
      expect(Object.keys(fieldErrorsOf(answer)).join(' '), JSON.stringify(rule)).toMatch(/^minimum_order\./);
    }
    expect(await ok(supplier('GET', `/companies/${lindenhof}/minimum-order/`))).toEqual({
      minimum_order: null,
    });
  });
});

describe("the portal's calendar answer", () => {
  it("carries the routes' minimums and the company's own", async () => {
    await setCompanyMinimum(lindenhof, { value: '120.00', mode: 'block', fee: null });
    try {
      const answer = portalDeliveryCalendarWire.parse(
        await ok((await as('buyer'))('GET', '/api/netb2b/delivery-calendar/')),
      );
      const calendar = toCompanyDeliveryCalendar(answer);
      expect(calendar?.routes.map((r) => [r.id, r.minimumOrder])).toEqual([
        [ALTONA, { value: '150.00', mode: 'block', fee: null }],
        [HARBURG, { value: '100.00', mode: 'fee', fee: '15.00' }],
      ]);
      expect(toCompanyMinimumOrder(answer)).toEqual({ value: '120.00', mode: 'block', fee: null });
    } finally {
      await setCompanyMinimum(lindenhof, null);
    }
  });

  it("carries the company's own minimum when no calendar applies to it", async () => {
    await setCompanyMinimum(privateCompany, { value: '60.00', mode: 'fee', fee: '7.50' });
    try {
      const answer = portalDeliveryCalendarWire.parse(
        await ok((await as('private'))('GET', '/api/netb2b/delivery-calendar/')),
      );
      expect(answer.calendar).toBeNull();
      expect(toCompanyMinimumOrder(answer)).toEqual({ value: '60.00', mode: 'fee', fee: '7.50' });
    } finally {
      await setCompanyMinimum(privateCompany, null);
    }
    const without = portalDeliveryCalendarWire.parse(
      await ok((await as('private'))('GET', '/api/netb2b/delivery-calendar/')),
    );
    expect(toCompanyMinimumOrder(without)).toBeNull();
  });
});
