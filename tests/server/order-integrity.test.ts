import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { cartItemWire, orderCreatedWire, orderWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// Seeded units: piece → box → pallet (server/seed/units.ts).
const PIECE = 1;
const BOX = 2;
const CSRF = 'order-integrity-csrf-token-0123456789abcdef';
const ORDERS = '/api/netb2b/orders/';
const CART = '/api/netb2b/cart-items/';

let server: TestServer;
const tokens: Record<string, string> = {};

const signIn = async (name: string) => {
  tokens[name] = (await new TestClient(server.app).signIn(name, `${name}123`)).access;
};

beforeAll(async () => {
  server = await startTestServer();
  await signIn('buyer');
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await server.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${tokens.buyer}`,
      'Content-Type': 'application/json',
      Cookie: `csrftoken=${CSRF}`,
      'X-CSRFToken': CSRF,
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

const codeOf = (answer: Answer) => (answer.body as { code?: string } | null)?.code;

const cartOf = async () => {
  const answer = await call('GET', `${CART}?detailed=true`);
  expect(answer.status).toBe(200);
  return z
    .array(cartItemWire)
    .parse(answer.body)
    .map((item) => ({ id: item.id, product: item.product.id, quantity: item.quantity, unit: item.unit }));
};

async function clearCart() {
  for (const item of await cartOf()) expect((await call('DELETE', `${CART}${item.id}/`)).status).toBe(204);
}

/** Products of the central warehouse with plenty of stock, sold by the piece and the box. */
async function products(count: number, skip: number) {
  const { db } = server.database;
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', BOX)
    .where('p.quantity_in_stock', '>', 500)
    .orderBy('p.id')
    .offset(skip)
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error('the seed lacks products');
  return rows.map((row) => row.id);
}

type Line = { product: number; quantity: string; unit: number };

/** Fills the cart with exactly these lines; answers each line's cart-item id. */
async function fillCart(lines: readonly Line[]): Promise<number[]> {
  await clearCart();
  const ids: number[] = [];
  for (const line of lines) {
    const answer = await call('POST', CART, line);
    expect(answer.status).toBe(201);
    ids.push((answer.body as { id: number }).id);
  }
  return ids;
}

const submission = (items: readonly (Line & { cart_item?: number })[]) => ({
  items,
  expected_delivery_date: toIsoDate(addDays(server.clock.now(), 7)),
  is_preorder: false,
  customer_note: '',
});

const orderCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const stockOf = async (productId: number) =>
  Number(
    (
      await server.database.db
        .selectFrom('products')
        .select('quantity_in_stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).quantity_in_stock,
  );

async function orderLines(orderId: number) {
  const answer = await call('GET', `${ORDERS}${orderId}/`);
  expect(answer.status).toBe(200);
  return orderWire
    .parse(answer.body)
    .suborders.flatMap((suborder) => suborder.items)
    .map((item) => ({ product: item.product.id, quantity: Number(item.quantity), unit: item.unit }));
}

describe('an order built from cart lines that changed since', () => {
  it.each([
    ['a stale quantity', (line: Line) => ({ ...line, quantity: '2' })],
    ['a stale unit', (line: Line) => ({ ...line, unit: PIECE, quantity: '3' })],
  ])('is refused with 409 cart_changed for %s, storing nothing and keeping the cart', async (_, stale) => {
    const [first, second] = await products(2, 0);
    const lines: Line[] = [
      { product: first ?? 0, quantity: '3', unit: BOX },
      { product: second ?? 0, quantity: '4', unit: PIECE },
    ];
    const ids = await fillCart(lines);
    const cartBefore = await cartOf();
    const ordersBefore = await orderCount();
    const stockBefore = await stockOf(first ?? 0);

    // the cart says 3 boxes; the order was built when it said something else
    const answer = await call(
      'POST',
      ORDERS,
      submission([
        { ...stale(lines[0] as Line), cart_item: ids[0] ?? 0 },
        { ...(lines[1] as Line), cart_item: ids[1] ?? 0 },
      ]),
    );

    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 'cart_changed',
      detail: 'Your cart changed while the order was being placed. Check the cart and order again.',
    });
    expect(await orderCount()).toBe(ordersBefore);
    expect(await stockOf(first ?? 0)).toBe(stockBefore);
    expect(await cartOf()).toEqual(cartBefore);
  });

  it('is refused with 409 cart_changed when a line it names was removed', async () => {
    const [first, second] = await products(2, 2);
    const lines: Line[] = [
      { product: first ?? 0, quantity: '1', unit: BOX },
      { product: second ?? 0, quantity: '5', unit: PIECE },
    ];
    const ids = await fillCart(lines);
    expect((await call('DELETE', `${CART}${ids[1]}/`)).status).toBe(204);
    const ordersBefore = await orderCount();

    const answer = await call(
      'POST',
      ORDERS,
      submission(lines.map((line, index) => ({ ...line, cart_item: ids[index] ?? 0 }))),
    );

    expect(answer.status).toBe(409);
    expect(codeOf(answer)).toBe('cart_changed');
    expect(await orderCount()).toBe(ordersBefore);
    expect(await cartOf()).toEqual([{ id: ids[0], ...lines[0] }]);
  });

  it('a quantity written as "3.000" still matches the cart line holding 3', async () => {
    const [product] = await products(1, 4);
    const [id] = await fillCart([{ product: product ?? 0, quantity: '3', unit: PIECE }]);
    const answer = await call(
      'POST',
      ORDERS,
      submission([{ product: product ?? 0, quantity: '3.000', unit: PIECE, cart_item: id ?? 0 }]),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await cartOf()).toEqual([]);
  });
});

describe('an order built from the current cart', () => {
  it('is placed and takes exactly its lines out of the cart', async () => {
    const [first, second, kept] = await products(3, 5);
    const lines: Line[] = [
      { product: first ?? 0, quantity: '2', unit: BOX },
      { product: second ?? 0, quantity: '7', unit: PIECE },
      { product: kept ?? 0, quantity: '1', unit: PIECE },
    ];
    const ids = await fillCart(lines);

    const answer = await call(
      'POST',
      ORDERS,
      submission(lines.slice(0, 2).map((line, index) => ({ ...line, cart_item: ids[index] ?? 0 }))),
    );

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const orderId = orderCreatedWire.parse(answer.body).id;
    expect(await orderLines(orderId)).toEqual(
      expect.arrayContaining([
        { product: first, quantity: 2, unit: BOX },
        { product: second, quantity: 7, unit: PIECE },
      ]),
    );
    expect(await cartOf()).toEqual([{ id: ids[2], ...lines[2] }]);
  });

  it('an API client ordering without cart_item keeps working: only an identical cart line is removed', async () => {
    const [same, other, absent] = await products(3, 8);
    const ids = await fillCart([
      { product: same ?? 0, quantity: '2', unit: PIECE },
      { product: other ?? 0, quantity: '9', unit: PIECE },
    ]);

    const answer = await call(
      'POST',
      ORDERS,
      submission([
        { product: same ?? 0, quantity: '2', unit: PIECE },
        // the cart holds 9 pieces of this one: the order is for something else, the line stays
        { product: other ?? 0, quantity: '1', unit: BOX },
        { product: absent ?? 0, quantity: '1', unit: PIECE },
      ]),
    );

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await cartOf()).toEqual([{ id: ids[1], product: other, quantity: '9', unit: PIECE }]);
  });
});

describe('a resubmit with the same Idempotency-Key', () => {
  it('after the first order emptied the cart answers the first order, replayed', async () => {
    const [product] = await products(1, 11);
    const line: Line = { product: product ?? 0, quantity: '4', unit: PIECE };
    const [id] = await fillCart([line]);
    const body = submission([{ ...line, cart_item: id ?? 0 }]);
    const headers = { 'Idempotency-Key': 'reload-then-resubmit-1' };

    const first = await call('POST', ORDERS, body, headers);
    expect(first.status).toBe(201);
    expect(await cartOf()).toEqual([]);
    const ordersAfterFirst = await orderCount();

    const again = await call('POST', ORDERS, body, headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await orderCount()).toBe(ordersAfterFirst);
  });

  it('25 hours later still answers the first order (keys are kept at least 24 hours)', async () => {
    const [product] = await products(1, 12);
    const line: Line = { product: product ?? 0, quantity: '1', unit: BOX };
    const [id] = await fillCart([line]);
    const body = submission([{ ...line, cart_item: id ?? 0 }]);
    const headers = { 'Idempotency-Key': 'came-back-tomorrow-1' };
    const first = await call('POST', ORDERS, body, headers);
    expect(first.status).toBe(201);
    const ordersAfterFirst = await orderCount();

    server.clock.advance(25 * 60 * 60 * 1000);
    await signIn('buyer'); // the old access token has expired by now

    const again = await call('POST', ORDERS, body, headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await orderCount()).toBe(ordersAfterFirst);
  });
});

describe('a quantity change racing the order', () => {
  it('a change sent after the order took the line answers a clear 404, not a 200 nobody stored', async () => {
    const [product] = await products(1, 13);
    const line: Line = { product: product ?? 0, quantity: '2', unit: PIECE };
    const [id] = await fillCart([line]);
    expect((await call('POST', ORDERS, submission([{ ...line, cart_item: id ?? 0 }]))).status).toBe(201);

    const late = await call('PUT', `${CART}${id}/`, { ...line, quantity: '5' });
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ code: 'not_found', detail: 'No cart item has this id.' });
    expect(await cartOf()).toEqual([]);
  });

  it('either lands before the order (409, nothing ordered) or finds its line gone (404), never lost', async () => {
    const [product] = await products(1, 14);
    for (let round = 0; round < 12; round += 1) {
      const line: Line = { product: product ?? 0, quantity: '2', unit: PIECE };
      const [id] = await fillCart([line]);
      const ordersBefore = await orderCount();
      // Alternate which request starts first so both interleavings are tried.
      const put = () => call('PUT', `${CART}${id}/`, { ...line, quantity: '5' });
      const order = () => call('POST', ORDERS, submission([{ ...line, cart_item: id ?? 0 }]));
      const [changed, placed] =
        round % 2 === 0
          ? await Promise.all([put(), order()])
          : await Promise.all([order(), put()]).then(([o, p]) => [p, o] as const);

      if (placed.status === 201) {
        // the order shipped the old quantity, so the change must not have been reported as stored
        expect(changed.status).toBe(404);
        expect(await orderLines(orderCreatedWire.parse(placed.body).id)).toEqual([
          { product, quantity: 2, unit: PIECE },
        ]);
        expect(await cartOf()).toEqual([]);
      } else {
        expect(placed.status).toBe(409);
        expect(codeOf(placed)).toBe('cart_changed');
        expect(changed.status).toBe(200);
        expect(await orderCount()).toBe(ordersBefore);
        expect(await cartOf()).toEqual([{ id, ...line, quantity: '5' }]);
      }
    }
  });
});
