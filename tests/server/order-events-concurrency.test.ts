import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOrderEvent } from '../../server/order-events/record-order-event';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import { describeOnlyWhen } from './support/engine-only';
import { TestClient } from './support/http-client';
import { eventKey, type PulledEvent, pullAll, pullEvents } from './support/order-events';
import { PIECE } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// Orders placed at once while an ERP polls: the pull cursor must pass no event that commits late.
// Each order takes its own product, so the orders' transactions wait on nothing of each other's and
// commit in any order (on PostgreSQL); only the outbox's turn keeps the events in commit order.

const ORDERS = 20;
const onPostgres = Boolean(process.env.DATABASE_URL);

let server: TestServer;
let buyer: Caller;
let key: string;
let products: number[];

beforeAll(async () => {
  server = await startTestServer();
  const { access } = await new TestClient(server.app).signIn('other', 'other123');
  buyer = callerFor(server, access);
  key = await eventKey(server);
  const rows = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 10)
    .where('p.retired_at', 'is', null)
    .orderBy('p.id')
    .limit(ORDERS)
    .execute();
  products = rows.map((row) => row.id);
  if (products.length < ORDERS)
    throw new Error(`the seed has fewer than ${ORDERS} products sold by the piece`);
});
afterAll(() => server.close());

async function placeOrder(product: number) {
  const placed = await buyer('POST', '/api/netb2b/orders/', {
    items: [{ product, quantity: '1', unit: PIECE }],
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
    is_preorder: false,
    customer_note: '',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return orderCreatedWire.parse(placed.body).id;
}

describe('a poller while orders commit at once', () => {
  it('sees every event exactly once and in order', async () => {
    const start = await pullAll(server.app, key);
    let cursor = start.cursor;
    const seen: PulledEvent[] = [];
    let placing = true;

    const placed = Promise.all(products.map((product) => placeOrder(product))).finally(() => {
      placing = false;
    });
    // Small pages, pulled again and again while the orders commit, as an impatient ERP polls.
    while (placing) {
      const { body } = await pullEvents(server.app, key, `after=${cursor}&limit=3`);
      seen.push(...body.events);
      cursor = body.next_cursor;
    }
    const orderIds = await placed;
    seen.push(...(await pullAll(server.app, key, cursor, 3)).events);

    const stored = await server.database.db
      .selectFrom('order_events')
      .select(['id', 'order_id'])
      .where('seq', '>', Number(start.cursor))
      .orderBy('seq')
      .execute();
    expect(stored).toHaveLength(ORDERS);
    expect(new Set(stored.map((row) => row.order_id))).toEqual(new Set(orderIds));
    expect(seen.map((event) => event.id)).toEqual(stored.map((row) => row.id));
    const cursors = seen.map((event) => Number(event.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
  });
});

describeOnlyWhen(onPostgres)('an event committed late', () => {
  /** Until a transaction of this database waits for an advisory lock, or `done` says to stop looking. */
  async function untilWaitingForTheOutbox(done: () => boolean) {
    while (!done()) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`.execute(
        server.database.db,
      );
      if ((rows[0]?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('is not passed by the cursor: the next writer waits until it committed', async () => {
    const [early, late] = await Promise.all(products.slice(0, 2).map((product) => placeOrder(product)));
    if (early === undefined || late === undefined) throw new Error('two orders were placed');
    const { cursor } = await pullAll(server.app, key);
    const { db } = server.database;
    let commitFirst = () => {};
    const firstMayCommit = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });

    // The first writer takes its place and holds its transaction open; the second comes after it.
    let firstWrote = () => {};
    const firstWriting = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    const first = db.transaction().execute(async (trx) => {
      const event = await recordOrderEvent(trx, { orderId: early, type: 'order.amended', now: new Date() });
      firstWrote();
      await firstMayCommit;
      return event;
    });
    await firstWriting;
    const second = db
      .transaction()
      .execute((trx) => recordOrderEvent(trx, { orderId: late, type: 'order.amended', now: new Date() }));
    let secondEnded = false;
    const ended = () => {
      secondEnded = true;
    };
    second.then(ended, ended);
    // The second writer either waits for its turn (as it should) or, were there no turns, commits.
    await Promise.race([second, untilWaitingForTheOutbox(() => secondEnded)]);

    // A poll meanwhile: the second event must not be visible while the first is not.
    const meanwhile = await pullEvents(server.app, key, `after=${cursor}`);
    commitFirst();
    const written = [await first, await second];
    const after = await pullAll(server.app, key, meanwhile.body.next_cursor);

    expect(meanwhile.body.events).toEqual([]);
    expect(after.events.map((event) => event.id)).toEqual(written.map((event) => event.id));
  });
});
