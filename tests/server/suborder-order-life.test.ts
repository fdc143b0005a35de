import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { createIntegrationKey } from '../../server/integration/keys';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { staffSessionWire } from '../../src/services/api/wire/staff';
import { TestClient } from './support/http-client';
import { PIECE, pieceProductInStock, placePieceOrder } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// How the ERP's reports meet the rest of an order's life, on both engines: the buyer's changes stop
// once a warehouse picks, the retention rule and the supplier API leave the ERP's suborders to it
// but finalize the orders they close, and the staff console reads every report.

const BASE = '/api/integration/v1';
const SUPPLIER_KEY = 'supplier-key-for-suborder-reports-0123456789';
const ETA = '2026-12-01T13:00:00.000Z';

let server: TestServer;
let supplierApp: ServerApp;
let key: string;
let buyer: Caller;
let staffToken: string;
let staffClient: TestClient;
let productId: number;

const db = () => server.database.db;

async function report(reference: string, body: unknown) {
  const response = await server.app.request(
    `${BASE}/suborders/${encodeURIComponent(reference)}/events`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { reference: string; state: string };
}

const shipped = { type: 'shipped', eta: ETA, delivery_note_number: 'LS-9' };

async function placeOrder() {
  const orderId = await placePieceOrder(server, buyer, productId);
  const suborder = await db()
    .selectFrom('suborders')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { orderId, suborderId: suborder.id, reference: `SO-${suborder.id}` };
}

const orderRow = (orderId: number) =>
  db()
    .selectFrom('orders')
    .select(['is_finalized', 'finalized_at', 'version'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

const statusOf = async (suborderId: number) =>
  (await db().selectFrom('suborders').select('status').where('id', '=', suborderId).executeTakeFirstOrThrow())
    .status;

const amend = (orderId: number, version: number, quantity: string) =>
  buyer('PUT', `/api/netb2b/orders/${orderId}/`, {
    version,
    items: [{ product: productId, quantity, unit: PIECE }],
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
  });

const staffCall = (path: string) => staffClient.json('GET', path, undefined, staffToken);

beforeAll(async () => {
  server = await startTestServer();
  supplierApp = server.freshApp({ supplierApiKey: SUPPLIER_KEY });
  key = (
    await createIntegrationKey(db(), {
      name: 'erp',
      scopes: ['suborders:write'],
      createdBy: 'cli',
      now: server.clock.now(),
    })
  ).secret;
  buyer = callerFor(server, (await new TestClient(server.app).signIn('buyer', 'buyer123')).access);
  staffClient = new TestClient(server.app);
  const session = await staffClient.json('POST', '/api/staff/session/', {
    username: 'staff',
    password: 'staff123',
  });
  staffToken = staffSessionWire.parse(session.body).access;
  productId = await pieceProductInStock(db());
});
afterAll(() => server.close());

describe('the buyer’s change of an order the ERP reported on', () => {
  it('is taken while the warehouse has only received or confirmed it; the ERP keeps its suborder', async () => {
    const placed = await placeOrder();
    await report(placed.reference, { type: 'received', external_id: `ERP-${placed.suborderId}` });
    await report(`ERP-${placed.suborderId}`, { type: 'confirmed' });
    const changed = await amend(placed.orderId, 1, '2');
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const suborders = await db()
      .selectFrom('suborders')
      .select(['id', 'status', 'external_id'])
      .where('order_id', '=', placed.orderId)
      .execute();
    expect(suborders.map((row) => [row.status, row.external_id])).toEqual([
      ['confirmed', `ERP-${placed.suborderId}`],
    ]);
    const reports = await db()
      .selectFrom('suborder_events')
      .select('type')
      .where('suborder_id', '=', suborders[0]?.id ?? 0)
      .orderBy('id')
      .execute();
    expect(reports.map((row) => row.type)).toEqual(['received', 'confirmed']);
    // the ERP's next report still finds it by its own number
    expect((await report(`ERP-${placed.suborderId}`, { type: 'picking' })).state).toBe('picking');
  });

  it('is refused once a warehouse picks it, a change and a cancel alike', async () => {
    const placed = await placeOrder();
    for (const type of ['confirmed', 'picking']) await report(placed.reference, { type });
    for (const answer of [
      await amend(placed.orderId, 1, '2'),
      await buyer('POST', `/api/netb2b/orders/${placed.orderId}/cancel/`, { version: 1 }),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'order_not_amendable',
        detail: 'The order can no longer be changed: The warehouse is already preparing the order.',
      });
    }
    const detail = await buyer('GET', `/api/netb2b/orders/${placed.orderId}/`);
    expect(detail.body).toMatchObject({ version: 1, amendable_until: null, cancelled_at: null });
    expect(await statusOf(placed.suborderId)).toBe('picking');
  });
});

describe('the retention rule', () => {
  it('closes only suborders no ERP reported on, whatever their state, and finalizes their orders', async () => {
    const unreported = await placeOrder();
    const legacyShipped = await placeOrder();
    // shipped before there were ERP reports (the seed's and the migration's "in_delivery")
    await db()
      .updateTable('suborders')
      .set({ status: 'shipped' })
      .where('id', '=', legacyShipped.suborderId)
      .execute();
    const received = await placeOrder();
    await report(received.reference, { type: 'received' });
    const onTheTruck = await placeOrder();
    for (const body of [{ type: 'confirmed' }, shipped]) await report(onTheTruck.reference, body);

    await closePastSuborders(db(), addDays(server.clock.now(), 40));

    for (const closed of [unreported, legacyShipped]) {
      expect(await statusOf(closed.suborderId)).toBe('delivered');
      expect(await orderRow(closed.orderId)).toMatchObject({ is_finalized: 1 });
    }
    expect(await statusOf(received.suborderId)).toBe('received');
    expect(await statusOf(onTheTruck.suborderId)).toBe('shipped');
    for (const open of [received, onTheTruck])
      expect(await orderRow(open.orderId)).toMatchObject({ is_finalized: 0, finalized_at: null });
  });
});

describe('the supplier API’s delivery report', () => {
  it('finalizes the order it closes', async () => {
    const placed = await placeOrder();
    const response = await supplierApp.request(`/api/supplier/suborders/${placed.suborderId}/delivered/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SUPPLIER_KEY}` },
    });
    expect(response.status).toBe(201);
    expect(await orderRow(placed.orderId)).toMatchObject({ is_finalized: 1 });
    const listed = await buyer('GET', '/api/netb2b/orders/');
    expect(
      (listed.body as { id: number; is_finalized: boolean }[]).find((o) => o.id === placed.orderId),
    ).toMatchObject({ is_finalized: true });
  });
});

describe('the staff console', () => {
  it('lists an order’s suborders and shows each report of one', async () => {
    const placed = await placeOrder();
    await report(placed.reference, {
      type: 'received',
      external_id: `ERP-S-${placed.suborderId}`,
      id: 'r-1',
    });
    await report(placed.reference, { type: 'confirmed', occurred_at: '2026-11-29T10:00:00+01:00' });
    await report(placed.reference, shipped);
    const reference = `ERP-S-${placed.suborderId}`;
    const suborder = {
      reference,
      id: placed.suborderId,
      order_id: placed.orderId,
      state: 'shipped',
      company_name: expect.any(String),
      warehouse_name: expect.any(String),
      eta: ETA,
      delivery_note_number: 'LS-9',
    };

    const listed = await staffCall(`/api/staff/suborders?order=${placed.orderId}`);
    expect(listed).toEqual({ status: 200, body: { suborders: [suborder] } });

    for (const name of [reference, placed.reference]) {
      const history = await staffCall(`/api/staff/suborders/${name}/events`);
      expect(history.status).toBe(200);
      expect(history.body).toEqual({
        suborder,
        events: [
          {
            id: expect.any(Number),
            type: 'received',
            state: 'received',
            occurred_at: expect.any(String),
            recorded_at: expect.any(String),
            details: { previous_state: 'processing', report_id: 'r-1', external_id: reference },
          },
          {
            id: expect.any(Number),
            type: 'confirmed',
            state: 'confirmed',
            occurred_at: '2026-11-29T09:00:00.000Z',
            recorded_at: expect.any(String),
            details: { previous_state: 'received' },
          },
          {
            id: expect.any(Number),
            type: 'shipped',
            state: 'shipped',
            occurred_at: expect.any(String),
            recorded_at: expect.any(String),
            details: { previous_state: 'confirmed', eta: ETA, delivery_note_number: 'LS-9' },
          },
        ],
      });
    }
  });

  it('answers 404 for an unknown suborder, 400 without an order, an empty list for an order without suborders, 401 without a staff token', async () => {
    expect((await staffCall('/api/staff/suborders/SO-999999/events')).body).toMatchObject({
      code: 'not_found',
    });
    const withoutOrder = await staffCall('/api/staff/suborders');
    expect([withoutOrder.status, Object.keys((withoutOrder.body as { errors: object }).errors)]).toEqual([
      400,
      ['order'],
    ]);
    expect((await staffCall('/api/staff/suborders?order=999999')).body).toEqual({ suborders: [] });
    expect((await staffClient.json('GET', '/api/staff/suborders?order=1')).status).toBe(401);
  });
});
