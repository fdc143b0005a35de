import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveryWire } from '../../server/webhooks/webhook-wire';
import { startWebhookWorker } from '../../server/webhooks/webhook-worker';
import { staffSessionWire } from '../../src/services/api/wire/staff';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import {
  anotherConnection,
  deliveriesByEvent,
  ManualClock,
  quietLog,
  recordEvent,
  registerReceiver,
  seededOrderIds,
  startWebhookReceiver,
  waitUntil,
} from './support/webhooks';

let server: TestServer;
let client: TestClient;
let token: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  const answer = await client.json('POST', '/api/staff/session/', {
    username: 'staff',
    password: 'staff123',
  });
  token = staffSessionWire.parse(answer.body).access;
});
afterAll(() => server.close());
// Each test has its own receiver: the endpoints of the tests before take no more events.
afterEach(async () => {
  await db().updateTable('webhook_endpoints').set({ retired_at: new Date().toISOString() }).execute();
});

const staffCall = (method: string, path: string, body?: unknown) => client.json(method, path, body, token);

async function deliveryLog(query: string) {
  const answer = await staffCall('GET', `/api/staff/webhook-deliveries?${query}`);
  expect(answer.status).toBe(200);
  return (answer.body as { deliveries: unknown[] }).deliveries.map((each) => webhookDeliveryWire.parse(each));
}

const ids = (requests: readonly { id: string }[]) => requests.map((request) => request.id);

describe('delivering order events to a webhook endpoint', () => {
  it('tries a refused event again after a growing pause, and the receiver takes each event once', async () => {
    const clock = new ManualClock();
    const receiver = await startWebhookReceiver((_request, tries) => (tries <= 2 ? 503 : 204));
    const { endpointId } = await registerReceiver(db(), receiver, clock.now());
    const [first, second] = await seededOrderIds(db(), 2);
    const placedFirst = await recordEvent(db(), Number(first), clock.now(), 'order.placed');
    const placedSecond = await recordEvent(db(), Number(second), clock.now(), 'order.placed');
    const amendedFirst = await recordEvent(db(), Number(first), clock.now(), 'order.amended');
    const worker = startWebhookWorker({
      db: db(),
      now: clock.now,
      pollMs: 5,
      backoffBaseMs: 1_000,
      random: () => 1,
      log: quietLog,
    });
    const tried = (eventId: string, attempts: number) => async () =>
      (await deliveriesByEvent(db())).some((row) => row.event_id === eventId && row.attempts === attempts);
    try {
      await waitUntil(
        'the first tries',
        async () => (await tried(placedFirst, 1)()) && tried(placedSecond, 1)(),
      );
      const afterFirst = await deliveryLog(`endpoint=${endpointId}&state=failing`);
      expect(afterFirst.map((each) => each.event_id).sort()).toEqual([placedFirst, placedSecond].sort());
      for (const delivery of afterFirst) {
        expect(delivery).toMatchObject({ attempts: 1, last_status: 503 });
        expect(delivery.last_error).toMatch(/^HTTP 503/);
        // the base pause after the first failure (the jitter pinned to its longest)
        expect(Date.parse(delivery.next_attempt_at ?? '')).toBe(clock.now().getTime() + 1_000);
      }
      // the clock stands still: nothing is due, so the receiver has had only the first tries
      expect(receiver.received).toHaveLength(2);

      clock.advance(1_000);
      await waitUntil(
        'the second tries',
        async () => (await tried(placedFirst, 2)()) && tried(placedSecond, 2)(),
      );
      for (const delivery of await deliveryLog(`endpoint=${endpointId}&state=failing`))
        expect(Date.parse(delivery.next_attempt_at ?? '')).toBe(clock.now().getTime() + 2_000);

      clock.advance(2_000);
      await waitUntil(
        'the placements delivered',
        async () => (await tried(placedSecond, 3)()) && tried(placedFirst, 3)(),
      );
      // the order's next event waited for its placement: its first try only now
      await waitUntil('the change tried', tried(amendedFirst, 1));
      clock.advance(1_000);
      await waitUntil('the change tried again', tried(amendedFirst, 2));
      clock.advance(2_000);
      await waitUntil('the change delivered', tried(amendedFirst, 3));
    } finally {
      await worker.stop();
      await receiver.close();
    }

    expect(ids(receiver.accepted()).sort()).toEqual([placedFirst, placedSecond, amendedFirst].sort());
    for (const eventId of [placedFirst, placedSecond, amendedFirst])
      expect(receiver.received.filter((each) => each.id === eventId)).toHaveLength(3);
    expect(receiver.received.every((each) => each.verifiedWith !== undefined)).toBe(true);
    const delivered = await deliveryLog(`endpoint=${endpointId}&state=delivered`);
    expect(delivered).toHaveLength(3);
    for (const delivery of delivered)
      expect(delivery).toMatchObject({ attempts: 3, last_status: 204, last_error: null });
  });

  it('sends the stored body byte for byte with the Standard Webhooks headers', async () => {
    const receiver = await startWebhookReceiver();
    await registerReceiver(db(), receiver, new Date());
    const [orderId] = await seededOrderIds(db(), 1);
    const eventId = await recordEvent(db(), Number(orderId), new Date(), 'order.cancelled');
    const worker = startWebhookWorker({ db: db(), pollMs: 5, log: quietLog });
    try {
      await waitUntil('the event delivered', () => receiver.accepted().length === 1);
    } finally {
      await worker.stop();
      await receiver.close();
    }
    const stored = await db()
      .selectFrom('order_events')
      .select('payload')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const [request] = receiver.received;
    expect(request?.body).toBe(stored.payload);
    expect(request).toMatchObject({
      id: eventId,
      contentType: 'application/json',
      userAgent: 'ordering-portal-webhooks/1',
    });
    expect(request?.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(JSON.parse(request?.body ?? '')).toMatchObject({
      type: 'order.cancelled',
      data: { order: { id: orderId } },
    });
  });

  it('keeps a dead event as a dead letter, holds its order’s later events behind it, and replays it once', async () => {
    const clock = new ManualClock();
    let refusing = true;
    const [stuckOrder, otherOrder] = await seededOrderIds(db(), 2);
    const receiver = await startWebhookReceiver((request) => (refusing && request.id === stuck ? 500 : 204));
    const { endpointId } = await registerReceiver(db(), receiver, clock.now());
    const stuck = await recordEvent(db(), Number(stuckOrder), clock.now(), 'order.placed');
    const behind = await recordEvent(db(), Number(stuckOrder), clock.now(), 'order.amended');
    const other = await recordEvent(db(), Number(otherOrder), clock.now(), 'order.placed');
    const worker = startWebhookWorker({
      db: db(),
      now: clock.now,
      pollMs: 5,
      maxAttempts: 2,
      backoffBaseMs: 1_000,
      random: () => 1,
      log: quietLog,
    });
    const statusOf = async (eventId: string) =>
      (await deliveriesByEvent(db())).find((row) => row.event_id === eventId)?.status;
    try {
      await waitUntil('the other order delivered', () =>
        receiver.accepted().some((each) => each.id === other),
      );
      await waitUntil('the first try failed', async () =>
        (await deliveriesByEvent(db())).some((row) => row.event_id === stuck && row.attempts === 1),
      );
      clock.advance(1_000);
      await waitUntil('the event dead', async () => (await statusOf(stuck)) === 'dead');

      const dead = await deliveryLog(`endpoint=${endpointId}&state=dead`);
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({
        event_id: stuck,
        event_type: 'order.placed',
        order_id: stuckOrder,
        state: 'dead',
        attempts: 2,
        last_status: 500,
        next_attempt_at: null,
      });
      expect(dead[0]?.last_error).toContain('refused by the test receiver');
      // its order's next event was never sent: it waits behind the dead one
      expect(ids(receiver.received)).not.toContain(behind);
      const waiting = await deliveryLog(`endpoint=${endpointId}&state=pending`);
      expect(waiting.map((each) => each.event_id)).toEqual([behind]);
      const listed = await staffCall('GET', '/api/staff/webhook-endpoints');
      expect((listed.body as { endpoints: unknown[] }).endpoints).toContainEqual(
        expect.objectContaining({ id: endpointId, pending: 1, failing: 0, dead: 1 }),
      );

      refusing = false;
      const replayed = await staffCall('POST', `/api/staff/webhook-deliveries/${dead[0]?.id}/replay`, {});
      expect(replayed.status).toBe(200);
      const pending = webhookDeliveryWire.parse((replayed.body as { delivery: unknown }).delivery);
      expect(pending).toMatchObject({ state: 'pending', attempts: 0 });
      // due at once
      expect(Date.parse(pending.next_attempt_at ?? '')).toBeLessThanOrEqual(clock.now().getTime());
      await waitUntil('the held event delivered', async () => (await statusOf(behind)) === 'delivered');

      const again = await staffCall('POST', `/api/staff/webhook-deliveries/${dead[0]?.id}/replay`, {});
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'already_delivered' });
    } finally {
      await worker.stop();
      await receiver.close();
    }
    const ofStuckOrder = receiver.accepted().filter((each) => each.id === stuck || each.id === behind);
    expect(ids(ofStuckOrder)).toEqual([stuck, behind]);
  });

  it('delivers each order’s events in order with two workers on one database', async () => {
    const orderCount = 10;
    const eventsPerOrder = 4;
    // every fourth request refused: retries interleave with first tries
    let requests = 0;
    const refuses = () => ++requests % 4 === 0;
    const receiver = await startWebhookReceiver(() => (refuses() ? 500 : 204));
    await registerReceiver(db(), receiver, new Date());
    const orders = (await seededOrderIds(db(), orderCount)).map(Number);
    const recorded = new Map<number, string[]>(orders.map((order) => [order, []]));
    const record = async (round: number) => {
      for (const order of orders)
        recorded
          .get(order)
          ?.push(await recordEvent(db(), order, new Date(), round === 0 ? 'order.placed' : 'order.amended'));
    };
    const second = anotherConnection(server.database);
    const settings = { pollMs: 5, backoffBaseMs: 5, concurrency: 4, log: quietLog };
    await record(0);
    const workers = [
      startWebhookWorker({ db: db(), ...settings }),
      startWebhookWorker({ db: second.db, ...settings }),
    ];
    try {
      // the rest recorded while the workers deliver
      for (let round = 1; round < eventsPerOrder; round++) await record(round);
      await waitUntil(
        'every event delivered',
        () => receiver.accepted().length >= orderCount * eventsPerOrder,
      );
    } finally {
      for (const worker of workers) await worker.stop();
      await second.db.destroy();
      await receiver.close();
    }

    const accepted = ids(receiver.accepted());
    expect(accepted).toHaveLength(orderCount * eventsPerOrder);
    expect(new Set(accepted).size).toBe(accepted.length);
    for (const [order, events] of recorded) {
      const mine = new Set(events);
      expect(
        accepted.filter((id) => mine.has(id)),
        `order ${order}`,
      ).toEqual(events);
      // refused tries included: never one of a later event before an earlier one was taken
      const tried = ids(receiver.received).filter((id) => mine.has(id));
      const positions = tried.map((id) => events.indexOf(id));
      expect(positions, `order ${order}`).toEqual([...positions].sort((a, b) => a - b));
    }
  });
});
