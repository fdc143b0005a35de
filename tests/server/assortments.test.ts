import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { companyOf, insertAssortment, removeFromAssortment, setRetired } from './support/assortments';
import { TestClient } from './support/http-client';
import { PIECE, placePieceOrder } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// A company in an assortment sees and orders only its products; a company in none sees all; a
// retired product is nobody's. Invisible where a customer looks, refused where a customer orders.

const API = '/api/netb2b';

let server: TestServer;
/** Lindenhof, in the test's assortment */
let buyer: Caller;
/** Bosporus, in no assortment */
let other: Caller;
let assortment: number;
interface Product {
  id: number;
  name: string;
  stock_code: string;
  category_id: number;
}
/** in the assortment */
let inside: Product;
/** in the assortment, for the order paths (taken out of it by the tests that need that) */
let leaving: Product[];
/** outside the assortment */
let outside: Product;
/** retired, in the assortment */
let retired: Product;
/** a product of a running campaign, outside the assortment */
let campaignProduct: number;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  buyer = callerFor(server, (await new TestClient(server.app).signIn('buyer', 'buyer123')).access);
  other = callerFor(server, (await new TestClient(server.app).signIn('other', 'other123')).access);
  const instant = server.clock.now().toISOString();
  const running = db
    .selectFrom('campaign_prices as cp')
    .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
    .select('cp.product_id')
    .where('c.starts_at', '<=', instant)
    .where('c.ends_at', '>=', instant);
  const pool = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.name', 'p.stock_code', 'p.category_id'])
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 100)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .limit(8)
    .execute();
  const [a, b, c, d, e, f] = pool;
  if (!a || !b || !c || !d || !e || !f) throw new Error('the seed has too few products for this test');
  inside = a;
  outside = b;
  retired = c;
  leaving = [d, e, f];
  campaignProduct = (await running.orderBy('cp.product_id').executeTakeFirstOrThrow()).product_id;
  assortment = await insertAssortment(db, {
    productIds: [inside.id, retired.id, ...leaving.map((product) => product.id)],
    companyIds: [await companyOf(db, 'buyer')],
  });
  await setRetired(db, retired.id, instant);
});
afterAll(() => server.close());

const ids = (body: unknown) => (body as { id: number }[]).map((product) => product.id);
const pageIds = (body: unknown) => ids((body as { results: unknown[] }).results);

describe('where a customer looks', () => {
  it('search finds only what the company may see', async () => {
    for (const [caller, product, found] of [
      [buyer, inside, true],
      [buyer, outside, false],
      [other, outside, true],
      [other, retired, false],
      [buyer, retired, false],
    ] as const) {
      const search = await caller('GET', `${API}/products/search/?query=${encodeURIComponent(product.name)}`);
      expect(search.status).toBe(200);
      expect(ids(search.body).includes(product.id), `${product.name} by the search box`).toBe(found);
      const page = await caller('GET', `${API}/products/?q=${encodeURIComponent(product.name)}`);
      expect(page.status).toBe(200);
      expect(pageIds(page.body).includes(product.id), `${product.name} on the results page`).toBe(found);
    }
  });

  it('a company in an assortment lists only its products; another company lists all but the retired', async () => {
    const mine = await buyer('GET', `${API}/products/?page_size=200`);
    expect(mine.status).toBe(200);
    expect((mine.body as { count: number }).count).toBe(1 + leaving.length);
    expect(pageIds(mine.body).sort((x, y) => x - y)).toEqual(
      [inside.id, ...leaving.map((product) => product.id)].sort((x, y) => x - y),
    );
    const all = await other('GET', `${API}/products/?page_size=200&category=${outside.category_id}`);
    expect(pageIds(all.body)).toContain(outside.id);
    const byCategory = await buyer('GET', `${API}/products/?page_size=200&category=${outside.category_id}`);
    expect(pageIds(byCategory.body)).not.toContain(outside.id);
    for (const sorted of ['price', 'newest'])
      expect(
        pageIds((await buyer('GET', `${API}/products/?sort=${sorted}&page_size=200`)).body),
      ).not.toContain(outside.id);
    const retiredPage = await other('GET', `${API}/products/?page_size=200&category=${retired.category_id}`);
    expect(pageIds(retiredPage.body)).not.toContain(retired.id);
  });

  it('featured and newest leave out what the company may not see', async () => {
    const { db } = server.database;
    await db
      .updateTable('products')
      .set({ is_featured: 1, created_at: '2999-01-01T00:00:00.000Z' })
      .where('id', 'in', [outside.id, retired.id])
      .execute();
    for (const list of ['featured', 'newest']) {
      expect(ids((await buyer('GET', `${API}/products/${list}/`)).body)).not.toContain(outside.id);
      expect(ids((await other('GET', `${API}/products/${list}/`)).body)).toContain(outside.id);
      expect(ids((await other('GET', `${API}/products/${list}/`)).body)).not.toContain(retired.id);
    }
  });

  it('a product by id is a 404 for whom it is invisible', async () => {
    expect((await buyer('GET', `${API}/products/${inside.id}/`)).status).toBe(200);
    expect((await buyer('GET', `${API}/products/${outside.id}/`)).status).toBe(404);
    expect((await other('GET', `${API}/products/${outside.id}/`)).status).toBe(200);
    expect((await other('GET', `${API}/products/${retired.id}/`)).status).toBe(404);
  });

  it("campaigns list only the company's products", async () => {
    const campaignProducts = async (caller: Caller) => {
      const answer = await caller('GET', `${API}/campaigns/`);
      expect(answer.status).toBe(200);
      return (answer.body as { campaign_prices: { product: { id: number } }[] }[]).flatMap((campaign) =>
        campaign.campaign_prices.map((price) => price.product.id),
      );
    };
    expect(await campaignProducts(buyer)).not.toContain(campaignProduct);
    expect(await campaignProducts(other)).toContain(campaignProduct);
  });

  it('a quick-order code of an invisible product is not found', async () => {
    const lookUp = async (caller: Caller, code: string) => {
      const answer = await caller('POST', `${API}/products/lookup/`, { codes: [code] });
      expect(answer.status).toBe(200);
      return answer.body as { matches: { product: { id: number } }[]; not_found: string[] };
    };
    expect((await lookUp(buyer, outside.stock_code)).not_found).toEqual([outside.stock_code]);
    expect((await lookUp(buyer, inside.stock_code)).matches.map((match) => match.product.id)).toEqual([
      inside.id,
    ]);
    expect((await lookUp(other, outside.stock_code)).matches.map((match) => match.product.id)).toEqual([
      outside.id,
    ]);
    expect((await lookUp(other, retired.stock_code)).not_found).toEqual([retired.stock_code]);
  });
});

const pieceLine = (product: number) => ({ product, campaign: null, quantity: '1', unit: PIECE });
const deliveryDay = () => toIsoDate(addDays(server.clock.now(), 9));

describe('where a customer orders', () => {
  it('adding to the cart is refused, one line or in bulk', async () => {
    const one = await buyer('POST', `${API}/cart-items/`, pieceLine(outside.id));
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({
      code: 'product_not_available',
      detail: 'This product is no longer available to you.',
    });
    const retiredLine = await other('POST', `${API}/cart-items/`, pieceLine(retired.id));
    expect(retiredLine.body).toMatchObject({ code: 'product_not_available' });
    const bulk = await buyer('POST', `${API}/cart-items/bulk/`, {
      mode: 'add',
      items: [pieceLine(inside.id), pieceLine(outside.id)],
    });
    expect(bulk.status).toBe(200);
    expect((bulk.body as { results: unknown[] }).results).toMatchObject([
      { product: inside.id, status: 'added' },
      { product: outside.id, status: 'rejected', code: 'product_not_available' },
    ]);
  });

  it('a cart line that left the assortment shows as not available, and preview and order refuse it', async () => {
    const [gone] = leaving;
    if (!gone) throw new Error('no product');
    expect((await buyer('POST', `${API}/cart-items/`, pieceLine(gone.id))).status).toBeLessThan(300);
    await removeFromAssortment(server.database.db, assortment, gone.id);
    const cart = await buyer('GET', `${API}/cart-items/?detailed=true`);
    const line = (cart.body as { product: { id: number }; unavailable?: string }[]).find(
      (item) => item.product.id === gone.id,
    );
    expect(line).toMatchObject({ unavailable: 'product_not_available' });
    const items = [
      { product: inside.id, quantity: '1', unit: PIECE },
      { product: gone.id, quantity: '1', unit: PIECE },
    ];
    const preview = await buyer('POST', `${API}/orders/preview/`, { items });
    expect(preview.status).toBe(400);
    expect(preview.body).toMatchObject({
      code: 'product_not_available',
      errors: { 'items.1.product': ['This product is no longer available to you.'] },
    });
    const order = await buyer('POST', `${API}/orders/`, {
      items,
      expected_delivery_date: deliveryDay(),
      is_preorder: false,
      customer_note: '',
    });
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({
      code: 'product_not_available',
      errors: { 'items.1.product': [expect.any(String)] },
    });
  });

  it('amending an order refuses a line that left the assortment', async () => {
    const [, gone] = leaving;
    if (!gone) throw new Error('no product');
    const orderId = await placePieceOrder(server, buyer, gone.id);
    const detail = (await buyer('GET', `${API}/orders/${orderId}/`)).body as {
      version: number;
      expected_delivery_date: string;
    };
    await removeFromAssortment(server.database.db, assortment, gone.id);
    const amended = await buyer('PUT', `${API}/orders/${orderId}/`, {
      version: detail.version,
      items: [{ product: gone.id, quantity: '2', unit: PIECE }],
      expected_delivery_date: detail.expected_delivery_date,
    });
    expect(amended.status).toBe(400);
    expect(amended.body).toMatchObject({ code: 'product_not_available' });
  });

  it('a favourite list keeps a line that left the assortment, shown unavailable, until it returns', async () => {
    const { db } = server.database;
    const [, , gone] = leaving;
    if (!gone) throw new Error('no product');
    const created = await buyer('POST', `${API}/favourite-lists/`, {
      name: 'Assortment test',
      items: [{ product: gone.id, quantity: '1', unit: PIECE }],
    });
    expect(created.status).toBe(201);
    const listId = (created.body as { id: number }).id;
    await removeFromAssortment(db, assortment, gone.id);
    const itemsOf = async () =>
      (
        (await buyer('GET', `${API}/favourite-lists/${listId}/`)).body as {
          items: { product_id: number; product: { id: number } | null; unavailable?: string }[];
        }
      ).items;
    expect(await itemsOf()).toMatchObject([
      { product_id: gone.id, product: null, unavailable: 'product_not_available' },
    ]);
    const adding = await buyer('PUT', `${API}/favourite-lists/${listId}/items/${outside.id}/`, {
      quantity: '1',
      unit: PIECE,
    });
    expect(adding.status).toBe(400);
    expect(adding.body).toMatchObject({ code: 'product_not_available' });
    await db
      .insertInto('assortment_products')
      .values({ assortment_id: assortment, product_id: gone.id })
      .execute();
    expect(await itemsOf()).toMatchObject([{ product_id: gone.id, product: { id: gone.id } }]);
  });

  it('a company in no assortment orders what it sees', async () => {
    const bulk = await other('POST', `${API}/cart-items/bulk/`, {
      mode: 'add',
      items: [pieceLine(outside.id), pieceLine(retired.id)],
    });
    expect((bulk.body as { results: unknown[] }).results).toMatchObject([
      { product: outside.id, status: 'added' },
      { product: retired.id, status: 'rejected', code: 'product_not_available' },
    ]);
  });
});
