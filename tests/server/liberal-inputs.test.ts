import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addDays, maximumDeliveryDate, toIsoDate } from '../../src/domain/dates';
import { cartItemWire, orderCreatedWire, orderWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { type Caller, callerFor, fieldErrorsOf } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// Issue 14 point 9: a real client of the supplier's API sends quantities as JSON numbers, leaves the
// campaign out of cart writes and the note out of orders. Where the meaning is plain the server
// takes it and stores exactly what the portal's own request would have stored.

const PIECE = 1;

let server: TestServer;
let buyer: Caller;
let products: number[];

beforeAll(async () => {
  server = await startTestServer();
  const { access } = await new TestClient(server.app).signIn('buyer', 'buyer123');
  buyer = callerFor(server, access);
  const { db } = server.database;
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 100)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .limit(6)
    .execute();
  products = rows.map((row) => row.id);
});
afterAll(() => server.close());

const cart = async () =>
  z.array(cartItemWire).parse((await buyer('GET', '/api/netb2b/cart-items/?detailed=true')).body);
const lineOf = async (product: number) => (await cart()).find((item) => item.product.id === product);
const product = (index: number) => products[index] as number;

describe('a quantity as a JSON number or as decimal text', () => {
  it('stores the same line for 3 and "3"', async () => {
    const asNumber = await buyer('POST', '/api/netb2b/cart-items/', {
      product: product(0),
      campaign: null,
      quantity: 3,
      unit: PIECE,
    });
    expect(asNumber.status).toBe(201);
    expect(asNumber.body).toMatchObject({ quantity: '3', unit: PIECE });
    const first = await lineOf(product(0));

    const asText = await buyer('POST', '/api/netb2b/cart-items/', {
      product: product(0),
      campaign: null,
      quantity: '3',
      unit: PIECE,
    });
    expect(asText.status).toBe(200);
    expect(asText.body).toEqual(asNumber.body);
    expect(await lineOf(product(0))).toEqual(first);
    expect(first?.quantity).toBe('3');
  });

  it('takes a number on PUT and on the bulk add too', async () => {
    const line = await lineOf(product(0));
    const put = await buyer('PUT', `/api/netb2b/cart-items/${line?.id}/`, {
      product: product(0),
      campaign: null,
      quantity: 5,
      unit: PIECE,
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: line?.id, quantity: '5', unit: PIECE });

    const bulk = await buyer('POST', '/api/netb2b/cart-items/bulk/', {
      items: [
        { product: product(1), quantity: 2, unit: PIECE },
        { product: product(2), quantity: '2', unit: PIECE },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({
      results: [
        { index: 0, status: 'added', quantity: '2' },
        { index: 1, status: 'added', quantity: '2' },
      ],
    });
    expect((await lineOf(product(1)))?.quantity).toBe((await lineOf(product(2)))?.quantity);
  });

  it.each([
    ['a number written with an exponent', 1e21],
    ['a tiny number written with an exponent', 1e-7],
    ['exponent text', '1e3'],
    ['true', true],
    ['an array', [3]],
    ['text with spaces', ' 3 '],
  ])('refuses %s with a field error and stores nothing', async (_, quantity) => {
    const before = await cart();
    const answer = await buyer('POST', '/api/netb2b/cart-items/', {
      product: product(3),
      campaign: null,
      quantity,
      unit: PIECE,
    });
    expect(answer.status).toBe(400);
    expect(fieldErrorsOf(answer).quantity?.[0]).toMatch(/decimal number/);
    expect(await cart()).toEqual(before);
  });
});

describe('the campaign left out of a cart write', () => {
  it('is the same as campaign null on POST, PUT and the bulk add', async () => {
    const added = await buyer('POST', '/api/netb2b/cart-items/', {
      product: product(3),
      quantity: '2',
      unit: PIECE,
    });
    expect(added.status).toBe(201);
    const id = (added.body as { id: number }).id;
    const put = await buyer('PUT', `/api/netb2b/cart-items/${id}/`, {
      product: product(3),
      quantity: '4',
      unit: PIECE,
    });
    expect(put.status).toBe(200);
    const withNull = await buyer('POST', '/api/netb2b/cart-items/', {
      product: product(4),
      campaign: null,
      quantity: '4',
      unit: PIECE,
    });
    expect(withNull.status).toBe(201);
    const [left, explicit] = [await lineOf(product(3)), await lineOf(product(4))];
    expect(left).toMatchObject({ quantity: '4', unit: PIECE });
    expect({ ...left, id: 0, product: null }).toEqual({ ...explicit, id: 0, product: null });
  });
});

describe('the customer note left out of an order', () => {
  it('places the order with an empty note', async () => {
    const answer = await buyer('POST', '/api/netb2b/orders/', {
      items: [{ product: product(5), quantity: '1', unit: PIECE }],
      expected_delivery_date: toIsoDate(addDays(server.clock.now(), 7)),
      is_preorder: false,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = orderWire.parse(
      (await buyer('GET', `/api/netb2b/orders/${orderCreatedWire.parse(answer.body).id}/`)).body,
    );
    expect(order.customer_note).toBe('');
  });

  it('keeps the line breaks of a note that has them', async () => {
    const answer = await buyer('POST', '/api/netb2b/orders/', {
      items: [{ product: product(5), quantity: '1', unit: PIECE }],
      expected_delivery_date: toIsoDate(addDays(server.clock.now(), 7)),
      is_preorder: false,
      customer_note: 'Back door.\r\nRing twice.',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = orderWire.parse(
      (await buyer('GET', `/api/netb2b/orders/${orderCreatedWire.parse(answer.body).id}/`)).body,
    );
    expect(order.customer_note).toBe('Back door.\r\nRing twice.');
  });
});

describe('delivery dates at most one year ahead', () => {
  const order = (date: string) =>
    buyer('POST', '/api/netb2b/orders/', {
      items: [{ product: product(5), quantity: '1', unit: PIECE }],
      expected_delivery_date: date,
      is_preorder: false,
    });

  it('refuses year 9999 and the day after the latest, naming the latest day, and takes the latest', async () => {
    const latest = maximumDeliveryDate(server.clock.now());
    const dayAfter = toIsoDate(addDays(new Date(`${latest}T12:00:00`), 1));
    for (const date of ['9999-12-31', dayAfter]) {
      const refused = await order(date);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'invalid_delivery_date',
        errors: { expected_delivery_date: [expect.stringContaining(latest)] },
      });
    }
    expect((await order(latest)).status).toBe(201);
  });
});
