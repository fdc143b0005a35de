import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// Seeded units: piece → box → pallet (server/seed/units.ts).
const PIECE = 1;
const BOX = 2;
const CSRF = 'cart-refusal-csrf-token-0123456789abcdef';

let server: TestServer;
let token = '';

beforeAll(async () => {
  server = await startTestServer();
  token = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
});
afterAll(() => server.close());

async function call(method: string, path: string, body?: unknown) {
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
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** A seeded product sold in pieces and boxes, with more than a box in stock. */
async function boxedProduct() {
  const { db } = server.database;
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.quantity_in_stock'])
    .where('pu.unit_id', '=', BOX)
    .where('p.quantity_in_stock', '>', 100)
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const box = await db
    .selectFrom('product_units')
    .select('amount')
    .where('product_id', '=', row.id)
    .where('unit_id', '=', BOX)
    .executeTakeFirstOrThrow();
  return { id: row.id, stock: row.quantity_in_stock, perBox: Number(box.amount) };
}

// The client words a refusal in the buyer's language: the figure it needs travels as a number,
// not only inside the English detail.
describe('a cart write refused for stock', () => {
  it('answers the most of the chosen unit that stock allows, on a change of unit', async () => {
    const product = await boxedProduct();
    const maxBoxes = Math.floor(product.stock / product.perBox);
    const added = await call('POST', '/api/netb2b/cart-items/', {
      product: product.id,
      quantity: String(maxBoxes + 1),
      unit: PIECE,
    });
    expect(added.status).toBe(201);

    const changed = await call('PUT', `/api/netb2b/cart-items/${added.body.id}/`, {
      product: product.id,
      quantity: String(maxBoxes + 1),
      unit: BOX,
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: 'not_enough_stock', max_quantity: maxBoxes });
  });

  it('answers no figure for a refusal that has none', async () => {
    const product = await boxedProduct();
    const answer = await call('POST', '/api/netb2b/cart-items/', {
      product: product.id,
      quantity: '0',
      unit: PIECE,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_quantity');
    expect(answer.body).not.toHaveProperty('max_quantity');
  });
});
