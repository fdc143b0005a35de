import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app';
import { closePastSuborders, DELIVERED_AFTER_DAYS } from '../../server/orders/close-past-suborders';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { orderCreatedWire, orderPreviewWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

const PIECE = 1;
const HAMBURG_CENTRAL = 1;
const HAMBURG_COLD_STORE = 2;
/** the operators of Hamburg Central (the seed's only warehouse with two) */
const KATRIN = 1;
const EMRE = 2;
const ORDERING_USERS = ['buyer', 'colleague', 'other', 'private', 'owner'];

let server: TestServer;
const callers: Record<string, Caller> = {};

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ORDERING_USERS)
    callers[name] = callerFor(server, (await client.signIn(name, `${name}123`)).access);
});
afterAll(() => server.close());

const as = (user: string): Caller => {
  const caller = callers[user];
  if (!caller) throw new Error(`${user} is not signed in`);
  return caller;
};

/** yyyy-mm-dd `days` after the server's today */
const inDays = (days: number, from = server.clock.now()) => toIsoDate(addDays(from, days));

/** An in-stock product of the warehouse sold by the piece, outside any campaign. */
async function productOf(warehouseId: number): Promise<number> {
  const { db } = server.database;
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('p.warehouse_id', '=', warehouseId)
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 200)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const linesOf = (products: readonly number[]) =>
  products.map((product) => ({ product, quantity: '1', unit: PIECE, campaign: null }));

async function placeOrder(user: string, products: readonly number[], expectedDeliveryDate = inDays(7)) {
  const answer = await as(user)('POST', '/api/netb2b/orders/', {
    items: linesOf(products),
    expected_delivery_date: expectedDeliveryDate,
    is_preorder: false,
    customer_note: '',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return orderCreatedWire.parse(answer.body).id;
}

/** The operator the order preview names for each warehouse of the lines. */
async function previewedOperators(products: readonly number[]): Promise<Record<number, number>> {
  const answer = await as('buyer')('POST', '/api/netb2b/orders/preview/', { items: linesOf(products) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries(
    orderPreviewWire.parse(answer.body).suborders.map((s) => [s.warehouse.id, s.operator.id]),
  );
}

/** Open (not delivered) suborders per operator, counted from the suborders themselves. */
async function openSubordersCounted(): Promise<Record<number, number>> {
  const rows = await server.database.db
    .selectFrom('operators as o')
    .leftJoin('suborders as s', (join) =>
      join.onRef('s.operator_id', '=', 'o.id').on('s.status', '!=', 'delivered'),
    )
    .select((eb) => ['o.id', eb.fn.count<string | number>('s.id').as('open')])
    .groupBy('o.id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.open)]));
}

/** What the kept open-work figures say (an operator without a row has none). */
async function openSubordersKept(): Promise<Record<number, number>> {
  const rows = await server.database.db
    .selectFrom('operators as o')
    .leftJoin('operator_open_work as w', 'w.operator_id', 'o.id')
    .select(['o.id', 'w.open_suborders'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.open_suborders ?? 0]));
}

/** Marks every suborder of these operators delivered, as a delivery feed would. */
const deliverAllOf = (operatorIds: readonly number[]) =>
  server.database.db
    .updateTable('suborders')
    .set({ status: 'delivered' })
    .where('operator_id', 'in', [...operatorIds])
    .execute();

describe('operator assignment', () => {
  it('gives a warehouse’s work to its operator with the fewest open suborders, the lowest id on a tie', async () => {
    const central = await productOf(HAMBURG_CENTRAL);
    await deliverAllOf([KATRIN, EMRE]);
    expect((await previewedOperators([central]))[HAMBURG_CENTRAL]).toBe(KATRIN);

    const first = await placeOrder('buyer', [central]);
    expect((await previewedOperators([central]))[HAMBURG_CENTRAL]).toBe(EMRE);
    await placeOrder('buyer', [central]);
    await placeOrder('buyer', [central]);
    // Katrin 2 open, Emre 1
    expect((await previewedOperators([central]))[HAMBURG_CENTRAL]).toBe(EMRE);

    // a delivered suborder is no longer work: Katrin is down to 1 and wins the tie
    const firstSuborder = await server.database.db
      .selectFrom('suborders')
      .select(['id', 'operator_id'])
      .where('order_id', '=', first)
      .executeTakeFirstOrThrow();
    expect(firstSuborder.operator_id).toBe(KATRIN);
    await server.database.db
      .updateTable('suborders')
      .set({ status: 'delivered' })
      .where('id', '=', firstSuborder.id)
      .execute();
    expect((await previewedOperators([central]))[HAMBURG_CENTRAL]).toBe(KATRIN);
    // moving on from processing to in_delivery is still open work
    await server.database.db
      .updateTable('suborders')
      .set({ status: 'in_delivery' })
      .where('operator_id', '=', KATRIN)
      .where('status', '=', 'processing')
      .execute();
    await placeOrder('buyer', [central]);
    expect((await previewedOperators([central]))[HAMBURG_CENTRAL]).toBe(EMRE);
    expect(await openSubordersKept()).toEqual(await openSubordersCounted());
  });

  it('keeps each operator’s open work right when twenty orders by different users arrive at once', async () => {
    const products = [await productOf(HAMBURG_CENTRAL), await productOf(HAMBURG_COLD_STORE)];
    const placed = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        placeOrder(ORDERING_USERS[index % ORDERING_USERS.length] as string, products),
      ),
    );
    expect(new Set(placed).size).toBe(20);
    const counted = await openSubordersCounted();
    expect(await openSubordersKept()).toEqual(counted);
    const expectedCentral = (counted[EMRE] ?? 0) < (counted[KATRIN] ?? 0) ? EMRE : KATRIN;
    expect((await previewedOperators(products))[HAMBURG_CENTRAL]).toBe(expectedCentral);
  });

  it('takes a deleted order’s open suborders off its operators’ work', async () => {
    const products = [await productOf(HAMBURG_CENTRAL), await productOf(HAMBURG_COLD_STORE)];
    const before = await openSubordersKept();
    const placed = await placeOrder('buyer', products);
    expect(await openSubordersKept()).not.toEqual(before);
    // the order's events go with it (the outbox refers to the order)
    await server.database.db.deleteFrom('webhook_deliveries').where('order_id', '=', placed).execute();
    await server.database.db.deleteFrom('order_events').where('order_id', '=', placed).execute();
    await server.database.db.deleteFrom('orders').where('id', '=', placed).execute();
    expect(await openSubordersKept()).toEqual(before);
    expect(before).toEqual(await openSubordersCounted());
  });

  it('reads no order history to preview or place an order', async () => {
    const statements: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(server.database.db.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const app = createServerApp({
      db: server.database.db.withPlugin(recorder),
      jwtSecret: TEST_SECRET,
      distDir: server.distDir,
      now: server.clock.now,
    });
    const access = (await new TestClient(app).signIn('colleague', 'colleague123')).access;
    const call = callerFor({ ...server, app }, access);
    const products = [await productOf(HAMBURG_CENTRAL), await productOf(HAMBURG_COLD_STORE)];
    statements.length = 0;

    expect((await call('POST', '/api/netb2b/orders/preview/', { items: linesOf(products) })).status).toBe(
      200,
    );
    const placed = await call('POST', '/api/netb2b/orders/', {
      items: linesOf(products),
      expected_delivery_date: inDays(7),
      is_preorder: false,
      customer_note: '',
    });
    expect(placed.status).toBe(201);

    expect(statements.length).toBeGreaterThan(0);
    // writing the new suborders, and reading back this order's own (its confirmation mail, its
    // event for the ERP), by its id, is all an order does with the suborders table: nothing that
    // grows with history
    const readingSuborders = statements.filter(
      (statement) =>
        /"suborders"/.test(statement) &&
        !/^insert into "suborders"/.test(statement) &&
        !/where "s"\."order_id" (in \((\?|\$1)\)|= (\?|\$1))/.test(statement),
    );
    expect(readingSuborders).toEqual([]);
  });
});

describe('closePastSuborders', () => {
  it(`counts a suborder delivered once its delivery date is more than ${DELIVERED_AFTER_DAYS} days past`, async () => {
    const { db } = server.database;
    const products = [await productOf(HAMBURG_CENTRAL), await productOf(HAMBURG_COLD_STORE)];
    // delivered per the order's date, 15 days before the run
    await placeOrder('buyer', products, inDays(7));
    // exactly 14 days before: still open
    await placeOrder('buyer', products, inDays(8));
    // the order's date is old enough, but the operator's estimate for one suborder is later
    const estimated = await placeOrder('buyer', products, inDays(7));
    await db
      .updateTable('suborders')
      .set({ estimated_delivery_date: inDays(20) })
      .where('order_id', '=', estimated)
      .where('warehouse_id', '=', HAMBURG_CENTRAL)
      .execute();

    const runAt = addDays(server.clock.now(), 7 + DELIVERED_AFTER_DAYS + 1);
    const cutoff = toIsoDate(addDays(runAt, -DELIVERED_AFTER_DAYS));
    const open = await db
      .selectFrom('suborders as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['s.id', 's.estimated_delivery_date', 'o.expected_delivery_date'])
      .where('s.status', '!=', 'delivered')
      .execute();
    const expected = Object.fromEntries(
      open.map((s) => [
        s.id,
        (s.estimated_delivery_date ?? s.expected_delivery_date) < cutoff ? 'delivered' : 'open',
      ]),
    );
    const toClose = Object.values(expected).filter((status) => status === 'delivered').length;
    expect(toClose).toBeGreaterThanOrEqual(3);
    expect(Object.values(expected)).toContain('open');

    // a small batch so that the run takes several
    expect(await closePastSuborders(db, runAt, { batchSize: 2 })).toBe(toClose);

    const after = await db
      .selectFrom('suborders')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        open.map((s) => s.id),
      )
      .execute();
    expect(
      Object.fromEntries(after.map((s) => [s.id, s.status === 'delivered' ? 'delivered' : 'open'])),
    ).toEqual(expected);
    expect(await openSubordersKept()).toEqual(await openSubordersCounted());
    // nothing left to close
    expect(await closePastSuborders(db, runAt)).toBe(0);
  });
});
