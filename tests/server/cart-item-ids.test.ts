import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrations';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PIECE = 1;
const CSRF = 'cart-item-ids-csrf-token-0123456789abcdef';
const CART = '/api/netb2b/cart-items/';

let server: TestServer;
let access: string;

beforeAll(async () => {
  server = await startTestServer();
  access = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
});
afterAll(() => server.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await server.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${access}`,
      'Content-Type': 'application/json',
      Cookie: `csrftoken=${CSRF}`,
      'X-CSRFToken': CSRF,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function inStockProducts(count: number) {
  const rows = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 100)
    .orderBy('p.id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

const cartIds = async () =>
  ((await call('GET', `${CART}?detailed=true`)).body as { id: number; product: { id: number } }[]).map(
    (item) => [item.id, item.product.id],
  );

describe('cart-item ids are never reused', () => {
  it('a line added after the newest one was deleted gets a larger id; a stale DELETE of the old id is a 404', async () => {
    const [first, second] = await inStockProducts(2);
    const added = await call('POST', CART, { product: first, quantity: '1', unit: PIECE });
    expect(added.status).toBe(201);
    const oldId = (added.body as { id: number }).id;
    expect((await call('DELETE', `${CART}${oldId}/`)).status).toBe(204);

    const next = await call('POST', CART, { product: second, quantity: '2', unit: PIECE });
    expect(next.status).toBe(201);
    const newId = (next.body as { id: number }).id;
    expect(newId).toBeGreaterThan(oldId);

    // the second tab still shows the removed line and deletes it again
    const stale = await call('DELETE', `${CART}${oldId}/`);
    expect(stale.status).toBe(404);
    expect((stale.body as { code: string }).code).toBe('not_found');
    expect(await cartIds()).toEqual([[newId, second]]);
  });

  it('the migration keeps the cart lines and their ids, and can be undone', async () => {
    const { db, dialect } = server.database;
    const before = await db.selectFrom('cart_items').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    const migrator = new Migrator({
      db,
      provider: migrationProvider(dialect),
      allowUnorderedMigrations: true,
    });

    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(await db.selectFrom('cart_items').selectAll().orderBy('id').execute()).toEqual(before);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await db.selectFrom('cart_items').selectAll().orderBy('id').execute()).toEqual(before);

    // and still never reuses: add, delete, add again
    const [, , third, fourth] = await inStockProducts(4);
    const a = (await call('POST', CART, { product: third, quantity: '1', unit: PIECE })).body as {
      id: number;
    };
    expect((await call('DELETE', `${CART}${a.id}/`)).status).toBe(204);
    const b = (await call('POST', CART, { product: fourth, quantity: '1', unit: PIECE })).body as {
      id: number;
    };
    expect(b.id).toBeGreaterThan(a.id);
  });
});
