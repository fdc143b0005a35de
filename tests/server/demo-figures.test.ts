import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/** Every figure demo mode hides (spec point 6), wherever it appears in an answer. */
const FIGURES = ['price', 'old_price', 'new_price', 'deposit_price', 'quantity_in_stock'] as const;

let server: TestServer;
const tokens: Record<string, string> = {};
let productPaths: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'demo']) tokens[name] = (await client.signIn(name, `${name}123`)).access;

  const { db } = server.database;
  const instant = server.clock.now().toISOString();
  const running = await db
    .selectFrom('campaigns')
    .select('id')
    .where('starts_at', '<=', instant)
    .where('ends_at', '>=', instant)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const inCampaign = await db
    .selectFrom('campaign_prices')
    .select('product_id')
    .where('campaign_id', '=', running.id)
    .orderBy('product_id')
    .executeTakeFirstOrThrow();
  const named = await db.selectFrom('products').select('name').orderBy('id').executeTakeFirstOrThrow();
  const word = named.name.split(/\s+/)[0] ?? named.name;
  productPaths = [
    '/api/netb2b/products/',
    '/api/netb2b/products/?page_size=200',
    `/api/netb2b/products/?campaign=${running.id}`,
    '/api/netb2b/products/featured/',
    '/api/netb2b/products/newest/',
    `/api/netb2b/products/search/?query=${encodeURIComponent(word)}`,
    `/api/netb2b/products/${inCampaign.product_id}/`,
    '/api/netb2b/products/1/',
    '/api/netb2b/campaigns/',
    `/api/netb2b/campaigns/${running.id}/`,
  ];
});
afterAll(() => server.close());

async function call(user: string, method: string, path: string, body?: unknown) {
  return new TestClient(server.app).json(method, path, body, tokens[user]);
}

/** Every value of a figure key anywhere in the answer, with where it was found. */
function figuresIn(value: unknown, at = '$'): { at: string; key: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => figuresIn(entry, `${at}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [
    ...((FIGURES as readonly string[]).includes(key) ? [{ at: `${at}.${key}`, key, value: entry }] : []),
    ...figuresIn(entry, `${at}.${key}`),
  ]);
}

describe('a demo account reads the catalogue without prices or stock', () => {
  it('every product answer carries each figure as null for demo, and real figures for a buyer', async () => {
    const seenForBuyer = new Set<string>();
    for (const path of productPaths) {
      const demo = await call('demo', 'GET', path);
      const buyer = await call('buyer', 'GET', path);
      expect({ path, status: demo.status }).toEqual({ path, status: 200 });
      expect(buyer.status).toBe(200);

      const demoFigures = figuresIn(demo.body);
      const buyerFigures = figuresIn(buyer.body);
      // the same places, so nothing was dropped or added: only the values are withheld
      expect(demoFigures.map((f) => f.at)).toEqual(buyerFigures.map((f) => f.at));
      expect(demoFigures.length, path).toBeGreaterThan(0);
      expect(demoFigures.filter((f) => f.value !== null)).toEqual([]);
      for (const f of buyerFigures) if (f.value !== null) seenForBuyer.add(f.key);
    }
    // the buyer's answers carry every kind of figure, so the demo's nulls are withheld ones
    expect([...seenForBuyer].sort()).toEqual([...FIGURES].sort());
  });

  it('keeps what is no figure: names, codes, units, campaign membership', async () => {
    const path = productPaths[2] ?? '';
    const demo = (await call('demo', 'GET', path)).body as { results: Record<string, unknown>[] };
    const buyer = (await call('buyer', 'GET', path)).body as { results: Record<string, unknown>[] };
    const strip = (product: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(product).filter(([key]) => !(FIGURES as readonly string[]).includes(key)),
      );
    expect(demo.results.length).toBeGreaterThan(0);
    expect(demo.results.map(strip)).toEqual(buyer.results.map(strip));
    expect(demo.results.every((product) => typeof product.campaign_id === 'number')).toBe(true);
  });

  it('the cart and the orders carry no figures for demo either', async () => {
    const cart = await call('demo', 'GET', '/api/netb2b/cart-items/?detailed=true');
    expect(cart.status).toBe(200);
    expect(figuresIn(cart.body).filter((f) => f.value !== null)).toEqual([]);
    for (const path of ['/api/netb2b/orders/', '/api/netb2b/orders/1/', '/api/netb2b/orders/1/invoice/']) {
      const orders = await call('demo', 'GET', path);
      expect({ path, status: orders.status }).toEqual({ path, status: 403 });
      expect((orders.body as { code: string }).code).toBe('demo_account');
    }
    expect((await call('buyer', 'GET', '/api/netb2b/orders/')).status).toBe(200);
  });
});

describe('POST /api/baf/update-language/ for a demo account', () => {
  it('answers 403 demo_account and keeps the stored language', async () => {
    const { db } = server.database;
    const languageOf = async () =>
      (
        await db
          .selectFrom('users')
          .select('language')
          .where('username', '=', 'demo')
          .executeTakeFirstOrThrow()
      ).language;
    const before = await languageOf();
    const answer = await call('demo', 'POST', '/api/baf/update-language/', { language: 3 });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      code: 'demo_account',
      detail: 'Demo accounts cannot change the language.',
    });
    expect(await languageOf()).toBe(before);
    expect((await call('buyer', 'POST', '/api/baf/update-language/', { language: 1 })).status).toBe(200);
  });
});
