import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIds } from '../../server/seed/accounts';
import { unitIds } from '../../server/seed/units';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { favouriteListSummaryWire, favouriteListWire } from '../../src/services/api/wire/favourites';
import { type JsonAnswer as Answer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// Order guides (capability `orderGuides`): par levels and shelf positions on favourite list lines,
// and a guide built from the last 90 days of orders. Runs on SQLite, and on PostgreSQL with DATABASE_URL.

const BASE = '/api/netb2b/favourite-lists/';
const itemPath = (id: number, product: number) => `${BASE}${id}/items/${product}/`;
const DAY = 86_400_000;

let server: TestServer;
let token = '';
const client = () => new TestClient(server.app);
const call = (method: string, path: string, body?: unknown): Promise<Answer> =>
  client().json(method, path, body, token);

beforeAll(async () => {
  server = await startTestServer();
  token = (await client().signIn('buyer', 'buyer123')).access;
});
afterAll(() => server.close());

async function newList(name: string, items: unknown[] = []) {
  const answer = await call('POST', BASE, { name, items });
  expect(answer.status).toBe(201);
  return favouriteListSummaryWire.parse(answer.body);
}

async function listOf(id: number) {
  const answer = await call('GET', `${BASE}${id}/`);
  expect(answer.status).toBe(200);
  return favouriteListWire.parse(answer.body);
}

const codeOf = (answer: Answer) => errorBodyWire.parse(answer.body).code;

describe('par levels and shelf positions on list lines', () => {
  it('keeps them, marks the list an order guide, and leaves them when a write omits them', async () => {
    const list = await newList('Bar guide', [
      { product: 1, quantity: '1', unit: unitIds.piece },
      { product: 13, quantity: '1', unit: unitIds.crate },
    ]);
    expect(list.order_guide).toBe(false);

    const put = await call('PUT', itemPath(list.id, 1), {
      quantity: '2',
      unit: unitIds.piece,
      par_level: '10.5',
      shelf_position: 3,
    });
    expect(put.status).toBe(200);
    expect(favouriteListSummaryWire.parse(put.body).order_guide).toBe(true);

    // the spec's body (quantity and unit only) changes neither
    expect((await call('PUT', itemPath(list.id, 1), { quantity: '4', unit: unitIds.piece })).status).toBe(
      200,
    );
    const read = await listOf(list.id);
    expect(read.order_guide).toBe(true);
    expect(
      read.items.map((item) => [item.product_id, item.quantity, item.par_level, item.shelf_position]),
    ).toEqual([
      [1, '4', '10.5', 3],
      [13, '1', null, null],
    ]);
    const all = await call('GET', BASE);
    expect(
      (all.body as { id: number; order_guide: boolean }[]).find((summary) => summary.id === list.id)
        ?.order_guide,
    ).toBe(true);
  });

  it('clears them with null, and the list is a plain list again', async () => {
    const list = await newList('Clearing', [{ product: 1, quantity: '1', unit: unitIds.piece }]);
    await call('PUT', itemPath(list.id, 1), {
      quantity: '1',
      unit: unitIds.piece,
      par_level: '6',
      shelf_position: 1,
    });
    const cleared = await call('PUT', itemPath(list.id, 1), {
      quantity: '1',
      unit: unitIds.piece,
      par_level: null,
      shelf_position: null,
    });
    expect(favouriteListSummaryWire.parse(cleared.body).order_guide).toBe(false);
    expect((await listOf(list.id)).items[0]).toMatchObject({ par_level: null, shelf_position: null });
  });

  it('puts a new line on the list with its par level', async () => {
    const list = await newList('New line');
    await call('PUT', itemPath(list.id, 2), {
      quantity: '1',
      unit: unitIds.bottle,
      par_level: '0',
      shelf_position: 9,
    });
    expect((await listOf(list.id)).items[0]).toMatchObject({
      product_id: 2,
      par_level: '0',
      shelf_position: 9,
    });
  });

  it.each([
    ['a negative par level', { par_level: '-1' }, 'par_level'],
    ['a par level of four places', { par_level: '1.2345' }, 'par_level'],
    ['a par level above the maximum', { par_level: '100000' }, 'par_level'],
    ['a par level as a number', { par_level: 5 }, 'par_level'],
    ['shelf 0', { shelf_position: 0 }, 'shelf_position'],
    ['a fractional shelf', { shelf_position: 1.5 }, 'shelf_position'],
    ['a shelf above the maximum', { shelf_position: 10_000 }, 'shelf_position'],
  ])('refuses %s and keeps the line as it was', async (_name, fields, field) => {
    const list = await newList(`Refusal ${field} ${JSON.stringify(fields)}`, [
      { product: 1, quantity: '1', unit: unitIds.piece },
    ]);
    const answer = await call('PUT', itemPath(list.id, 1), { quantity: '3', unit: unitIds.piece, ...fields });
    expect(answer.status).toBe(400);
    expect(Object.keys(errorBodyWire.parse(answer.body).errors ?? {})).toEqual([field]);
    expect((await listOf(list.id)).items[0]).toMatchObject({ quantity: '1', par_level: null });
  });
});

describe('POST /api/netb2b/favourite-lists/order-guide/ (the last 90 days of orders)', () => {
  const at = (daysAgo: number) => new Date(server.clock.now().getTime() - daysAgo * DAY).toISOString();

  /** an order of the buyer's company at `daysAgo`, copied from a seeded one, with these lines */
  async function orderAt(
    daysAgo: number,
    lines: [product: number, quantity: string, unit: number][],
    cancelled = false,
  ) {
    const { db } = server.database;
    const template = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', Number(userIds.buyer))
      .executeTakeFirstOrThrow();
    const suborder = await db
      .selectFrom('suborders')
      .selectAll()
      .where('order_id', '=', template.id)
      .executeTakeFirstOrThrow();
    const item = await db
      .selectFrom('order_items')
      .selectAll()
      .where('suborder_id', '=', suborder.id)
      .executeTakeFirstOrThrow();
    const { id: _o, version: _v, ...orderRow } = template;
    const order = await db
      .insertInto('orders')
      .values({ ...orderRow, created_at: at(daysAgo), cancelled_at: cancelled ? at(daysAgo) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _s, ...suborderRow } = suborder;
    const sub = await db
      .insertInto('suborders')
      .values({ ...suborderRow, order_id: order.id, external_id: null, created_at: at(daysAgo) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _i, substitute_for: _f, ...itemRow } = item;
    for (const [product, quantity, unit] of lines)
      await db
        .insertInto('order_items')
        .values({
          ...itemRow,
          suborder_id: sub.id,
          product_id: product,
          quantity,
          unit_id: unit,
          pieces: null,
        })
        .execute();
  }

  it('builds a guide: par level the typical amount per order, the usual unit, shelves in catalogue order', async () => {
    // years on: the seeded orders are all older than 90 days
    server.clock.advance(5 * 365 * DAY);
    token = (await client().signIn('buyer', 'buyer123')).access;
    const { db } = server.database;
    const perBox = Number(
      (
        await db
          .selectFrom('product_units')
          .select('amount')
          .where('product_id', '=', 1)
          .where('unit_id', '=', unitIds.box)
          .executeTakeFirstOrThrow()
      ).amount,
    );
    const products = await db
      .selectFrom('products')
      .select(['id', 'category_id', 'name_key'])
      .where('id', 'in', [1, 5])
      .execute();

    await orderAt(5, [
      [1, '1', unitIds.box],
      [5, '2', unitIds.piece],
    ]);
    await orderAt(30, [[1, '2', unitIds.box]]);
    await orderAt(60, [[1, String(perBox), unitIds.piece]]);
    // too old, and cancelled: neither counts
    await orderAt(91, [[30, '1', unitIds.piece]]);
    await orderAt(10, [[32, '1', unitIds.piece]], true);

    const answer = await call('POST', `${BASE}order-guide/`, { name: 'From my orders' });
    expect(answer.status).toBe(201);
    const summary = favouriteListSummaryWire.parse(answer.body);
    expect(summary).toMatchObject({ name: 'From my orders', order_guide: true, editable: true });
    const guide = await listOf(summary.id);

    const shelfOrder = [...products]
      .sort((a, b) => a.category_id - b.category_id || a.name_key.localeCompare(b.name_key) || a.id - b.id)
      .map((p) => p.id);
    expect(guide.items.map((item) => item.product_id)).toEqual(shelfOrder);
    const byProduct = new Map(guide.items.map((item) => [item.product_id, item]));
    // per order 1, 2 and 1 boxes' worth of pieces: the typical order is one box; boxes are used most
    expect(byProduct.get(1)).toMatchObject({ par_level: String(perBox), unit: unitIds.box, quantity: '1' });
    expect(byProduct.get(5)).toMatchObject({ par_level: '2', unit: unitIds.piece, quantity: '2' });
    expect(guide.items.map((item) => item.shelf_position)).toEqual([1, 2]);
  });

  it('answers 400 no_recent_orders when nothing was ordered in 90 days', async () => {
    server.clock.advance(400 * DAY);
    token = (await client().signIn('buyer', 'buyer123')).access;
    const answer = await call('POST', `${BASE}order-guide/`, { name: 'Nothing' });
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('no_recent_orders');
  });

  it('refuses a guide without a name', async () => {
    const answer = await call('POST', `${BASE}order-guide/`, { name: ' ' });
    expect(answer.status).toBe(400);
    expect(Object.keys(errorBodyWire.parse(answer.body).errors ?? {})).toEqual(['name']);
  });
});
