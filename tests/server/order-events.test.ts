import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { eventKey, type PulledEvent, pullAll, pullEvents } from './support/order-events';
import { PIECE } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// The order events an ERP receives, on both engines: one per order placed, changed or cancelled,
// with the order as it then stands; the pull cursor; the pending deliveries of the webhook endpoints.

let server: TestServer;
const db = () => server.database.db;
/** Mehmet of Bosporus: one delivery address on no route, so any day a week ahead is served. */
let buyer: Caller;
let key: string;
/** two products sold by the piece, the first with the supplier's key and a GTIN on its piece */
let products: [number, number];
/** a product that carries a deposit, in a unit of one */
let bottled: { product: number; unit: number };

interface OrderDetail {
  id: number;
  version: number;
  created_at: string;
  total: string;
  subtotal: string;
  tax: string;
  deposit_total: string;
  suborders: {
    id: number;
    total: string;
    warehouse: { id: number; name: string };
    estimated_delivery_date: string | null;
    reference: string;
    items: {
      product: { id: number };
      amount: string;
      deposit_amount: string;
      quantity: string;
      tax_rate_percent: string;
    }[];
    extra_charges: { code: string; amount: string; tax_rate_percent: string; tax_amount: string }[];
  }[];
}

const inDays = (days: number) => toIsoDate(addDays(server.clock.now(), days));
const line = (product: number, quantity: string, unit = PIECE) => ({ product, quantity, unit });
/** A rate as the event writes it: "7", not "7.00", as short as it is exact. */
const rate = (text: string | undefined) => toDecimal(text ?? 'x').toFixed();

async function placeOrder(lines: ReturnType<typeof line>[], headers: Record<string, string> = {}) {
  const placed = await buyer(
    'POST',
    '/api/netb2b/orders/',
    { items: lines, expected_delivery_date: inDays(9), is_preorder: false, customer_note: 'Hof' },
    headers,
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return orderCreatedWire.parse(placed.body).id;
}

async function detailOf(orderId: number) {
  const answer = await buyer('GET', `/api/netb2b/orders/${orderId}/`);
  expect(answer.status).toBe(200);
  return answer.body as OrderDetail;
}

/** The stored events of an order, oldest first. */
const eventRows = (orderId: number) =>
  db().selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();

/** What the pull answers of one order's events. */
async function pulledOf(orderId: number): Promise<PulledEvent[]> {
  const { events } = await pullAll(server.app, key);
  return events.filter((event) => event.order_id === orderId);
}

/** The payload's order as the order detail shows it (and the database holds it). */
async function expectedOrder(orderId: number) {
  const detail = await detailOf(orderId);
  const items = await db()
    .selectFrom('order_items as i')
    .innerJoin('suborders as s', 's.id', 'i.suborder_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('units as un', 'un.id', 'i.unit_id')
    .innerJoin('product_units as pu', (join) =>
      join.onRef('pu.product_id', '=', 'i.product_id').onRef('pu.unit_id', '=', 'i.unit_id'),
    )
    .select([
      'i.id',
      'i.suborder_id',
      'p.id as product',
      'p.external_id',
      'p.stock_code',
      'p.name',
      'un.id as unit_id',
      'un.name as unit_name',
      'pu.gtin',
    ])
    .where('s.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  // the detail names a charge in the buyer's language; the event as the order stored it (English)
  const charges = await db()
    .selectFrom('extra_charges as x')
    .innerJoin('suborders as s', 's.id', 'x.suborder_id')
    .select(['x.suborder_id', 'x.name'])
    .where('s.order_id', '=', orderId)
    .orderBy('x.id')
    .execute();
  const address = await db()
    .selectFrom('company_addresses')
    .selectAll()
    .where('company_id', '=', 2)
    .where('kind', '=', 'delivery')
    .executeTakeFirstOrThrow();
  return {
    id: orderId,
    version: detail.version,
    created_at: detail.created_at,
    expected_delivery_date: inDays(9),
    customer_note: 'Hof',
    price_basis: expect.stringMatching(/^(net|gross)$/),
    company: { id: 2, external_id: 'EVENTS-CUST-1002', name: expect.stringContaining('Bosporus') },
    user: {
      id: expect.any(Number),
      external_id: null,
      email: 'mehmet.yilmaz@bosporus-imbiss.example',
      name: expect.stringContaining('Mehmet'),
    },
    delivery_address: {
      id: address.id,
      name: address.name,
      line1: address.line1,
      line2: address.line2,
      suburb: address.suburb,
      city: address.city,
      state: address.state,
      postal_code: address.postal_code,
      country: address.country,
    },
    totals: {
      subtotal: detail.subtotal,
      tax: detail.tax,
      deposit_total: detail.deposit_total,
      total: detail.total,
    },
    suborders: detail.suborders.map((suborder) => ({
      reference: suborder.reference,
      warehouse: suborder.warehouse,
      estimated_delivery_date: suborder.estimated_delivery_date,
      total: suborder.total,
      lines: items
        .filter((item) => item.suborder_id === suborder.id)
        .map((item, index) => {
          const shown = suborder.items[index];
          return {
            line_id: item.id,
            product: {
              id: item.product,
              external_id: item.external_id,
              stock_code: item.stock_code,
              name: item.name,
            },
            quantity: shown?.quantity,
            unit: { id: item.unit_id, name: item.unit_name, gtin: item.gtin },
            amount: shown?.amount,
            deposit_amount: shown?.deposit_amount,
            tax_rate_percent: rate(shown?.tax_rate_percent),
          };
        }),
      extra_charges: charges
        .filter((charge) => charge.suborder_id === suborder.id)
        .map((charge, index) => {
          const shown = suborder.extra_charges[index];
          return {
            code: shown?.code,
            name: charge.name,
            amount: shown?.amount,
            tax_rate_percent: rate(shown?.tax_rate_percent),
            tax_amount: shown?.tax_amount,
          };
        }),
    })),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const { access } = await new TestClient(server.app).signIn('other', 'other123');
  buyer = callerFor(server, access);
  key = await eventKey(server);
  const rows = await db()
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('pu.amount', '=', '1')
    .where('p.quantity_in_stock', '>', 100)
    .orderBy('p.id')
    .limit(2)
    .execute();
  const [first, second] = rows;
  if (!first || !second) throw new Error('the seed has too few products sold by the piece');
  products = [first.id, second.id];
  const singles = await db()
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.deposit_price', 'pu.unit_id'])
    .where('pu.amount', '=', '1')
    .where('p.quantity_in_stock', '>', 100)
    .orderBy('p.id')
    .execute();
  const withDeposit = singles.find((row) => toDecimal(row.deposit_price).greaterThan(0));
  if (!withDeposit) throw new Error('the seed has no product with a deposit sold by one');
  bottled = { product: withDeposit.id, unit: withDeposit.unit_id };
  await db()
    .updateTable('products')
    .set({ external_id: 'EVENTS-SPI-00036' })
    .where('id', '=', first.id)
    .execute();
  await db()
    .updateTable('product_units')
    .set({ gtin: '4006381333931' })
    .where('product_id', '=', first.id)
    .where('unit_id', '=', PIECE)
    .execute();
  await db().updateTable('companies').set({ external_id: 'EVENTS-CUST-1002' }).where('id', '=', 2).execute();
});
afterAll(() => server.close());

describe('an order placed', () => {
  it('writes one order.placed event with the whole order, its figures as decimal text', async () => {
    const [first, second] = products;
    const orderId = await placeOrder([line(first, '2'), line(second, '1')]);

    const rows = await eventRows(orderId);
    expect(rows).toHaveLength(1);
    const [event] = await pulledOf(orderId);
    expect(event).toEqual({
      cursor: String(rows[0]?.seq),
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'order.placed',
      created_at: rows[0]?.created_at,
      order_id: orderId,
      payload: {
        type: 'order.placed',
        timestamp: (await detailOf(orderId)).created_at,
        data: { order: { ...(await expectedOrder(orderId)), version: 1, cancelled: false } },
      },
    });
    const lines = event?.payload.data.order.suborders.flatMap((suborder) => suborder.lines) ?? [];
    expect(lines.map((each) => [each.product.id, each.quantity])).toEqual([
      [first, '2'],
      [second, '1'],
    ]);
    expect(lines[0]).toMatchObject({
      product: { external_id: 'EVENTS-SPI-00036' },
      unit: { gtin: '4006381333931' },
    });
    for (const each of lines) expect(each.amount).toMatch(/^\d+\.\d\d$/);
    expect(event?.payload.data.order.totals.total).toMatch(/^\d+\.\d\d$/);
  });

  it("carries each line's deposit and each suborder's charges, which add up to the suborder's total", async () => {
    const orderId = await placeOrder([line(bottled.product, '3', bottled.unit), line(products[1], '1')]);
    const [event] = await pulledOf(orderId);
    expect(event?.payload.data.order).toEqual({
      ...(await expectedOrder(orderId)),
      version: 1,
      cancelled: false,
    });
    const suborders = event?.payload.data.order.suborders ?? [];
    expect(suborders.length).toBeGreaterThan(0);
    const bottledLine = suborders
      .flatMap((suborder) => suborder.lines)
      .find((each) => each.product.id === bottled.product);
    expect(toDecimal(bottledLine?.deposit_amount ?? '0').greaterThan(0)).toBe(true);
    for (const suborder of suborders) {
      // a small order pays the delivery fee in every warehouse, taxed at its own rate
      expect(suborder.extra_charges).toContainEqual(
        expect.objectContaining({ code: 'delivery_fee', name: 'Delivery fee', tax_rate_percent: '19' }),
      );
      const lines = suborder.lines.reduce(
        (sum, each) => sum.plus(each.amount).plus(each.deposit_amount ?? '0'),
        toDecimal('0'),
      );
      const charges = suborder.extra_charges.reduce((sum, each) => sum.plus(each.amount), toDecimal('0'));
      expect(lines.plus(charges).toFixed(2)).toBe(suborder.total);
    }
  });

  it('stores the body it answers, byte for byte', async () => {
    const orderId = await placeOrder([line(products[0], '1')]);
    const [row] = await eventRows(orderId);
    const [event] = await pulledOf(orderId);
    expect(row?.id).toBe(event?.id);
    expect(JSON.stringify(event?.payload)).toBe(row?.payload);
  });

  it('writes one event for the same Idempotency-Key sent twice', async () => {
    const headers = { 'Idempotency-Key': 'order-events-replay-0001' };
    const orderId = await placeOrder([line(products[1], '3')], headers);
    expect(await placeOrder([line(products[1], '3')], headers)).toBe(orderId);
    expect(await eventRows(orderId)).toHaveLength(1);
    expect((await pulledOf(orderId)).map((event) => event.type)).toEqual(['order.placed']);
  });
});

describe('an order changed and cancelled', () => {
  it('writes order.amended with the new lines and order.cancelled with the order as cancelled', async () => {
    const [first, second] = products;
    const orderId = await placeOrder([line(first, '1')]);
    const amended = await buyer('PUT', `/api/netb2b/orders/${orderId}/`, {
      version: 1,
      items: [line(first, '4'), line(second, '2')],
      expected_delivery_date: inDays(10),
      customer_note: 'Hof, Tor 2',
    });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const afterChange = await expectedOrder(orderId);
    const cancelled = await buyer('POST', `/api/netb2b/orders/${orderId}/cancel/`, { version: 2 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const afterCancel = await expectedOrder(orderId);

    const events = await pulledOf(orderId);
    expect(events.map((event) => event.type)).toEqual(['order.placed', 'order.amended', 'order.cancelled']);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    const [, change, cancel] = events;
    expect(change?.payload).toEqual({
      type: 'order.amended',
      timestamp: change?.created_at,
      data: {
        order: {
          ...afterChange,
          version: 2,
          cancelled: false,
          expected_delivery_date: inDays(10),
          customer_note: 'Hof, Tor 2',
        },
      },
    });
    expect(
      change?.payload.data.order.suborders.flatMap((suborder) =>
        suborder.lines.map((each) => [each.product.id, each.quantity]),
      ),
    ).toEqual([
      [first, '4'],
      [second, '2'],
    ]);
    expect(cancel?.payload).toEqual({
      type: 'order.cancelled',
      timestamp: cancel?.created_at,
      data: {
        order: {
          ...afterCancel,
          version: 3,
          cancelled: true,
          expected_delivery_date: inDays(10),
          customer_note: 'Hof, Tor 2',
        },
      },
    });
    // The lines stay on a cancelled order: the ERP sees what it no longer delivers.
    expect(cancel?.payload.data.order.suborders.flatMap((suborder) => suborder.lines)).toHaveLength(2);
  });

  it('writes no event for a change that is refused', async () => {
    const orderId = await placeOrder([line(products[0], '1')]);
    const stale = await buyer('POST', `/api/netb2b/orders/${orderId}/cancel/`, { version: 5 });
    expect(stale.status).toBe(409);
    expect((await pulledOf(orderId)).map((event) => event.type)).toEqual(['order.placed']);
  });
});

describe('the pull', () => {
  it('answers every event once, in order, a page at a time', async () => {
    const [first, second] = products;
    for (const product of [first, second, first]) await placeOrder([line(product, '1')]);
    const all = await pullAll(server.app, key, '0', 500);
    const paged = await pullAll(server.app, key, '0', 2);
    expect(paged.events).toEqual(all.events);
    expect(paged.cursor).toBe(all.cursor);
    const cursors = all.events.map((event) => Number(event.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(all.events.map((event) => event.id)).size).toBe(all.events.length);
    const stored = await db().selectFrom('order_events').select('id').orderBy('seq').execute();
    expect(all.events.map((event) => event.id)).toEqual(stored.map((row) => row.id));
  });

  it('says whether more follow, and keeps the cursor when nothing is new', async () => {
    const { cursor } = await pullAll(server.app, key);
    const empty = await pullEvents(server.app, key, `after=${cursor}`);
    expect(empty).toEqual({ status: 200, body: { events: [], next_cursor: cursor, has_more: false } });

    await placeOrder([line(products[0], '1')]);
    await placeOrder([line(products[1], '1')]);
    const first = await pullEvents(server.app, key, `after=${cursor}&limit=1`);
    expect(first.body.events).toHaveLength(1);
    expect(first.body.has_more).toBe(true);
    expect(first.body.next_cursor).toBe(first.body.events[0]?.cursor);
    const second = await pullEvents(server.app, key, `after=${first.body.next_cursor}&limit=1`);
    expect(second.body.events).toHaveLength(1);
    expect(second.body.has_more).toBe(false);
    // A cursor past every event (even past what the column holds) has nothing after it.
    expect((await pullEvents(server.app, key, 'after=99999999999')).body).toEqual({
      events: [],
      next_cursor: '99999999999',
      has_more: false,
    });
  });

  it('refuses a cursor or limit that does not fit with 400 invalid', async () => {
    for (const [query, field] of [
      ['after=abc', 'after'],
      ['after=-1', 'after'],
      ['after=007', 'after'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=2.5', 'limit'],
    ] as const) {
      const { status, body } = await pullEvents(server.app, key, query);
      expect([query, status, body.code, Object.keys(body.errors as object)]).toEqual([
        query,
        400,
        'invalid',
        [field],
      ]);
    }
  });

  it('needs the scope events:read, and a key', async () => {
    const other = await eventKey(server, ['jobs:read', 'suborders:write']);
    const refused = await pullEvents(server.app, other);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('scope_missing');
    const anonymous = await pullEvents(server.app, undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('integration_key_invalid');
  });
});

describe('webhook endpoints', () => {
  const endpoint = async (fields: { enabled?: number; retired_at?: string | null }) =>
    (
      await db()
        .insertInto('webhook_endpoints')
        .values({
          url: 'https://erp.example/hooks',
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          created_at: server.clock.now().toISOString(),
          created_by: 'cli',
          retired_at: null,
          ...fields,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('get one pending delivery per event, due at once; a disabled or retired one gets none', async () => {
    const taking = await endpoint({});
    const disabled = await endpoint({ enabled: 0 });
    const retired = await endpoint({ retired_at: server.clock.now().toISOString() });
    const orderId = await placeOrder([line(products[0], '1')]);
    const cancelled = await buyer('POST', `/api/netb2b/orders/${orderId}/cancel/`, { version: 1 });
    expect(cancelled.status).toBe(200);

    const events = await eventRows(orderId);
    const deliveries = await db()
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('event_seq')
      .execute();
    expect(deliveries.map((row) => [row.endpoint_id, row.event_seq, row.status, row.attempts])).toEqual(
      events.map((event) => [taking, event.seq, 'pending', 0]),
    );
    expect(deliveries.map((row) => row.next_attempt_at)).toEqual(events.map((event) => event.created_at));
    const others = await db()
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', 'in', [disabled, retired])
      .execute();
    expect(others).toEqual([]);
  });
});
