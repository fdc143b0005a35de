import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationScope } from '../../server/imports/import-kind';
import { createIntegrationKey } from '../../server/integration/keys';
import { ORDER_ITEM_KEYS, SUBORDER_KEYS } from '../../server/profile/spec-fields';
import { addDays, toIsoDate } from '../../src/domain/dates';
import {
  type SuborderLifeState,
  type SuborderReportType,
  suborderLifeStates,
  suborderReportTypes,
  suborderStateAfter,
} from '../../src/machines/orders/suborder-life';
import { TestClient } from './support/http-client';
import { PIECE, pieceProductInStock, placePieceOrder } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// What the ERP reports of each suborder, on both engines: the chart decides what is possible, each
// report lands once, and the buyer sees it in the order, the order list and the notifications.

const BASE = '/api/integration/v1';
const REPORT_TYPES = Object.keys(suborderReportTypes) as SuborderReportType[];
/** Tuesday 1 December 2026, 14:00 in Berlin (the seeded calendar's time zone) */
const ETA = '2026-12-01T13:00:00.000Z';

let server: TestServer;
let key: string;
let buyer: Caller;
let buyerToken: string;
let productId: number;

const db = () => server.database.db;
/** the day placePieceOrder orders for, which the seeded calendar serves */
const deliveryDay = () => toIsoDate(addDays(server.clock.now(), 9));

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function integrationCall(method: string, path: string, body?: unknown, secret = key): Promise<Answer> {
  const response = await server.app.request(
    `${BASE}${path}`,
    {
      method,
      headers: {
        ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
        'Content-Type': 'application/json',
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    },
    { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const report = (reference: string, body: unknown, secret = key) =>
  integrationCall('POST', `/suborders/${encodeURIComponent(reference)}/events`, body, secret);

/** The smallest body of a report of this type. */
const bodyOf = (type: SuborderReportType): Record<string, unknown> =>
  type === 'shipped' ? { type, eta: ETA, delivery_note_number: 'LS-4711' } : { type };

async function reported(reference: string, body: unknown) {
  const answer = await report(reference, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The reports that lead from processing to `state`, read off the chart (shortest first). */
function pathTo(state: SuborderLifeState): SuborderReportType[] {
  const paths = new Map<string, SuborderReportType[]>([['processing', []]]);
  const queue: string[] = ['processing'];
  for (let current = queue.shift(); current !== undefined; current = queue.shift())
    for (const type of REPORT_TYPES) {
      const next = suborderStateAfter(current, type);
      if (next !== null && !paths.has(next)) {
        paths.set(next, [...(paths.get(current) ?? []), type]);
        queue.push(next);
      }
    }
  const path = paths.get(state);
  if (!path) throw new Error(`the chart never reaches ${state}`);
  return path;
}

interface PlacedSuborder {
  orderId: number;
  suborderId: number;
  reference: string;
}

async function suborderOf(orderId: number): Promise<PlacedSuborder> {
  const row = await db()
    .selectFrom('suborders')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { orderId, suborderId: row.id, reference: `SO-${row.id}` };
}

/** A new order of one suborder, reported by the ERP until it is in `state`. */
async function suborderIn(state: SuborderLifeState): Promise<PlacedSuborder> {
  const placed = await suborderOf(await placePieceOrder(server, buyer, productId));
  for (const type of pathTo(state)) await reported(placed.reference, bodyOf(type));
  return placed;
}

/** Everything a report could change, as the database holds it. */
async function storedState(orderId: number) {
  const suborders = await db()
    .selectFrom('suborders')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const ids = suborders.map((suborder) => suborder.id);
  return {
    order: await db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow(),
    suborders,
    items: await db()
      .selectFrom('order_items')
      .selectAll()
      .where('suborder_id', 'in', ids)
      .orderBy('id')
      .execute(),
    events: await db()
      .selectFrom('suborder_events')
      .selectAll()
      .where('suborder_id', 'in', ids)
      .orderBy('id')
      .execute(),
    notifications: await db()
      .selectFrom('notifications')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
  };
}

interface OrderDetail {
  id: number;
  is_finalized: boolean;
  finalized_at: string | null;
  amendable_until: string | null;
  suborders: {
    id: number;
    status: string;
    reference?: string;
    eta?: string | null;
    delivery_note_number?: string | null;
    timeline?: { state: string; at: string }[];
    items: {
      product: { id: number };
      quantity: string;
      delivered_quantity?: string | null;
      substitute?: unknown;
    }[];
  }[];
}

async function orderDetail(orderId: number, language = 'en'): Promise<OrderDetail> {
  const answer = await buyer('GET', `/api/netb2b/orders/${orderId}/`, undefined, {
    'Accept-Language': language,
  });
  expect(answer.status).toBe(200);
  return answer.body as OrderDetail;
}

interface NotificationAnswer {
  id: number;
  name: string;
  description: string;
  order?: number | null;
}

async function notificationsAbout(orderId: number, language = 'en') {
  const answer = await buyer('GET', '/api/netb2b/notifications/', undefined, { 'Accept-Language': language });
  expect(answer.status).toBe(200);
  return (answer.body as NotificationAnswer[]).filter((notification) => notification.order === orderId);
}

async function keyWith(scopes: IntegrationScope[]) {
  const { secret } = await createIntegrationKey(db(), {
    name: `erp-${scopes.join('-') || 'none'}`,
    scopes,
    createdBy: 'cli',
    now: server.clock.now(),
  });
  return secret;
}

beforeAll(async () => {
  server = await startTestServer();
  key = await keyWith(['suborders:write']);
  buyerToken = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
  buyer = callerFor(server, buyerToken);
  productId = await pieceProductInStock(db());
});
afterAll(() => server.close());

describe('the chart decides which report a suborder takes', { timeout: 120_000 }, () => {
  for (const state of suborderLifeStates) {
    const illegal = REPORT_TYPES.filter((type) => suborderStateAfter(state, type) === null);
    const legal = REPORT_TYPES.filter((type) => suborderStateAfter(state, type) !== null);

    it(`refuses in ${state} every report the chart has no transition for (${illegal.join(', ') || 'none'}) with 409, and changes nothing`, async () => {
      const suborder = await suborderIn(state);
      const before = await storedState(suborder.orderId);
      for (const type of illegal) {
        const answer = await report(suborder.reference, { ...bodyOf(type), id: `illegal-${state}-${type}` });
        expect([type, answer.status, answer.body]).toEqual([
          type,
          409,
          {
            code: 'illegal_transition',
            detail: `A suborder in state "${state}" cannot be reported "${type}".`,
            current_state: state,
          },
        ]);
        expect(await storedState(suborder.orderId)).toEqual(before);
      }
    });

    for (const type of legal) {
      const after = suborderStateAfter(state, type);
      it(`moves a suborder in ${state} to ${after} on "${type}"`, async () => {
        const suborder = await suborderIn(state);
        const before = await storedState(suborder.orderId);
        const answer = await report(suborder.reference, {
          ...bodyOf(type),
          occurred_at: '2026-11-30T08:15:00Z',
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body).toEqual({
          reference: suborder.reference,
          state: after,
          previous_state: state,
          event: { id: expect.any(Number), type, state: after, occurred_at: '2026-11-30T08:15:00.000Z' },
        });
        const now = await storedState(suborder.orderId);
        expect(now.suborders.map((row) => row.status)).toEqual([after]);
        expect(now.events.slice(before.events.length).map((event) => [event.type, event.state])).toEqual([
          [type, after],
        ]);
        const detail = await orderDetail(suborder.orderId);
        expect(detail.suborders[0]?.status).toBe(after);
        expect(detail.suborders[0]?.timeline?.at(-1)).toEqual({
          state: after,
          at: '2026-11-30T08:15:00.000Z',
        });
      });
    }
  }
});

describe('a report that does not fit', () => {
  it('needs an eta and a delivery note with "shipped", takes lines only with "delivered", and changes nothing', async () => {
    const suborder = await suborderIn('confirmed');
    const before = await storedState(suborder.orderId);
    const bare = await report(suborder.reference, { type: 'shipped' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'invalid' });
    expect(Object.keys(bare.body.errors as object).sort()).toEqual(['delivery_note_number', 'eta']);
    const noNote = await report(suborder.reference, { type: 'shipped', eta: ETA, delivery_note_number: ' ' });
    expect(Object.keys(noNote.body.errors as object)).toEqual(['delivery_note_number']);
    const badEta = await report(suborder.reference, {
      type: 'shipped',
      eta: 'soon',
      delivery_note_number: 'LS-1',
    });
    expect(Object.keys(badEta.body.errors as object)).toEqual(['eta']);
    const withLines = await report(suborder.reference, {
      ...bodyOf('shipped'),
      lines: [{ line_id: 1, delivered_quantity: '1' }],
    });
    expect(withLines.status).toBe(400);
    const unknownType = await report(suborder.reference, { type: 'lost' });
    expect(unknownType.status).toBe(400);
    const notJson = await report(suborder.reference, '{"type":');
    expect([notJson.status, notJson.body.code]).toEqual([400, 'malformed_json']);
    expect(await storedState(suborder.orderId)).toEqual(before);
  });

  it('answers 404 for a reference no suborder has', async () => {
    for (const reference of ['SO-999999', 'ERP-NOPE', 'SO-0'])
      expect(await report(reference, bodyOf('received'))).toEqual({
        status: 404,
        body: { code: 'not_found', detail: 'No suborder has this reference.' },
      });
  });
});

describe('a delivery with a line short and a substitute', () => {
  it('shows in the order detail: what arrived, what came instead, the timeline, the ETA and the note', async () => {
    const second = await db()
      .selectFrom('products as p')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .select('p.id')
      .where('pu.unit_id', '=', PIECE)
      .where('p.quantity_in_stock', '>', 100)
      .where('p.id', '<>', productId)
      .where('p.warehouse_id', '=', (eb) =>
        eb.selectFrom('products').select('warehouse_id').where('id', '=', productId),
      )
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const placed = await buyer('POST', '/api/netb2b/orders/', {
      items: [
        { product: productId, quantity: '3', unit: PIECE },
        { product: second.id, quantity: '2', unit: PIECE },
      ],
      expected_delivery_date: deliveryDay(),
      is_preorder: false,
      customer_note: '',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const suborder = await suborderOf((placed.body as { id: number }).id);
    const lines = await db()
      .selectFrom('order_items')
      .select(['id', 'product_id'])
      .where('suborder_id', '=', suborder.suborderId)
      .orderBy('id')
      .execute();
    const short = lines.find((line) => line.product_id === productId);
    const substitute = await db()
      .selectFrom('products as p')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .innerJoin('units as u', 'u.id', 'pu.unit_id')
      .select(['p.id', 'p.name', 'p.stock_code', 'u.id as unit_id', 'u.name as unit_name'])
      .where('p.id', 'not in', [productId, second.id])
      .orderBy('p.id')
      .orderBy('u.id', 'desc')
      .executeTakeFirstOrThrow();

    for (const type of ['received', 'confirmed', 'picking'] as const)
      await reported(suborder.reference, { type });
    await reported(suborder.reference, {
      type: 'shipped',
      eta: ETA,
      delivery_note_number: 'LS-4711',
      occurred_at: '2026-11-30T06:00:00Z',
    });
    const tooMuch = await report(suborder.reference, {
      type: 'delivered',
      lines: [{ line_id: short?.id, delivered_quantity: '4' }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual({
      'lines.0.delivered_quantity': [expect.stringContaining('3 ordered')],
    });
    const foreign = await report(suborder.reference, {
      type: 'delivered',
      lines: [
        { line_id: 1, delivered_quantity: '0' },
        {
          line_id: short?.id,
          delivered_quantity: '1',
          substitute: { product: 'NO-SUCH-PRODUCT', quantity: '1' },
        },
      ],
    });
    expect(Object.keys(foreign.body.errors as object).sort()).toEqual([
      'lines.0.line_id',
      'lines.1.substitute.product',
    ]);

    await reported(suborder.reference, {
      type: 'delivered',
      occurred_at: '2026-12-01T13:20:00Z',
      lines: [
        {
          line_id: short?.id,
          delivered_quantity: 2.5,
          substitute: { product: substitute.stock_code, quantity: '1', unit: String(substitute.unit_id) },
        },
      ],
    });

    const detail = await orderDetail(suborder.orderId);
    const [delivered] = detail.suborders;
    expect(delivered).toMatchObject({
      status: 'delivered',
      reference: suborder.reference,
      eta: ETA,
      delivery_note_number: 'LS-4711',
    });
    expect(delivered?.timeline?.map((step) => step.state)).toEqual([
      'received',
      'confirmed',
      'picking',
      'shipped',
      'delivered',
    ]);
    expect(delivered?.timeline?.slice(-2).map((step) => step.at)).toEqual([
      '2026-11-30T06:00:00.000Z',
      '2026-12-01T13:20:00.000Z',
    ]);
    expect(
      delivered?.items.map((item) => [
        item.product.id,
        item.quantity,
        item.delivered_quantity,
        item.substitute,
      ]),
    ).toEqual([
      [
        productId,
        '3',
        '2.5',
        {
          product: { id: substitute.id, name: substitute.name },
          quantity: '1',
          unit: { id: substitute.unit_id, name: expect.any(String) },
        },
      ],
      [second.id, '2', '2', null],
    ]);

    const notices = await notificationsAbout(suborder.orderId);
    expect(notices.map((notice) => notice.name)).toContain(
      `Order ${suborder.orderId}: delivered, 1 line short, 1 product substituted`,
    );
    expect(notices.map((notice) => notice.name)).toContain(
      `Order ${suborder.orderId}: shipped, expected Tue 1 Dec, 14:00, delivery note LS-4711`,
    );
  });
});

describe('the same report twice', () => {
  it('is stored once, announced once, and answered as the first time (200)', async () => {
    const suborder = await suborderIn('confirmed');
    const body = { ...bodyOf('shipped'), id: 'erp-report-77' };
    const first = await report(suborder.reference, body);
    expect(first.status).toBe(201);
    const stored = await storedState(suborder.orderId);
    const again = await report(suborder.reference, body);
    expect(again).toEqual({ status: 200, body: first.body });
    // even after the suborder moved on, the id answers as it did and changes nothing
    await reported(suborder.reference, bodyOf('delivered'));
    const later = await storedState(suborder.orderId);
    expect(await report(suborder.reference, body)).toEqual({ status: 200, body: first.body });
    expect(await storedState(suborder.orderId)).toEqual(later);
    expect(stored.events.filter((event) => event.event_key === 'erp-report-77')).toHaveLength(1);
    const shippedNotices = (await notificationsAbout(suborder.orderId)).filter((notice) =>
      notice.name.includes('shipped'),
    );
    expect(shippedNotices).toHaveLength(1);
  });

  it('lands once when sent twice at the same moment', async () => {
    const suborder = await suborderIn('received');
    const body = { type: 'confirmed', id: 'erp-report-race' };
    const answers = await Promise.all([report(suborder.reference, body), report(suborder.reference, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    const { events, notifications } = await storedState(suborder.orderId);
    expect(events.map((event) => event.type)).toEqual(['received', 'confirmed']);
    expect(notifications).toHaveLength(2);
  });
});

describe('a later "shipped"', () => {
  it('moves the ETA and tells the buyer, and a repeat with the same ETA tells nothing', async () => {
    const suborder = await suborderIn('shipped');
    const moved = await reported(suborder.reference, {
      type: 'shipped',
      eta: '2026-12-02T09:30:00+01:00',
      delivery_note_number: 'LS-4711',
    });
    expect(moved).toMatchObject({ state: 'shipped', previous_state: 'shipped' });
    await reported(suborder.reference, {
      type: 'shipped',
      eta: '2026-12-02T08:30:00Z',
      delivery_note_number: 'LS-4711',
    });
    const detail = await orderDetail(suborder.orderId);
    expect(detail.suborders[0]?.eta).toBe('2026-12-02T08:30:00.000Z');
    // newest first: the move, then the first shipment; the repeat added none
    const names = (await notificationsAbout(suborder.orderId)).map((notice) => notice.name);
    expect(names.filter((name) => name.includes('LS-4711'))).toEqual([
      `Order ${suborder.orderId}: now expected Wed 2 Dec, 09:30, delivery note LS-4711`,
      `Order ${suborder.orderId}: shipped, expected Tue 1 Dec, 14:00, delivery note LS-4711`,
    ]);
  });
});

describe('the ERP’s own number', () => {
  it('names the suborder once a report gave it, and cannot name two suborders', async () => {
    const first = await suborderIn('processing');
    const second = await suborderIn('processing');
    const number = `ERP-${first.suborderId}-A`;
    const answer = await reported(first.reference, { type: 'received', external_id: number });
    expect(answer.reference).toBe(number);
    const taken = await report(second.reference, { type: 'received', external_id: number });
    expect([taken.status, Object.keys(taken.body.errors as object)]).toEqual([400, ['external_id']]);
    const shadow = await report(second.reference, { type: 'received', external_id: first.reference });
    expect(shadow.status).toBe(400);
    // both names keep working
    expect((await reported(number, { type: 'confirmed' })).state).toBe('confirmed');
    expect((await reported(first.reference, bodyOf('picking'))).reference).toBe(number);
    expect((await orderDetail(first.orderId)).suborders[0]?.reference).toBe(number);
  });
});

describe('the order follows its suborders', () => {
  it('is finalized when its last suborder is delivered or cancelled, and moves from open to closed', async () => {
    const otherWarehouse = await db()
      .selectFrom('products as p')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .select('p.id')
      .where('pu.unit_id', '=', PIECE)
      .where('p.quantity_in_stock', '>', 100)
      .where('p.warehouse_id', '<>', (eb) =>
        eb.selectFrom('products').select('warehouse_id').where('id', '=', productId),
      )
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const placed = await buyer('POST', '/api/netb2b/orders/', {
      items: [
        { product: productId, quantity: '1', unit: PIECE },
        { product: otherWarehouse.id, quantity: '1', unit: PIECE },
      ],
      expected_delivery_date: deliveryDay(),
      is_preorder: false,
      customer_note: '',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = (placed.body as { id: number }).id;
    const references = (
      await db().selectFrom('suborders').select('id').where('order_id', '=', orderId).orderBy('id').execute()
    ).map((row) => `SO-${row.id}`);
    expect(references).toHaveLength(2);
    const [first = '', second = ''] = references;
    const listed = async () => {
      const answer = await buyer('GET', '/api/netb2b/orders/');
      return (answer.body as OrderDetail[]).find((order) => order.id === orderId);
    };

    for (const type of pathTo('delivered')) await reported(first, bodyOf(type));
    expect(await listed()).toMatchObject({ is_finalized: false, finalized_at: null });

    await reported(second, { type: 'cancelled', reason: 'Out of stock' });
    const cancelledAt = (
      await db()
        .selectFrom('suborder_events')
        .select('recorded_at')
        .where('type', '=', 'cancelled')
        .where('suborder_id', '=', Number(second.slice('SO-'.length)))
        .executeTakeFirstOrThrow()
    ).recorded_at;
    const closed = await listed();
    expect(closed).toMatchObject({ is_finalized: true, finalized_at: cancelledAt });
    // the portal issues no invoice of its own for a delivery the ERP reported
    const invoices = await db().selectFrom('invoices').select('id').where('order_id', '=', orderId).execute();
    expect(invoices).toEqual([]);
    const cancelledNotice = (await notificationsAbout(orderId)).find((notice) =>
      notice.name.includes('cancelled'),
    );
    expect(cancelledNotice).toMatchObject({
      name: `Order ${orderId}: cancelled by the supplier`,
      description: expect.stringContaining('Reason: Out of stock'),
    });
    // invoicing the delivered one keeps the order closed, at its first finalization
    await reported(first, { type: 'invoiced', document: 'INV-2026-1' });
    expect((await listed())?.finalized_at).toBe(closed?.finalized_at);
  });
});

describe('the buyer’s notifications', () => {
  it('come in the buyer’s language and open the order', async () => {
    const suborder = await suborderIn('confirmed');
    await reported(suborder.reference, bodyOf('shipped'));
    const [german] = await notificationsAbout(suborder.orderId, 'de');
    expect(german?.order).toBe(suborder.orderId);
    expect(german?.name).toMatch(
      new RegExp(`^Bestellung ${suborder.orderId}: versandt, erwartet .+, Lieferschein LS-4711$`),
    );
    expect(german?.description).toMatch(/^Die Lieferung von .+ ist unterwegs\.$/);
    const [arabic] = await notificationsAbout(suborder.orderId, 'ar');
    expect(arabic?.name).toMatch(new RegExp(`^الطلب ${suborder.orderId}: تم الشحن`));
    // notifications about no order say so
    const all = await buyer('GET', '/api/netb2b/notifications/');
    expect((all.body as NotificationAnswer[]).some((notification) => notification.order === null)).toBe(true);
  });
});

describe('who may report', () => {
  it('needs a key (401) with the scope suborders:write (403)', async () => {
    const suborder = await suborderIn('processing');
    const before = await storedState(suborder.orderId);
    const anonymous = await report(suborder.reference, bodyOf('received'), '');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'integration_key_invalid']);
    const catalogueOnly = await keyWith(['catalogue:write', 'events:read']);
    const refused = await report(suborder.reference, bodyOf('received'), catalogueOnly);
    expect([refused.status, refused.body.code]).toEqual([403, 'scope_missing']);
    expect(await storedState(suborder.orderId)).toEqual(before);
  });
});

describe('API_PROFILE=spec', () => {
  it('shows none of it: the order list keeps the specification’s fields, notifications do not exist', async () => {
    const suborder = await suborderIn('delivered');
    const spec = server.freshApp({ apiProfile: 'spec' });
    const specCall = callerFor({ ...server, app: spec }, buyerToken);
    const list = await specCall('GET', '/api/netb2b/orders/');
    expect(list.status).toBe(200);
    const order = (list.body as OrderDetail[]).find((row) => row.id === suborder.orderId);
    const [specSuborder] = order?.suborders ?? [];
    expect(Object.keys(specSuborder ?? {}).sort()).toEqual([...SUBORDER_KEYS].sort());
    for (const item of specSuborder?.items ?? [])
      expect(Object.keys(item).every((name) => (ORDER_ITEM_KEYS as readonly string[]).includes(name))).toBe(
        true,
      );
    expect((await specCall('GET', '/api/netb2b/notifications/')).status).toBe(404);
    expect((await specCall('GET', `/api/netb2b/orders/${suborder.orderId}/`)).status).toBe(404);
  });
});
