import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { type DatabaseHandle, openDatabase } from '../../server/db/connect';
import { runStandingOrders, standingOrderKey } from '../../server/standing-orders/run-standing-orders';
import type { StandingOrderSettings } from '../../server/standing-orders/settings';
import {
  type OccurrenceWire,
  occurrencesAnswerWire,
  occurrenceWire,
  standingOrdersAnswerWire,
  standingOrderWire,
} from '../../src/services/api/wire/standing-orders';
import { TestClient } from './support/http-client';
import { PIECE, pieceProductInStock } from './support/piece-orders';
import { type CallAnswer, type Caller, callerFor } from './support/signed-in-calls';
import { supplierCall } from './support/supplier-calendar';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

const KEY = 'supplier-key-for-standing-orders-0123456789abcdef';
const OSLO = 'Europe/Oslo';
const ROUTE = 21;
const settings: StandingOrderSettings = { draftDays: 2, priceRisePercent: 10, placeGraceMs: 60 * 60 * 1000 };

let server: TestServer;
/** The app's clock: each test sets the instant the server reads as now. */
let now = new Date('2027-03-01T10:00:00Z');
let app: ServerApp;
let productId: number;
let otherProductId: number;
let lindenhof: number;
/** a second handle on the same database: another server process's connections */
let second: DatabaseHandle;

const at = (iso: string) => {
  now = new Date(iso);
};

async function buyer() {
  const { access } = await new TestClient(app).signIn('buyer', 'buyer123');
  return callerFor({ ...server, app }, access);
}

const ok = (answer: CallAnswer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

const emptyCart = () =>
  server.database.db
    .deleteFrom('cart_items')
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('username', '=', 'buyer'))
    .execute();

/** The buyer's cart holding this one line. */
async function fillCart(call: Caller, product: number, quantity: string) {
  await emptyCart();
  const added = await call('POST', '/api/netb2b/cart-items/', { product, quantity, unit: PIECE });
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
}

const run = (iso: string) => runStandingOrders(server.database.db, new Date(iso), { settings });

async function createSeries(first: string, extra: Record<string, unknown> = {}) {
  const call = await buyer();
  await fillCart(call, productId, '2');
  const created = await call('POST', '/api/netb2b/standing-orders/', {
    name: 'Tuesday veg',
    source: { kind: 'cart' },
    interval_weeks: 1,
    weekday: 2,
    first_delivery_date: first,
    end_date: null,
    ...extra,
  });
  return standingOrderWire.parse(ok(created, 201));
}

async function occurrence(seriesId: number, date: string): Promise<OccurrenceWire | undefined> {
  const call = await buyer();
  const answer = occurrencesAnswerWire.parse(
    ok(await call('GET', `/api/netb2b/standing-orders/${seriesId}/occurrences/`)),
  );
  return answer.occurrences.find((o) => o.delivery_date === date);
}

beforeAll(async () => {
  server = await startTestServer();
  app = createServerApp({
    distDir: server.distDir,
    db: server.database.db,
    jwtSecret: TEST_SECRET,
    now: () => now,
    supplierApiKey: KEY,
  });
  productId = await pieceProductInStock(server.database.db, 500);
  const other = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 500)
    .where('p.id', '>', productId)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  otherProductId = other.id;
  const address = await server.database.db
    .selectFrom('company_addresses')
    .select('id')
    .where('company_id', '=', 1)
    .where('kind', '=', 'delivery')
    .orderBy('position')
    .executeTakeFirstOrThrow();
  lindenhof = address.id;
  // Oslo's route drives on Tuesdays and Fridays; orders close at 18:00 the day before.
  const calendar = await supplierCall(app, KEY, 'PUT', '/delivery-calendar/', {
    time_zone: OSLO,
    routes: [
      {
        id: ROUTE,
        name: 'Grünerløkka',
        weekdays: [2, 5],
        cutoff: { days_before: 1, time: '18:00' },
        lead_days: 0,
      },
    ],
    warehouses: [],
    closures: [],
  });
  expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
  const route = await supplierCall(app, KEY, 'PUT', `/delivery-calendar/addresses/${lindenhof}/route/`, {
    route_id: ROUTE,
  });
  expect(route.status, JSON.stringify(route.body)).toBe(200);
  second = openDatabase({
    dataDir: 'dataDir' in server.database.connection ? server.database.connection.dataDir : '',
    databaseUrl:
      'databaseUrl' in server.database.connection ? server.database.connection.databaseUrl : undefined,
  });
});
afterAll(async () => {
  await second.db.destroy();
  await server.close();
});

describe('occurrence times in the supplier’s zone', () => {
  it('keeps the cut-off and draft at Oslo’s wall clock across the spring change', async () => {
    at('2027-03-01T10:00:00Z');
    const series = await createSeries('2027-03-30');
    const first = series.next_occurrences[0];
    // Monday 29 March 18:00 CEST; the draft Saturday 27 March 18:00 CET, 47 hours before.
    expect(first).toMatchObject({
      delivery_date: '2027-03-30',
      cutoff_at: '2027-03-29T16:00:00.000Z',
      draft_at: '2027-03-27T17:00:00.000Z',
      status: 'upcoming',
    });
    expect(series.next_occurrences.map((o) => o.delivery_date)).toEqual([
      '2027-03-30',
      '2027-04-06',
      '2027-04-13',
      '2027-04-20',
    ]);
    await server.database.db
      .updateTable('standing_orders')
      .set({ status: 'ended' })
      .where('id', '=', series.id)
      .execute();
  });

  it('keeps them at the wall clock across the autumn change', async () => {
    at('2027-10-01T10:00:00Z');
    const series = await createSeries('2027-11-02');
    expect(series.next_occurrences[0]).toMatchObject({
      delivery_date: '2027-11-02',
      cutoff_at: '2027-11-01T17:00:00.000Z',
      draft_at: '2027-10-30T16:00:00.000Z',
    });
    await server.database.db
      .updateTable('standing_orders')
      .set({ status: 'ended' })
      .where('id', '=', series.id)
      .execute();
  });
});

describe('the scheduler', () => {
  it('drafts at the draft time with a notice, and places at the cut-off once, with the order event', async () => {
    at('2027-05-01T10:00:00Z');
    const series = await createSeries('2027-05-11');
    // Monday 10 May 18:00 CEST = 16:00Z; the draft Saturday 8 May, 16:00Z.
    expect((await run('2027-05-08T15:59:59.999Z')).drafted).toBe(0);
    at('2027-05-08T16:00:00Z');
    expect(await run('2027-05-08T16:00:00.000Z')).toMatchObject({ drafted: 1, placed: 0 });
    expect((await occurrence(series.id, '2027-05-11'))?.status).toBe('draft');
    const notices = await server.database.db
      .selectFrom('notifications')
      .select('name')
      .where('name', 'like', '%Tuesday veg%')
      .execute();
    expect(notices).toEqual([{ name: 'Standing order ready: Tuesday veg' }]);

    expect((await run('2027-05-10T15:59:59.999Z')).placed).toBe(0);
    expect((await run('2027-05-10T16:00:00.000Z')).placed).toBe(1);
    expect((await run('2027-05-10T16:00:30.000Z')).placed).toBe(0);
    at('2027-05-10T16:01:00Z');
    const placed = await occurrence(series.id, '2027-05-11');
    expect(placed?.status).toBe('placed');
    const order = await server.database.db
      .selectFrom('orders')
      .select(['id', 'expected_delivery_date', 'user_id'])
      .where('id', '=', placed?.order_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(order.expected_delivery_date).toBe('2027-05-11');
    const events = await server.database.db
      .selectFrom('order_events')
      .select('type')
      .where('order_id', '=', order.id)
      .execute();
    expect(events).toEqual([{ type: 'order.placed' }]);
    // the buyer's cart is left as it was
    const cart = await server.database.db
      .selectFrom('cart_items')
      .select('product_id')
      .where('user_id', '=', order.user_id)
      .execute();
    expect(cart).toEqual([{ product_id: productId }]);
    await server.database.db
      .updateTable('standing_orders')
      .set({ status: 'ended' })
      .where('id', '=', series.id)
      .execute();
  });

  it('drafts and places once when two processes run the same instant', async () => {
    at('2027-06-01T10:00:00Z');
    const series = await createSeries('2027-06-08');
    const both = (iso: string) =>
      Promise.all([
        runStandingOrders(server.database.db, new Date(iso), { settings }),
        runStandingOrders(second.db, new Date(iso), { settings }),
        runStandingOrders(server.database.db, new Date(iso), { settings }),
        runStandingOrders(second.db, new Date(iso), { settings }),
      ]);
    const drafts = await both('2027-06-05T16:00:00.000Z');
    expect(drafts.reduce((sum, s) => sum + s.drafted, 0)).toBe(1);
    const placements = await both('2027-06-07T16:00:00.000Z');
    expect(placements.reduce((sum, s) => sum + s.placed, 0)).toBe(1);
    const keys = await server.database.db
      .selectFrom('order_idempotency_keys')
      .select('order_id')
      .where('key', '=', standingOrderKey(series.id, '2027-06-08'))
      .execute();
    expect(keys).toHaveLength(1);
    const orders = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('expected_delivery_date', '=', '2027-06-08')
      .execute();
    expect(orders).toEqual([{ id: keys[0]?.order_id }]);
    await server.database.db
      .updateTable('standing_orders')
      .set({ status: 'ended' })
      .where('id', '=', series.id)
      .execute();
  });
});

describe('a placement the order checks refuse', () => {
  it('fails with the refusal, places no order and tells the buyer', async () => {
    at('2027-11-25T10:00:00Z');
    const series = await createSeries('2027-12-07');
    const db = server.database.db;
    const { quantity_in_stock } = await db
      .selectFrom('products')
      .select('quantity_in_stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    // the series was set up at a lower price than the draft's: it waits for review, and is approved
    expect(await run('2027-12-04T17:00:00.000Z')).toMatchObject({ needs_review: 1 });
    at('2027-12-05T10:00:00Z');
    const call = await buyer();
    ok(await call('POST', `/api/netb2b/standing-orders/${series.id}/occurrences/2027-12-07/approve`));
    await db.updateTable('products').set({ quantity_in_stock: 0 }).where('id', '=', productId).execute();
    try {
      expect(await run('2027-12-06T17:00:00.000Z')).toMatchObject({ placed: 0, failed: 1 });
      at('2027-12-06T17:01:00Z');
      const failed = await occurrence(series.id, '2027-12-07');
      expect(failed).toMatchObject({ status: 'failed', order_id: null, failure: expect.any(String) });
      const notices = await db
        .selectFrom('notifications')
        .select('name')
        .where('name', '=', 'Standing order not placed: Tuesday veg')
        .execute();
      expect(notices).toHaveLength(1);
      const orders = await db
        .selectFrom('orders')
        .select('id')
        .where('expected_delivery_date', '=', '2027-12-07')
        .execute();
      expect(orders).toEqual([]);
    } finally {
      await db.updateTable('products').set({ quantity_in_stock }).where('id', '=', productId).execute();
      await db.updateTable('standing_orders').set({ status: 'ended' }).where('id', '=', series.id).execute();
    }
  });
});

describe('the buyer’s changes', () => {
  it('skips and takes up a delivery, pauses and resumes the series, and is refused after the cut-off', async () => {
    at('2027-07-01T10:00:00Z');
    const series = await createSeries('2027-07-06');
    const call = await buyer();
    const skipped = occurrenceWire.parse(
      ok(await call('POST', `/api/netb2b/standing-orders/${series.id}/occurrences/2027-07-06/skip`)),
    );
    expect(skipped.status).toBe('skipped');
    expect((await run('2027-07-03T16:00:00.000Z')).drafted).toBe(0);
    ok(await call('POST', `/api/netb2b/standing-orders/${series.id}/occurrences/2027-07-06/unskip`));
    expect((await run('2027-07-03T16:00:01.000Z')).drafted).toBe(1);

    const paused = standingOrderWire.parse(
      ok(await call('PATCH', `/api/netb2b/standing-orders/${series.id}/`, { status: 'paused' })),
    );
    expect(paused.status).toBe('paused');
    expect((await run('2027-07-10T16:00:00.000Z')).drafted).toBe(0);
    at('2027-07-10T16:30:00Z');
    const again = await buyer();
    ok(await again('PATCH', `/api/netb2b/standing-orders/${series.id}/`, { status: 'active' }));
    expect((await run('2027-07-10T16:31:00.000Z')).drafted).toBe(1);

    at('2027-07-12T16:00:00.001Z');
    const late = await buyer();
    const refused = await late(
      'POST',
      `/api/netb2b/standing-orders/${series.id}/occurrences/2027-07-13/skip`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'past_cutoff' });
    const refusedEdit = await late(
      'PUT',
      `/api/netb2b/standing-orders/${series.id}/occurrences/2027-07-13/lines`,
      {
        lines: [{ product_id: productId, quantity: '9', unit: PIECE }],
      },
    );
    expect(refusedEdit.status).toBe(409);
    ok(await late('DELETE', `/api/netb2b/standing-orders/${series.id}/`), 204);
  });

  it('changes one delivery only, or every delivery', async () => {
    at('2027-08-01T10:00:00Z');
    const series = await createSeries('2027-08-10');
    const call = await buyer();
    const once = occurrenceWire.parse(
      ok(
        await call('PUT', `/api/netb2b/standing-orders/${series.id}/occurrences/2027-08-10/lines`, {
          lines: [{ product_id: productId, quantity: '3', unit: PIECE }],
        }),
      ),
    );
    expect(once).toMatchObject({
      this_delivery_only: true,
      lines: [{ product_id: productId, quantity: '3' }],
    });
    const every = standingOrderWire.parse(
      ok(
        await call('PATCH', `/api/netb2b/standing-orders/${series.id}/`, {
          lines: [{ product_id: productId, quantity: '5', unit: PIECE }],
        }),
      ),
    );
    expect(every.lines).toMatchObject([{ product_id: productId, quantity: '5' }]);
    expect(
      every.next_occurrences.map((o) => [o.delivery_date, o.lines[0]?.quantity, o.this_delivery_only]),
    ).toEqual([
      ['2027-08-10', '3', true],
      ['2027-08-17', '5', false],
      ['2027-08-24', '5', false],
      ['2027-08-31', '5', false],
    ]);
    ok(await call('DELETE', `/api/netb2b/standing-orders/${series.id}/`), 204);
  });

  it('holds a delivery for review when a price rose, and places it once approved', async () => {
    at('2027-09-01T10:00:00Z');
    const series = await createSeries('2027-09-07');
    const db = server.database.db;
    // The price the series was set up with was lower: today's is 25 % above it.
    const [line] = series.lines;
    const today = series.next_occurrences[0]?.lines[0]?.unit_price ?? '0';
    const was = (Number(today) / 1.25).toFixed(4);
    await db
      .updateTable('standing_orders')
      .set({
        lines: JSON.stringify([
          { product_id: line?.product_id, quantity: line?.quantity, unit: line?.unit, reference_price: was },
        ]),
      })
      .where('id', '=', series.id)
      .execute();
    expect(Number(today)).toBeGreaterThan(0);
    try {
      expect((await run('2027-09-04T16:00:00.000Z')).needs_review).toBe(1);
      at('2027-09-05T10:00:00Z');
      const held = await occurrence(series.id, '2027-09-07');
      expect(held?.status).toBe('needs_review');
      expect(held?.review_reasons).toMatchObject([{ code: 'price_rose', product_id: productId }]);
      const call = await buyer();
      const approved = occurrenceWire.parse(
        ok(await call('POST', `/api/netb2b/standing-orders/${series.id}/occurrences/2027-09-07/approve`)),
      );
      expect(approved.status).toBe('draft');
      expect((await run('2027-09-06T16:00:00.000Z')).placed).toBe(1);
    } finally {
      await db.updateTable('standing_orders').set({ status: 'ended' }).where('id', '=', series.id).execute();
    }
  });

  it('holds a delivery with an unavailable product, and does not place it unreviewed', async () => {
    at('2027-09-10T10:00:00Z');
    const series = await createSeries('2027-09-14');
    const call = await buyer();
    ok(
      await call('PATCH', `/api/netb2b/standing-orders/${series.id}/`, {
        lines: [
          { product_id: productId, quantity: '1', unit: PIECE },
          { product_id: otherProductId, quantity: '1', unit: PIECE },
        ],
      }),
    );
    const db = server.database.db;
    await db
      .updateTable('products')
      .set({ retired_at: '2027-09-10T11:00:00Z' })
      .where('id', '=', otherProductId)
      .execute();
    try {
      expect((await run('2027-09-11T16:00:00.000Z')).needs_review).toBe(1);
      at('2027-09-12T10:00:00Z');
      const held = await occurrence(series.id, '2027-09-14');
      expect(held?.review_reasons).toMatchObject([{ code: 'unavailable', product_id: otherProductId }]);
      expect(held?.lines.find((line) => line.product_id === otherProductId)?.available).toBe(false);
      expect(await run('2027-09-13T16:00:00.000Z')).toMatchObject({ placed: 0, failed: 1 });
      at('2027-09-13T17:00:00Z');
      const failed = await occurrence(series.id, '2027-09-14');
      expect(failed).toMatchObject({ status: 'failed', order_id: null });
    } finally {
      await db.updateTable('products').set({ retired_at: null }).where('id', '=', otherProductId).execute();
      await db.updateTable('standing_orders').set({ status: 'ended' }).where('id', '=', series.id).execute();
    }
  });
});

describe('a new standing order', () => {
  it('copies the lines of a favourite list, a past order or the cart', async () => {
    at('2027-10-01T10:00:00Z');
    const call = await buyer();
    const list = ok(
      await call('POST', '/api/netb2b/favourite-lists/', {
        name: 'Standing list',
        items: [{ product: otherProductId, quantity: '4', unit: PIECE }],
      }),
      201,
    ) as { id: number };
    const base = {
      name: 'From',
      interval_weeks: 2,
      weekday: 5,
      first_delivery_date: '2027-10-08',
      end_date: '2027-12-31',
    };
    const fromList = standingOrderWire.parse(
      ok(
        await call('POST', '/api/netb2b/standing-orders/', {
          ...base,
          source: { kind: 'list', list_id: list.id },
        }),
        201,
      ),
    );
    expect(fromList.lines).toMatchObject([{ product_id: otherProductId, quantity: '4', unit: PIECE }]);
    expect(fromList.next_occurrences.map((o) => o.delivery_date)).toEqual([
      '2027-10-08',
      '2027-10-22',
      '2027-11-05',
      '2027-11-19',
    ]);

    const placed = ok(
      await call('POST', '/api/netb2b/orders/', {
        items: [{ product: productId, quantity: '6', unit: PIECE }],
        expected_delivery_date: '2027-10-15',
        is_preorder: false,
        customer_note: '',
        delivery_address: lindenhof,
      }),
      201,
    ) as { id: number };
    const fromOrder = standingOrderWire.parse(
      ok(
        await call('POST', '/api/netb2b/standing-orders/', {
          ...base,
          source: { kind: 'order', order_id: placed.id },
        }),
        201,
      ),
    );
    expect(fromOrder.lines).toMatchObject([{ product_id: productId, quantity: '6' }]);

    await fillCart(call, otherProductId, '7');
    const fromCart = standingOrderWire.parse(
      ok(await call('POST', '/api/netb2b/standing-orders/', { ...base, source: { kind: 'cart' } }), 201),
    );
    expect(fromCart.lines).toMatchObject([{ product_id: otherProductId, quantity: '7' }]);

    const all = standingOrdersAnswerWire.parse(ok(await call('GET', '/api/netb2b/standing-orders/')));
    expect(all.standing_orders.map((s) => s.id)).toEqual(
      expect.arrayContaining([fromList.id, fromOrder.id, fromCart.id]),
    );
  });

  it('is refused for a weekday the route does not serve, a past date, or an empty source', async () => {
    at('2027-10-01T10:00:00Z');
    const call = await buyer();
    const base = { name: 'Refused', interval_weeks: 1, source: { kind: 'cart' }, end_date: null };
    const wednesday = await call('POST', '/api/netb2b/standing-orders/', {
      ...base,
      weekday: 3,
      first_delivery_date: '2027-10-06',
    });
    expect(wednesday.status).toBe(422);
    expect(wednesday.body).toMatchObject({ code: 'not_served_day' });
    const past = await call('POST', '/api/netb2b/standing-orders/', {
      ...base,
      weekday: 2,
      first_delivery_date: '2027-09-28',
    });
    expect(past.body).toMatchObject({ code: 'invalid_date' });
    await emptyCart();
    const empty = await call('POST', '/api/netb2b/standing-orders/', {
      ...base,
      weekday: 2,
      first_delivery_date: '2027-10-05',
    });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ code: 'empty_source' });
  });
});

describe('another supplier zone', () => {
  it('reads the cut-off and the draft time in New York across its own spring change', async () => {
    const put = (zone: string) =>
      supplierCall(app, KEY, 'PUT', '/delivery-calendar/', {
        time_zone: zone,
        routes: [
          {
            id: ROUTE,
            name: 'Grünerløkka',
            weekdays: [2, 5],
            cutoff: { days_before: 1, time: '18:00' },
            lead_days: 0,
          },
        ],
        warehouses: [],
        closures: [],
      });
    expect((await put('America/New_York')).status).toBe(200);
    try {
      at('2027-03-01T10:00:00Z');
      const series = await createSeries('2027-03-16');
      // Monday 15 March 18:00 EDT; the draft Saturday 13 March 18:00 EST, before the clocks went forward.
      expect(series.next_occurrences[0]).toMatchObject({
        delivery_date: '2027-03-16',
        cutoff_at: '2027-03-15T22:00:00.000Z',
        draft_at: '2027-03-13T23:00:00.000Z',
      });
      expect((await run('2027-03-13T22:59:59.000Z')).drafted).toBe(0);
      expect((await run('2027-03-13T23:00:00.000Z')).drafted).toBe(1);
      expect((await run('2027-03-15T22:00:00.000Z')).placed).toBe(1);
      await server.database.db
        .updateTable('standing_orders')
        .set({ status: 'ended' })
        .where('id', '=', series.id)
        .execute();
    } finally {
      expect((await put(OSLO)).status).toBe(200);
    }
  });
});

describe('the dev hook', () => {
  it('runs the scheduler as of an instant with DEV_CLOCK, and is absent without', async () => {
    const dev = createServerApp({
      distDir: server.distDir,
      db: server.database.db,
      jwtSecret: TEST_SECRET,
      devClock: true,
    });
    const request = (target: ServerApp) =>
      callerFor({ ...server, app: target }, undefined)('POST', '/api/dev/standing-orders/run', {
        now: '2028-01-01T00:00:00Z',
      });
    const ran = await request(dev);
    expect(ran.status).toBe(200);
    expect(ran.body).toMatchObject({ now: '2028-01-01T00:00:00.000Z', drafted: 0, placed: 0 });
    expect((await request(app)).status).toBe(404);
  });
});
