import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { computeCartItemsTotals } from '../../src/domain/cart-totals';
import { addDays, toIsoDate } from '../../src/domain/dates';
import type { Unit } from '../../src/domain/types';
import { toUnit, unitWire } from '../../src/services/api/wire/catalog';
import {
  cartItemWire,
  orderCreatedWire,
  orderPreviewWire,
  orderWire,
  toCartItem,
} from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PIECE = 1;
const BOX = 2;
const BOTTLE = 4;
const CSRF = 'orders-test-csrf-token-0123456789abcdef';

let server: TestServer;
let units: Unit[];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'colleague', 'other', 'private', 'demo'])
    tokens[name] = (await client.signIn(name, `${name}123`)).access;
  units = z
    .array(unitWire)
    .parse((await call('buyer', 'GET', '/api/netb2b/product-units/')).body)
    .map(toUnit);
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(
  user: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await server.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${tokens[user]}`,
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

const errorOf = (answer: Answer) =>
  answer.body as { detail: string; code: string; errors?: Record<string, string[]> };

/** yyyy-mm-dd `days` after the server's today (its clock is the test clock). */
const inDays = (days: number) => toIsoDate(addDays(server.clock.now(), days));

const cartOf = async (user: string) =>
  z.array(cartItemWire).parse((await call(user, 'GET', '/api/netb2b/cart-items/?detailed=true')).body);

async function clearCart(user: string) {
  for (const item of await cartOf(user)) await call(user, 'DELETE', `/api/netb2b/cart-items/${item.id}/`);
}

/** In-stock products of one warehouse, sold by the piece, outside any campaign. */
async function productsOf(warehouseId: number, count: number, skip = 0) {
  const { db } = server.database;
  return db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.price', 'p.quantity_in_stock', 'p.name'])
    .where('p.warehouse_id', '=', warehouseId)
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 200)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .offset(skip)
    .limit(count)
    .execute();
}

type Line = { product: number; quantity: string; unit: number; campaign?: number | null };

async function fillCart(user: string, lines: readonly Line[]) {
  await clearCart(user);
  for (const line of lines) {
    const answer = await call(user, 'POST', '/api/netb2b/cart-items/', { campaign: null, ...line });
    expect(answer.status).toBe(201);
  }
}

const submission = (lines: readonly Line[], overrides: Record<string, unknown> = {}) => ({
  items: lines,
  expected_delivery_date: inDays(7),
  is_preorder: false,
  customer_note: '',
  ...overrides,
});

async function placeOrder(user: string, lines: readonly Line[], overrides: Record<string, unknown> = {}) {
  const answer = await call(user, 'POST', '/api/netb2b/orders/', submission(lines, overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return orderCreatedWire.parse(answer.body).id;
}

async function orderOf(user: string, id: number) {
  const answer = await call(user, 'GET', `/api/netb2b/orders/${id}/`);
  expect(answer.status).toBe(200);
  return orderWire.parse(answer.body);
}

const orderCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));

describe('POST /api/netb2b/orders/', () => {
  it('stores the order split by warehouse, priced to the cent like the client, and empties the cart', async () => {
    const [central] = await productsOf(1, 1);
    const [cold] = await productsOf(2, 1);
    const [cologne] = await productsOf(3, 1);
    if (!central || !cold || !cologne) throw new Error('the seed lacks a product per warehouse');
    const lines: Line[] = [
      { product: central.id, quantity: '3', unit: BOX },
      { product: cold.id, quantity: '7', unit: PIECE },
      { product: cologne.id, quantity: '1', unit: BOX },
    ];
    await fillCart('buyer', lines);
    const cartItems = (await cartOf('buyer')).map(toCartItem);
    const clientTotals = computeCartItemsTotals(cartItems, units, 'gross');

    // prices in the body are not part of the contract and change nothing
    const id = await placeOrder(
      'buyer',
      lines.map((line) => ({ ...line, price: '0.01', amount: '0.01' })),
    );
    expect(await cartOf('buyer')).toEqual([]);

    const order = await orderOf('buyer', id);
    expect(order.is_finalized).toBe(false);
    expect(order.expected_delivery_date).toBe(inDays(7));
    expect(order.suborders.map((s) => s.warehouse.id)).toEqual([1, 2, 3]);
    const operators = await server.database.db.selectFrom('operators').selectAll().execute();
    for (const suborder of order.suborders) {
      expect(suborder.status).toBe('processing');
      expect(suborder.items).toHaveLength(1);
      const operator = operators.find((o) => o.id === suborder.operator.id);
      expect(operator?.warehouse_id).toBe(suborder.warehouse.id);
    }
    expect(order.suborders[0]?.items[0]).toMatchObject({ quantity: '3', unit: BOX, campaign: null });

    // goods: amounts + deposits (VAT included on the gross basis) over all suborders are the client's total
    expect(order.price_basis).toBe('gross');
    const charges = sum(order.suborders.flatMap((s) => s.extra_charges.map((c) => c.amount)));
    const goods = new Decimal(order.total).minus(charges);
    expect(goods.toFixed(2)).toBe(clientTotals.total);
    expect(sum(order.suborders.flatMap((s) => s.items.map((i) => i.tax_amount))).toFixed(2)).toBe(
      clientTotals.tax,
    );
    expect(sum(order.suborders.flatMap((s) => s.items.map((i) => i.amount))).toFixed(2)).toBe(
      clientTotals.subtotal,
    );
    expect(sum(order.suborders.flatMap((s) => s.items.map((i) => i.deposit_amount ?? 'x'))).toFixed(2)).toBe(
      clientTotals.depositTotal,
    );
    expect(sum(order.suborders.map((s) => s.total)).toFixed(2)).toBe(order.total);
    // the order's own breakdown is the cart's, to the cent; its tax is all the VAT it contains, the
    // fees' included (decision 007), and the total without tax is the total less that VAT
    const feeTax = sum(order.suborders.flatMap((s) => s.extra_charges.map((c) => c.tax_amount ?? 'x')));
    expect({
      subtotal: order.subtotal,
      discountAmount: order.discount_amount,
      tax: order.tax,
      depositTotal: order.deposit_total,
      totalWithoutTax: order.total_without_tax,
    }).toEqual({
      subtotal: clientTotals.subtotal,
      discountAmount: clientTotals.discountAmount,
      tax: feeTax.plus(clientTotals.tax).toFixed(2),
      depositTotal: clientTotals.depositTotal,
      totalWithoutTax: new Decimal(order.total).minus(feeTax).minus(clientTotals.tax).toFixed(2),
    });
    expect(Number(order.deposit_total)).toBeGreaterThanOrEqual(0);
    // the list answers the same figures as the detail
    const listed = z.array(orderWire).parse((await call('buyer', 'GET', '/api/netb2b/orders/')).body);
    expect(listed.find((o) => o.id === id)).toEqual(order);
  });

  it('answers the delivery date, pre-order flag and note the customer asked for', async () => {
    const [product] = await productsOf(1, 1, 4);
    if (!product) throw new Error('the seed lacks products');
    const id = await placeOrder('buyer', [{ product: product.id, quantity: '1', unit: PIECE }], {
      expected_delivery_date: inDays(11),
      is_preorder: true,
      customer_note: 'Ring twice',
    });
    const order = await orderOf('buyer', id);
    expect(order).toMatchObject({
      expected_delivery_date: inDays(11),
      is_preorder: true,
      customer_note: 'Ring twice',
    });
  });

  it('charges a delivery fee to a small suborder, the cold-chain surcharge to the cold store, no fee from 250.00', async () => {
    const [small] = await productsOf(1, 1, 1);
    const [cold] = await productsOf(2, 1, 1);
    const [big] = await productsOf(3, 1, 1);
    if (!small || !cold || !big) throw new Error('the seed lacks products');
    const piecesForBig = new Decimal(300).dividedBy(big.price).ceil().toNumber();
    const lines: Line[] = [
      { product: small.id, quantity: '1', unit: PIECE },
      { product: cold.id, quantity: '1', unit: PIECE },
      { product: big.id, quantity: String(piecesForBig), unit: PIECE },
    ];
    const id = await placeOrder('buyer', lines);
    const order = await orderOf('buyer', id);
    const chargesOf = (warehouseId: number) =>
      order.suborders.find((s) => s.warehouse.id === warehouseId)?.extra_charges;
    // fees are lines at the standard rate: net 9.90 and 4.50, charged to the buyer with 19 % VAT
    const deliveryFee = {
      code: 'delivery_fee',
      name: 'Delivery fee',
      amount: '11.78',
      net_amount: '9.90',
      tax_rate_percent: '19.00',
      tax_amount: '1.88',
    };
    expect(chargesOf(1)).toEqual([deliveryFee]);
    expect(chargesOf(2)).toEqual([
      deliveryFee,
      {
        code: 'cold_chain_surcharge',
        name: 'Cold chain surcharge',
        amount: '5.36',
        net_amount: '4.50',
        tax_rate_percent: '19.00',
        tax_amount: '0.86',
      },
    ]);
    expect(chargesOf(3)).toEqual([]);
  });

  it('prices a campaign line at the campaign price and records the campaign', async () => {
    const now = server.clock.now().toISOString();
    const price = await server.database.db
      .selectFrom('campaign_prices as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .innerJoin('products as p', 'p.id', 'cp.product_id')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .select(['cp.campaign_id', 'cp.product_id', 'cp.new_price', 'pu.unit_id', 'p.tax_rate_percent'])
      .where('c.starts_at', '<=', now)
      .where('c.ends_at', '>=', now)
      .where('p.quantity_in_stock', '>', 20)
      .where('pu.unit_id', 'in', [PIECE, BOTTLE])
      .orderBy('cp.product_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const lines: Line[] = [
      { product: price.product_id, quantity: '4', unit: price.unit_id, campaign: price.campaign_id },
    ];
    await fillCart('buyer', lines);
    const clientTotals = computeCartItemsTotals((await cartOf('buyer')).map(toCartItem), units, 'gross');
    const order = await orderOf('buyer', await placeOrder('buyer', lines));
    const [item] = order.suborders[0]?.items ?? [];
    // gross basis: the line's net (4 × the campaign price) plus VAT at its rate on that net (decision 007)
    const net = new Decimal(price.new_price).times(4);
    const vat = net.times(price.tax_rate_percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
    expect(item).toMatchObject({
      campaign: price.campaign_id,
      amount: net.plus(vat).toFixed(2),
      tax_amount: vat.toFixed(2),
    });
    const charges = sum(order.suborders.flatMap((s) => s.extra_charges.map((c) => c.amount)));
    expect(new Decimal(order.total).minus(charges).toFixed(2)).toBe(clientTotals.total);
    expect(Number(clientTotals.discountAmount)).toBeGreaterThan(0);
    expect(order.discount_amount).toBe(clientTotals.discountAmount);
    expect(order.subtotal).toBe(clientTotals.subtotal);
  });

  it('charges a customer without tax_applies the total without tax', async () => {
    const [product] = await productsOf(1, 1, 2);
    if (!product) throw new Error('the seed lacks products');
    const lines: Line[] = [{ product: product.id, quantity: '2', unit: BOX }];
    await fillCart('private', lines);
    const clientTotals = computeCartItemsTotals((await cartOf('private')).map(toCartItem), units, 'net');
    const order = await orderOf('private', await placeOrder('private', lines));
    expect(order.price_basis).toBe('net');
    const charges = sum(order.suborders.flatMap((s) => s.extra_charges.map((c) => c.amount)));
    expect(new Decimal(order.total).minus(charges).toFixed(2)).toBe(clientTotals.total);
    expect(order.suborders[0]?.items[0]?.tax_amount).toBe('0.00');
    // net basis: no tax anywhere, and the whole breakdown is the cart's on the same basis
    expect(clientTotals.tax).toBe('0.00');
    expect(order.tax).toBe('0.00');
    // goods plus fees, nothing added: the total is the total without tax
    expect(order.total_without_tax).toBe(order.total);
    expect(order.subtotal).toBe(clientTotals.subtotal);
    expect(order.suborders[0]?.items[0]?.amount).toBe(clientTotals.subtotal);
    expect(order.taxes).toBeUndefined();
  });

  it('takes the goods out of stock and refuses more than is left', async () => {
    const [product] = await productsOf(3, 1, 3);
    if (!product) throw new Error('the seed lacks products');
    await placeOrder('buyer', [{ product: product.id, quantity: '5', unit: PIECE }]);
    const after = await server.database.db
      .selectFrom('products')
      .select('quantity_in_stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(after.quantity_in_stock).toBe(product.quantity_in_stock - 5);
    const answer = await call(
      'buyer',
      'POST',
      '/api/netb2b/orders/',
      submission([{ product: product.id, quantity: String(after.quantity_in_stock + 1), unit: PIECE }]),
    );
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('not_enough_stock');
    expect(errorOf(answer).errors?.['items.0.quantity']?.[0]).toContain(`at most ${after.quantity_in_stock}`);
  });

  it('names every bad line and stores nothing', async () => {
    const [good, other] = await productsOf(1, 2, 4);
    if (!good || !other) throw new Error('the seed lacks products');
    const before = await orderCount();
    const answer = await call(
      'buyer',
      'POST',
      '/api/netb2b/orders/',
      submission([
        { product: good.id, quantity: '1', unit: PIECE },
        { product: 987654, quantity: '1', unit: PIECE },
        { product: other.id, quantity: '0', unit: PIECE },
        { product: good.id, quantity: '2', unit: PIECE },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(errorOf(answer).errors ?? {}).sort()).toEqual([
      'items.1.product',
      'items.2.quantity',
      'items.3.product',
    ]);
    const foreignUnit = await call(
      'buyer',
      'POST',
      '/api/netb2b/orders/',
      submission([{ product: good.id, quantity: '1', unit: BOTTLE }]),
    );
    expect(errorOf(foreignUnit)).toMatchObject({ code: 'invalid_unit' });
    const noLines = await call('buyer', 'POST', '/api/netb2b/orders/', submission([]));
    expect(noLines.status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['in the past', -1, 400],
    ['today', 0, 400],
    ['today + 6', 6, 400],
    ['today + 7', 7, 201],
    ['today + 30', 30, 201],
  ])('a delivery date %s answers %i', async (_, days, status) => {
    const [product] = await productsOf(1, 1, 6);
    if (!product) throw new Error('the seed lacks products');
    const answer = await call(
      'buyer',
      'POST',
      '/api/netb2b/orders/',
      submission([{ product: product.id, quantity: '1', unit: PIECE }], {
        expected_delivery_date: inDays(days),
      }),
    );
    expect(answer.status).toBe(status);
    if (status === 400) expect(errorOf(answer).errors?.expected_delivery_date).toHaveLength(1);
  });

  it('refuses a delivery date that is not a calendar day', async () => {
    const [product] = await productsOf(1, 1, 6);
    if (!product) throw new Error('the seed lacks products');
    for (const date of ['2031-02-30', 'next week', '']) {
      const answer = await call(
        'buyer',
        'POST',
        '/api/netb2b/orders/',
        submission([{ product: product.id, quantity: '1', unit: PIECE }], { expected_delivery_date: date }),
      );
      expect(answer.status).toBe(400);
      expect(errorOf(answer).errors?.expected_delivery_date).toBeDefined();
    }
  });

  it('is closed to demo accounts and to callers without a token', async () => {
    const [product] = await productsOf(1, 1, 6);
    const body = submission([{ product: product?.id ?? 1, quantity: '1', unit: PIECE }]);
    expect((await call('demo', 'POST', '/api/netb2b/orders/', body)).status).toBe(403);
    const anonymous = await server.app.request('/api/netb2b/orders/', { method: 'GET' });
    expect(anonymous.status).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  it('a repeated submit with the same key answers the first order (201) and stores one order', async () => {
    const [product] = await productsOf(1, 1, 7);
    if (!product) throw new Error('the seed lacks products');
    const body = submission([{ product: product.id, quantity: '2', unit: PIECE }]);
    const headers = { 'Idempotency-Key': 'checkout-7f3a9c' };
    const before = await orderCount();
    const first = await call('buyer', 'POST', '/api/netb2b/orders/', body, headers);
    const second = await call('buyer', 'POST', '/api/netb2b/orders/', body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await orderCount()).toBe(before + 1);
  });

  it('two submits racing with one key make one order', async () => {
    const [product] = await productsOf(1, 1, 8);
    if (!product) throw new Error('the seed lacks products');
    const body = submission([{ product: product.id, quantity: '1', unit: PIECE }]);
    const headers = { 'Idempotency-Key': 'double-click-1' };
    const before = await orderCount();
    const answers = await Promise.all([
      call('buyer', 'POST', '/api/netb2b/orders/', body, headers),
      call('buyer', 'POST', '/api/netb2b/orders/', body, headers),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    expect(await orderCount()).toBe(before + 1);
  });

  it('the same key with another body is refused; another user may use the same key', async () => {
    const [product] = await productsOf(1, 1, 9);
    if (!product) throw new Error('the seed lacks products');
    const headers = { 'Idempotency-Key': 'shared-key' };
    await call(
      'buyer',
      'POST',
      '/api/netb2b/orders/',
      submission([{ product: product.id, quantity: '1', unit: PIECE }]),
      headers,
    );
    const changed = await call(
      'buyer',
      'POST',
      '/api/netb2b/orders/',
      submission([{ product: product.id, quantity: '2', unit: PIECE }]),
      headers,
    );
    expect(changed.status).toBe(422);
    expect(errorOf(changed).code).toBe('idempotency_key_reused');
    const others = await call(
      'other',
      'POST',
      '/api/netb2b/orders/',
      submission([{ product: product.id, quantity: '1', unit: PIECE }]),
      headers,
    );
    expect(others.status).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const answer = await call('buyer', 'POST', '/api/netb2b/orders/', submission([]), {
      'Idempotency-Key': 'x'.repeat(256),
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('invalid_idempotency_key');
  });
});

describe('POST /api/netb2b/orders/preview/', () => {
  it('shows the split per warehouse with the totals the order will have, storing nothing', async () => {
    const [central] = await productsOf(1, 1, 10);
    const [cold] = await productsOf(2, 1, 10);
    if (!central || !cold) throw new Error('the seed lacks products');
    const lines: Line[] = [
      { product: central.id, quantity: '2', unit: BOX },
      { product: cold.id, quantity: '5', unit: PIECE },
    ];
    await fillCart('colleague', lines);
    const clientTotals = computeCartItemsTotals((await cartOf('colleague')).map(toCartItem), units, 'gross');
    const before = await orderCount();
    const answer = await call('colleague', 'POST', '/api/netb2b/orders/preview/', { items: lines });
    expect(answer.status).toBe(200);
    const preview = orderPreviewWire.parse(answer.body);
    expect(await orderCount()).toBe(before);
    expect(await cartOf('colleague')).toHaveLength(2);

    expect(preview.totals).toEqual({
      subtotal: clientTotals.subtotal,
      discount_amount: clientTotals.discountAmount,
      tax: clientTotals.tax,
      deposit_total: clientTotals.depositTotal,
      total: clientTotals.total,
      total_without_tax: clientTotals.totalWithoutTax,
    });
    expect(preview.suborders.map((s) => [s.warehouse.id, s.items.map((i) => i.product)])).toEqual([
      [1, [central.id]],
      [2, [cold.id]],
    ]);
    expect(preview.suborders.every((s) => s.operator.name.length > 0)).toBe(true);
    expect(preview.price_basis).toBe('gross');
    expect(preview.tax_applies).toBe(true);

    const id = await placeOrder('colleague', lines);
    const order = await orderOf('colleague', id);
    expect(order.total).toBe(preview.total);
    expect(order.suborders.map((s) => s.total)).toEqual(preview.suborders.map((s) => s.total));
    expect(order.suborders.map((s) => s.extra_charges)).toEqual(
      preview.suborders.map((s) => s.extra_charges),
    );
  });

  it('refuses bad lines like the order does', async () => {
    const answer = await call('colleague', 'POST', '/api/netb2b/orders/preview/', {
      items: [{ product: 987654, quantity: '1', unit: PIECE }],
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).errors?.['items.0.product']).toHaveLength(1);
  });
});

describe('GET /api/netb2b/orders/ and /api/netb2b/orders/{id}/', () => {
  it("lists only the company's orders, newest first, each parsing as orderWire", async () => {
    const answer = await call('buyer', 'GET', '/api/netb2b/orders/');
    expect(answer.status).toBe(200);
    const orders = z.array(orderWire).parse(answer.body);
    const companyOrders = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 1)
      .execute();
    expect(orders.map((o) => o.id).sort((a, b) => a - b)).toEqual(
      companyOrders.map((o) => o.id).sort((a, b) => a - b),
    );
    const created = orders.map((o) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
    // a colleague of the same company sees the same list
    const colleagues = z.array(orderWire).parse((await call('colleague', 'GET', '/api/netb2b/orders/')).body);
    expect(colleagues.map((o) => o.id)).toEqual(orders.map((o) => o.id));
    const latest = z.array(orderWire).parse((await call('buyer', 'GET', '/api/netb2b/orders/?limit=5')).body);
    expect(latest.map((o) => o.id)).toEqual(orders.slice(0, 5).map((o) => o.id));
  });

  it("answers 404 for another company's order and an unknown id", async () => {
    const foreign = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 2)
      .executeTakeFirstOrThrow();
    const answer = await call('buyer', 'GET', `/api/netb2b/orders/${foreign.id}/`);
    expect(answer.status).toBe(404);
    expect(errorOf(answer).detail).toBe('No order has this id.');
    expect((await call('buyer', 'GET', '/api/netb2b/orders/987654/')).status).toBe(404);
    const theirs = z.array(orderWire).parse((await call('other', 'GET', '/api/netb2b/orders/')).body);
    expect(theirs.map((o) => o.id)).toContain(foreign.id);
  });

  it('seeded orders parse too, with suborders, items and charges', async () => {
    const orders = z.array(orderWire).parse((await call('buyer', 'GET', '/api/netb2b/orders/')).body);
    const seeded = orders.filter((o) => o.is_finalized);
    expect(seeded.length).toBeGreaterThan(0);
    for (const order of seeded) {
      expect(order.finalized_at).not.toBeNull();
      expect(order.suborders.length).toBeGreaterThan(0);
      expect(sum(order.suborders.map((s) => s.total)).toFixed(2)).toBe(order.total);
      // the stored breakdown agrees with the stored lines and charges
      const items = order.suborders.flatMap((s) => s.items);
      const charges = order.suborders.flatMap((s) => s.extra_charges);
      expect(order.subtotal).toBe(sum(items.map((i) => i.amount)).toFixed(2));
      // decision 007: the order's tax is every VAT it holds, its fees' included, as a placed order's
      const chargesVat = sum(charges.map((c) => c.tax_amount ?? 'NaN'));
      expect(order.tax).toBe(
        sum(items.map((i) => i.tax_amount))
          .plus(chargesVat)
          .toFixed(2),
      );
      expect(new Decimal(order.total_without_tax ?? 'NaN').plus(order.tax ?? 'NaN').toFixed(2)).toBe(
        order.total,
      );
    }
  });
});
