import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { cartItemWire, orderCreatedWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// A stale tab (or another device) ordering the cart as it last saw it: `cart_lines` names every cart
// line the ordering screen showed, and the order is refused when the cart holds another set.

const PIECE = 1;
const CSRF = 'order-stale-cart-csrf-token-0123456789abcdef';
const ORDERS = '/api/netb2b/orders/';
const CART = '/api/netb2b/cart-items/';

let server: TestServer;
let token = '';

beforeAll(async () => {
  server = await startTestServer();
  token = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: unknown;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await server.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Cookie: `csrftoken=${CSRF}`,
      'X-CSRFToken': CSRF,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

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

/** Products of the central warehouse with plenty of stock, sold by the piece. */
async function products(count: number, skip: number) {
  const rows = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 500)
    .orderBy('p.id')
    .offset(skip)
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error('the seed lacks products');
  return rows.map((row) => row.id);
}

type Line = { product: number; quantity: string; unit: number };

async function addLine(line: Line): Promise<number> {
  const answer = await call('POST', CART, line);
  expect(answer.status).toBe(201);
  return (answer.body as { id: number }).id;
}

const submission = (items: readonly (Line & { cart_item: number })[], cartLines?: number[]) => ({
  items,
  expected_delivery_date: toIsoDate(addDays(server.clock.now(), 7)),
  is_preorder: false,
  customer_note: '',
  ...(cartLines === undefined ? {} : { cart_lines: cartLines }),
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

describe('an order sent with the cart lines its screen showed (cart_lines)', () => {
  it('is refused with 409 cart_changed when the cart gained a line since, storing nothing', async () => {
    await clearCart();
    const [seen, added] = await products(2, 20);
    const seenLine: Line = { product: seen ?? 0, quantity: '2', unit: PIECE };
    const seenId = await addLine(seenLine);
    // another tab adds a line the ordering tab never showed
    const addedId = await addLine({ product: added ?? 0, quantity: '1', unit: PIECE });
    const cartBefore = await cartOf();
    const ordersBefore = await orderCount();

    const answer = await call('POST', ORDERS, submission([{ ...seenLine, cart_item: seenId }], [seenId]));

    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 'cart_changed',
      detail: 'Your cart changed while the order was being placed. Check the cart and order again.',
    });
    expect(await orderCount()).toBe(ordersBefore);
    expect(await cartOf()).toEqual(cartBefore);
    expect(cartBefore.map((line) => line.id)).toEqual([seenId, addedId]);
  });

  it('is refused with 409 cart_changed when a line it showed but does not order was removed', async () => {
    await clearCart();
    const [ordered, removed] = await products(2, 22);
    const orderedLine: Line = { product: ordered ?? 0, quantity: '3', unit: PIECE };
    const orderedId = await addLine(orderedLine);
    const removedId = await addLine({ product: removed ?? 0, quantity: '1', unit: PIECE });
    expect((await call('DELETE', `${CART}${removedId}/`)).status).toBe(204);
    const ordersBefore = await orderCount();

    const answer = await call(
      'POST',
      ORDERS,
      submission([{ ...orderedLine, cart_item: orderedId }], [orderedId, removedId]),
    );

    expect(answer.status).toBe(409);
    expect((answer.body as { code?: string }).code).toBe('cart_changed');
    expect(await orderCount()).toBe(ordersBefore);
  });

  it('is placed when the cart holds exactly the lines it showed, in any order', async () => {
    await clearCart();
    const [first, second] = await products(2, 24);
    const lines: Line[] = [
      { product: first ?? 0, quantity: '2', unit: PIECE },
      { product: second ?? 0, quantity: '5', unit: PIECE },
    ];
    const ids = [await addLine(lines[0] as Line), await addLine(lines[1] as Line)];

    const answer = await call(
      'POST',
      ORDERS,
      submission(
        lines.map((line, index) => ({ ...line, cart_item: ids[index] ?? 0 })),
        [...ids].reverse(),
      ),
    );

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(orderCreatedWire.parse(answer.body).id).toBeGreaterThan(0);
    expect(await cartOf()).toEqual([]);
  });

  it('without cart_lines (a backend client of SPEC point 7) a cart that gained a line still orders', async () => {
    await clearCart();
    const [ordered, kept] = await products(2, 26);
    const orderedLine: Line = { product: ordered ?? 0, quantity: '1', unit: PIECE };
    const orderedId = await addLine(orderedLine);
    const keptId = await addLine({ product: kept ?? 0, quantity: '4', unit: PIECE });

    const answer = await call('POST', ORDERS, submission([{ ...orderedLine, cart_item: orderedId }]));

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((await cartOf()).map((line) => line.id)).toEqual([keptId]);
  });

  it('refuses cart_lines that are not a list of ids with 400', async () => {
    const answer = await call('POST', ORDERS, {
      ...submission([{ product: 1, quantity: '1', unit: PIECE, cart_item: 1 }]),
      cart_lines: ['one'],
    });
    expect(answer.status).toBe(400);
  });
});
