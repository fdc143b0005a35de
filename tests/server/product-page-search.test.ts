import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCode, foldedWords } from '../../server/search/fold-text';
import { figuresChanged, SEARCH_ANSWER_FRESH_MS } from '../../server/search/search-answers';
import { productPageWire } from '../../src/services/api/wire/catalog-pages';
import { TestClient } from './support/http-client';
import { oneTypoAway } from './support/one-typo-reference';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let client: TestClient;
let access: string;

interface Reference {
  id: number;
  nameKey: string;
  code: string;
  barcode: string;
  category: number;
  brand: number;
  charged: number;
  listPrice: number;
  stock: number;
  createdAt: string;
  tokens: string[];
}
let catalogue: Reference[] = [];

/** The catalogue as plain data, read straight from the tables: the reference every answer is checked against. */
async function readCatalogue(): Promise<Reference[]> {
  const { db } = server.database;
  const instant = server.clock.now().toISOString();
  const products = await db
    .selectFrom('products')
    .select([
      'id',
      'name_key',
      'stock_code_key',
      'barcode',
      'category_id',
      'brand_id',
      'price',
      'quantity_in_stock',
      'created_at',
    ])
    .execute();
  const campaign = await db
    .selectFrom('campaign_prices as cp')
    .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
    .select(['cp.product_id', 'cp.new_price'])
    .where('c.starts_at', '<=', instant)
    .where('c.ends_at', '>=', instant)
    .execute();
  const tokens = await db.selectFrom('product_search_tokens').select(['product_id', 'token']).execute();
  const tokensOf = new Map<number, string[]>();
  for (const row of tokens)
    tokensOf.set(row.product_id, [...(tokensOf.get(row.product_id) ?? []), row.token]);
  const best = new Map<number, number>();
  for (const row of campaign)
    best.set(
      row.product_id,
      Math.min(Number(row.new_price), best.get(row.product_id) ?? Number.POSITIVE_INFINITY),
    );
  return products.map((row) => ({
    id: row.id,
    nameKey: row.name_key,
    code: row.stock_code_key,
    barcode: row.barcode,
    category: row.category_id,
    brand: row.brand_id,
    charged: best.get(row.id) ?? Number(row.price),
    listPrice: Number(row.price),
    stock: Number(row.quantity_in_stock),
    createdAt: row.created_at,
    tokens: tokensOf.get(row.id) ?? [],
  }));
}

const byName = (a: Reference, b: Reference) =>
  a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id - b.id;

/**
 * How well a word of the query matches a product: 0 a word start, 1 inside a word of letters (from
 * three letters), 2 one typo from a word start (from five letters), undefined not at all.
 */
function wayOf(product: Reference, word: string): number | undefined {
  if (product.tokens.some((token) => token.startsWith(word))) return 0;
  if (!/^[a-z]{3,}$/.test(word)) return undefined;
  const words = product.tokens.filter((token) => /^[a-z]{3,}$/.test(token));
  if (words.some((token) => token.includes(word))) return 1;
  if (word.length < 5) return undefined;
  const variants = [...oneTypoAway(word)];
  return words.some((token) => variants.some((variant) => token.startsWith(variant))) ? 2 : undefined;
}

/**
 * The search box's matching and ranking, written out plainly (docs/api.md "Search"): exact codes,
 * then every word a word start, then some word only inside a word, then some word only with a typo.
 */
function referenceMatches(query: string): Reference[] {
  const words = [...new Set(foldedWords(query))];
  const code = compactCode(query);
  const phrase = words.join(' ');
  const exact = catalogue.filter((p) => p.code === code || p.barcode === code).sort((a, b) => a.id - b.id);
  const ranked = catalogue.flatMap((product) => {
    const ways = words.map((word) => wayOf(product, word));
    return ways.every((way) => way !== undefined) ? [{ product, way: Math.max(...ways) }] : [];
  });
  const byWords = ranked
    .sort(
      (a, b) =>
        a.way - b.way ||
        Number(!a.product.nameKey.startsWith(phrase)) - Number(!b.product.nameKey.startsWith(phrase)) ||
        byName(a.product, b.product),
    )
    .map(({ product }) => product);
  return [...new Set([...exact, ...byWords])];
}

async function allPages(query: string, pageSize = 200) {
  const ids: number[] = [];
  let path: string | null = `/api/netb2b/products/?${query}&page_size=${pageSize}`;
  let count = -1;
  while (path) {
    const response = await client.get(path, access);
    expect(response.status).toBe(200);
    const answer = productPageWire.parse(await response.json());
    count = answer.count;
    ids.push(...answer.results.map((product) => product.id));
    path = answer.next;
  }
  expect(ids).toHaveLength(count);
  return ids;
}

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  ({ access } = await client.signIn('buyer', 'buyer123'));
  const { db } = server.database;
  // Some products out of stock, so "in stock only" has something to leave out.
  const ids = (await db.selectFrom('products').select('id').orderBy('id').execute()).map((row) => row.id);
  await db
    .updateTable('products')
    .set({ quantity_in_stock: 0 })
    .where(
      'id',
      'in',
      ids.filter((_, index) => index % 3 === 0),
    )
    .execute();
  catalogue = await readCatalogue();
});
afterAll(() => server.close());

describe('GET /api/netb2b/products/ with q, sort and in_stock', () => {
  it('finds every match of the search box, ranked the same: its first page is the search answer', async () => {
    const named = catalogue.find((p) => p.nameKey.split(' ').length >= 2);
    if (!named) throw new Error('no product');
    const [word1 = '', word2 = ''] = named.nameKey.split(' ');
    for (const query of [
      'a',
      'te',
      `${word1} ${word2.slice(0, 2)}`,
      named.code.toUpperCase(),
      // inside words, ä typed ae, typos
      'wasser',
      'kaese',
      'pomes frites',
      'gouda ung',
      'schokolade',
    ]) {
      const expected = referenceMatches(query).map((p) => p.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(await allPages(`q=${encodeURIComponent(query)}`, 37)).toEqual(expected);
      const quick = (await (
        await client.get(`/api/netb2b/products/search/?query=${encodeURIComponent(query)}`, access)
      ).json()) as { id: number }[];
      expect(quick.map((product) => product.id)).toEqual(expected.slice(0, 50));
    }
  });

  it('sorts by name, by the price charged (campaign price included) and newest first', async () => {
    const matches = referenceMatches('a');
    const names = [...matches].sort(byName).map((p) => p.id);
    expect(await allPages('q=a&sort=name')).toEqual(names);
    const prices = [...matches].sort((a, b) => a.charged - b.charged || byName(a, b)).map((p) => p.id);
    expect(await allPages('q=a&sort=price')).toEqual(prices);
    const newest = [...matches]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id))
      .map((p) => p.id);
    expect(await allPages('q=a&sort=newest')).toEqual(newest);
    // without a search too: the whole catalogue by price
    expect(await allPages('sort=price')).toEqual(
      [...catalogue].sort((a, b) => a.charged - b.charged || byName(a, b)).map((p) => p.id),
    );
    // a campaign price is what orders the product, not its list price
    expect(catalogue.some((p) => p.charged !== p.listPrice)).toBe(true);
  });

  it('combines the search with category, brand and in stock only, in every sort', async () => {
    const sample = referenceMatches('a')[0];
    if (!sample) throw new Error('no match');
    for (const sort of ['relevance', 'name', 'price', 'newest'] as const) {
      const all = await allPages(`q=a&sort=${sort}`);
      const filtered = await allPages(
        `q=a&sort=${sort}&category=${sample.category}&brand=${sample.brand}&in_stock=1`,
      );
      const wanted = new Set(
        catalogue
          .filter((p) => p.category === sample.category && p.brand === sample.brand && p.stock > 0)
          .map((p) => p.id),
      );
      expect(filtered).toEqual(all.filter((id) => wanted.has(id)));
    }
    const inStock = await allPages('in_stock=1');
    expect(inStock).toEqual(
      [...catalogue]
        .filter((p) => p.stock > 0)
        .sort(byName)
        .map((p) => p.id),
    );
    expect(inStock.length).toBeLessThan(catalogue.length);
  });

  it('pages keep every parameter in next and previous', async () => {
    const query = 'q=a&sort=price&in_stock=1&category=1&page_size=3';
    const answer = productPageWire.parse(
      await (await client.get(`/api/netb2b/products/?${query}&page=2`, access)).json(),
    );
    expect(answer.next).toBe(`/api/netb2b/products/?${query}&page=3`);
    expect(answer.previous).toBe(`/api/netb2b/products/?${query}&page=1`);
  });

  it('answers no results for a query that matches nothing, and treats a blank q as no search', async () => {
    const none = productPageWire.parse(
      await (await client.get('/api/netb2b/products/?q=zzqqxx', access)).json(),
    );
    expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
    const blank = productPageWire.parse(
      await (await client.get('/api/netb2b/products/?q=%20', access)).json(),
    );
    expect(blank.count).toBe(catalogue.length);
  });

  it('follows stock once the figures are a second old', async () => {
    const { db } = server.database;
    const before = await allPages('q=a&in_stock=1');
    const [first] = before;
    if (first === undefined) throw new Error('nothing in stock');
    await db.updateTable('products').set({ quantity_in_stock: 0 }).where('id', '=', first).execute();
    server.clock.advance(SEARCH_ANSWER_FRESH_MS);
    expect(await allPages('q=a&in_stock=1')).toEqual(before.slice(1));
  });

  it('follows stock at once after this server changed it (an order placed here)', async () => {
    const { db } = server.database;
    const before = await allPages('q=a&in_stock=1');
    const [first] = before;
    if (first === undefined) throw new Error('nothing in stock');
    await db.updateTable('products').set({ quantity_in_stock: 0 }).where('id', '=', first).execute();
    figuresChanged();
    expect(await allPages('q=a&in_stock=1')).toEqual(before.slice(1));
  });

  it.each([
    ['sort=cheapest', ['sort']],
    ['sort=relevance', ['sort']],
    ['q=a&in_stock=yes', ['in_stock']],
    ['q=a&sort=up&in_stock=2&page=0', ['page', 'sort', 'in_stock']],
  ])('answers 400 invalid for %s, naming %j', async (query, names) => {
    const response = await client.get(`/api/netb2b/products/?${query}`, access);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('invalid');
    expect(Object.keys(body.errors).sort()).toEqual([...names].sort());
  });
});
