import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { productWire, toProduct } from '../../src/services/api/wire/catalog';
import { TestClient } from './support/http-client';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * EU food information (Regulation 1169/2011, art. 14): a product's ingredients and allergens reach
 * the customer in every product answer before they order; a product that declares neither answers
 * exactly as it did before both existed, and the spec profile (point 3's fields) answers neither.
 */
const INGREDIENTS = 'Pasteurised cow’s milk, salt, rennet, peanut oil';
const IMAGE = 'https://pim.example/images/10045.jpg';

let server: TestServer;
let buyer: Caller;
let declared: { id: number; stockCode: string };
let plain: { id: number; stockCode: string };

const keysOf = (answer: unknown) => Object.keys(answer as Record<string, unknown>);

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const rows = await db.selectFrom('products').select(['id', 'stock_code']).orderBy('id').limit(2).execute();
  [declared, plain] = rows.map((row) => ({ id: row.id, stockCode: row.stock_code })) as [
    typeof declared,
    typeof plain,
  ];
  await db
    .updateTable('products')
    .set({ ingredients: INGREDIENTS, allergens: 'milk,peanuts', image_url: IMAGE })
    .where('id', '=', declared.id)
    .execute();
  buyer = callerFor(server, (await new TestClient(server.app).signIn('buyer', 'buyer123')).access);
});

afterAll(async () => {
  await server?.close();
});

describe('a product answer with food information', () => {
  it('carries the ingredients and the allergen codes, which the client reads', async () => {
    const answer = await buyer('GET', `/api/netb2b/products/${declared.id}/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ingredients: INGREDIENTS, allergens: ['milk', 'peanuts'] });
    expect(toProduct(productWire.parse(answer.body))).toMatchObject({
      ingredients: INGREDIENTS,
      allergens: ['milk', 'peanuts'],
    });
  });

  it('carries them in a search answer too', async () => {
    const answer = await buyer('GET', `/api/netb2b/products/search/?query=${declared.stockCode}`);
    const found = z.array(productWire).parse(answer.body);
    expect(found.find((product) => product.id === declared.id)).toMatchObject({
      ingredients: INGREDIENTS,
      allergens: ['milk', 'peanuts'],
    });
  });

  it('shows the image the import named by URL, and the drawn one where it named none', async () => {
    const imported = await buyer('GET', `/api/netb2b/products/${declared.id}/`);
    expect(imported.body).toMatchObject({ image: IMAGE });
    const drawn = await buyer('GET', `/api/netb2b/products/${plain.id}/`);
    expect(drawn.body).toMatchObject({ image: `/media/products/${plain.id}.svg` });
  });

  it('a product declaring neither has no such keys', async () => {
    const answer = await buyer('GET', `/api/netb2b/products/${plain.id}/`);
    expect(answer.status).toBe(200);
    expect(keysOf(answer.body)).not.toContain('ingredients');
    expect(keysOf(answer.body)).not.toContain('allergens');
  });
});

describe('the spec profile', () => {
  it('answers point 3 fields only: no ingredients, no allergens', async () => {
    const spec = server.freshApp({ apiProfile: 'spec' });
    const { access } = await new TestClient(spec).signIn('buyer', 'buyer123');
    // point 7 has no product-by-id call: the product is found by its search
    const response = await spec.request(`/api/netb2b/products/search/?query=${declared.stockCode}`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(response.status).toBe(200);
    const products = (await response.json()) as Record<string, unknown>[];
    expect(products.map((product) => product.id)).toContain(declared.id);
    expect(products.flatMap((product) => Object.keys(product))).not.toContain('ingredients');
    expect(products.flatMap((product) => Object.keys(product))).not.toContain('allergens');
  });
});
