import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectProducts } from '../../server/queries/products';
import { compactCode, nameKey, searchTokens } from '../../server/search/fold-text';
import { productPageWire } from '../../src/services/api/wire/catalog-pages';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let client: TestClient;
let access: string;

// Products sharing one name (so one name_key) that straddle page boundaries: the remembered order
// must break the tie by id exactly as ORDER BY name_key, id did.
const TWIN_NAME = 'Alpenhof Joghurt Natur 500 g';
const TWIN_IDS = Array.from({ length: 13 }, (_, index) => 80_001 + index);

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  ({ access } = await client.signIn('buyer', 'buyer123'));
  const { db } = server.database;
  for (const id of TWIN_IDS) {
    const stockCode = `TWN-${id}`;
    const barcode = `49${String(id).padStart(11, '0')}`;
    await db
      .insertInto('products')
      .values({
        id,
        name: TWIN_NAME,
        name_key: nameKey(TWIN_NAME),
        description: 'A twin, for ties in the name order.',
        brand_id: 1,
        category_id: 1,
        warehouse_id: 1,
        price: '1.00',
        old_price: null,
        tax_included: 1,
        tax_rate_percent: '7.00',
        deposit_price: '0.00',
        stock_code: stockCode,
        stock_code_key: compactCode(stockCode),
        barcode,
        quantity_in_stock: 5,
        is_featured: 0,
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('product_search_tokens')
      .values(
        searchTokens({ name: TWIN_NAME, stockCode, barcode }).map((token) => ({ token, product_id: id })),
      )
      .execute();
  }
  // Put some twins into a campaign so the campaign filter meets the tie too.
  await db
    .insertInto('campaign_prices')
    .values(TWIN_IDS.slice(0, 7).map((product_id) => ({ campaign_id: 2, product_id, new_price: '0.50' })))
    .execute();
});
afterAll(() => server.close());

type Filter = { category?: number; brand?: number; campaign?: number };

/** The page as the plain OFFSET query reads it: the reference the keyset pages must equal. */
async function offsetPage(filter: Filter, page: number, pageSize: number) {
  const { db } = server.database;
  let query = selectProducts(db, 'en');
  if (filter.category !== undefined) query = query.where('p.category_id', '=', filter.category);
  if (filter.brand !== undefined) query = query.where('p.brand_id', '=', filter.brand);
  if (filter.campaign !== undefined)
    query = query.where(
      'p.id',
      'in',
      db.selectFrom('campaign_prices').select('product_id').where('campaign_id', '=', filter.campaign),
    );
  const rows = await query
    .orderBy('p.name_key')
    .orderBy('p.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((row) => row.id);
}

async function offsetCount(filter: Filter) {
  const { db } = server.database;
  let query = db.selectFrom('products as p').select('p.id');
  if (filter.category !== undefined) query = query.where('p.category_id', '=', filter.category);
  if (filter.brand !== undefined) query = query.where('p.brand_id', '=', filter.brand);
  const ids = await query.execute();
  if (filter.campaign === undefined) return ids.length;
  const inCampaign = await db
    .selectFrom('campaign_prices')
    .select('product_id')
    .where('campaign_id', '=', filter.campaign)
    .execute();
  const wanted = new Set(inCampaign.map((row) => row.product_id));
  return ids.filter((row) => wanted.has(row.id)).length;
}

const queryOf = (filter: Filter, page: number, pageSize: number) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) params.set(key, String(value));
  params.set('page', String(page));
  params.set('page_size', String(pageSize));
  return `/api/netb2b/products/?${params}`;
};

describe('GET /api/netb2b/products/ from the remembered list order', () => {
  it.each<[string, Filter, number]>([
    ['no filter', {}, 7],
    ['no filter, 50 a page', {}, 50],
    ['a category', { category: 1 }, 5],
    ['a brand', { brand: 1 }, 4],
    ['a category and a brand', { category: 1, brand: 1 }, 3],
    ['a campaign', { campaign: 2 }, 2],
    ['a campaign and a category', { campaign: 2, category: 1 }, 3],
  ])(
    'every page with %s equals the OFFSET slice, the last page and one past it included',
    async (_label, filter, pageSize) => {
      const count = await offsetCount(filter);
      expect(count).toBeGreaterThan(pageSize);
      const lastPage = Math.ceil(count / pageSize);
      for (let page = 1; page <= lastPage + 1; page += 1) {
        const response = await client.get(queryOf(filter, page, pageSize), access);
        expect(response.status).toBe(200);
        const answer = productPageWire.parse(await response.json());
        expect(answer.count).toBe(count);
        expect(answer.results.map((product) => product.id)).toEqual(await offsetPage(filter, page, pageSize));
        expect(answer.next === null).toBe(page >= lastPage);
        expect(answer.previous === null).toBe(page === 1);
      }
    },
  );

  it('keeps products with the same name in id order across page boundaries', async () => {
    const first = productPageWire.parse(
      await (await client.get('/api/netb2b/products/?category=1&brand=1&page_size=200', access)).json(),
    );
    const twins = first.results.filter((product) => product.name === TWIN_NAME).map((product) => product.id);
    expect(twins).toEqual(expect.arrayContaining(TWIN_IDS));
    const position = first.results.findIndex((product) => product.id === TWIN_IDS[0]);
    // pages of 4 starting in the middle of the twins
    const page = Math.floor(position / 4) + 2;
    const answer = productPageWire.parse(
      await (
        await client.get(`/api/netb2b/products/?category=1&brand=1&page_size=4&page=${page}`, access)
      ).json(),
    );
    expect(answer.results.map((product) => product.id)).toEqual(
      first.results.slice((page - 1) * 4, page * 4).map((product) => product.id),
    );
  });

  it('answers a page far past the end as before: no results, no next, previous is the last page', async () => {
    const count = await offsetCount({ brand: 1 });
    const lastPage = Math.ceil(count / 10);
    const answer = productPageWire.parse(
      await (await client.get('/api/netb2b/products/?brand=1&page_size=10&page=5000', access)).json(),
    );
    expect(answer).toEqual({
      count,
      next: null,
      previous: `/api/netb2b/products/?brand=1&page_size=10&page=${lastPage}`,
      results: [],
    });
  });

  it('follows the catalogue: a product moved to another category, and one leaving a campaign', async () => {
    const { db } = server.database;
    const filters: Filter[] = [{ category: 1 }, { category: 2 }, { campaign: 2 }, {}];
    const check = async () => {
      for (const filter of filters) {
        const count = await offsetCount(filter);
        const lastPage = Math.ceil(count / 6);
        for (const page of [1, Math.max(1, lastPage - 1), lastPage]) {
          const answer = productPageWire.parse(
            await (await client.get(queryOf(filter, page, 6), access)).json(),
          );
          expect(answer.count).toBe(count);
          expect(answer.results.map((product) => product.id)).toEqual(await offsetPage(filter, page, 6));
        }
      }
    };
    await check();
    await db
      .updateTable('products')
      .set({ category_id: 2 })
      .where('id', '=', TWIN_IDS[3] ?? 0)
      .execute();
    await check();
    await db
      .deleteFrom('campaign_prices')
      .where('campaign_id', '=', 2)
      .where('product_id', '=', TWIN_IDS[0] ?? 0)
      .execute();
    await check();
  });
});
