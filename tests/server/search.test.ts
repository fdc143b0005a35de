import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCode, nameKey, searchTokens } from '../../server/search/fold-text';
import { productsWithWordPrefix } from '../../server/search/search-products';
import { TestClient } from './support/http-client';
import { searchProducts } from './support/product-search';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let client: TestClient;
let access: string;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  ({ access } = await client.signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

const search = (query: string) => searchProducts(client, access, query);

describe('GET /api/netb2b/products/search/', () => {
  it.each([
    ['kase', 'Käse'],
    ['KÄSE', 'Käse'],
    ['cay', 'Çay'],
    ['ÇAY', 'Çay'],
    ['creme fraiche', 'Crème fraîche'],
    ['Crème Fraîche', 'Crème fraîche'],
    ['kasar', 'Kaşar'],
    ['salgam', 'Şalgam'],
    ['brotchen', 'Brötchen'],
    ['goud', 'Gouda'],
    ['gourm', 'Gourmet'],
  ])('"%s" finds products named with "%s"', async (query, expected) => {
    const results = await search(query);
    expect(results.length).toBeGreaterThan(0);
    // also inside words ("Bergkäse"), after the names having it as a word of its own
    expect(results.every((p) => nameKey(p.name).includes(nameKey(expected)))).toBe(true);
    expect(results[0]?.name).toContain(expected);
  });

  it('needs every word of the query', async () => {
    const both = await search('alpenhof kase');
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((p) => p.name.startsWith('Alpenhof') && nameKey(p.name).includes('kase'))).toBe(true);
    expect(await search('quellgold kase')).toEqual([]);
  });

  it('finds a product by its stock code, with or without the dash, in any case', async () => {
    for (const query of ['DAI-00001', 'dai00001', 'dai-00001']) {
      const [first] = await search(query);
      expect(first?.stock_code).toBe('DAI-00001');
    }
  });

  it('finds a product by its barcode, and by the start of it', async () => {
    const [exact] = await search('4000000000020');
    expect(exact?.id).toBe(2);
    // Products 10 to 19 have barcodes 40000000001…
    const byPrefix = await search('40000000001');
    expect(byPrefix.map((p) => p.id).sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('ranks an exact stock code or barcode above products that merely mention it', async () => {
    const decoy = {
      name: 'Aaa Geschenkset DAI-00079 4000000000020',
      stockCode: 'ZZZ-99999',
      barcode: '4999999999993',
    };
    await server.database.db
      .insertInto('products')
      .values({
        id: 90_001,
        name: decoy.name,
        name_key: nameKey(decoy.name),
        description: 'A product whose name mentions other products’ codes.',
        brand_id: 1,
        category_id: 1,
        warehouse_id: 1,
        price: '1.00',
        old_price: null,
        tax_included: 1,
        tax_rate_percent: '7.00',
        deposit_price: '0.00',
        stock_code: decoy.stockCode,
        stock_code_key: compactCode(decoy.stockCode),
        barcode: decoy.barcode,
        quantity_in_stock: 1,
        is_featured: 0,
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    await server.database.db
      .insertInto('product_search_tokens')
      .values(searchTokens(decoy).map((token) => ({ token, product_id: 90_001 })))
      .execute();

    const byCode = await search('DAI-00079');
    expect(byCode.map((p) => p.id)).toEqual([79, 90_001]);
    const byBarcode = await search('4000000000020');
    expect(byBarcode.map((p) => p.id)).toEqual([2, 90_001]);
  });

  it.each(['', '   ', '---', '%', '_', '*'])(
    'answers [] for the query "%s" (nothing to search for)',
    async (query) => {
      expect(await search(query)).toEqual([]);
    },
  );

  it('answers [] when the query parameter is missing', async () => {
    const response = await client.get('/api/netb2b/products/search/', access);
    expect(await response.json()).toEqual([]);
  });

  it('treats SQL in the query as text', async () => {
    for (const query of ["'; drop table products; --", "kase' or '1'='1", 'kase") or 1=1 --']) {
      const results = await search(query);
      expect(results.every((p) => /Käse|Kase|kase/i.test(p.name) || p.name.includes('1'))).toBe(true);
    }
    expect(await search("x' union select * from users --")).toEqual([]);
    const { n } = await server.database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThanOrEqual(360);
  });

  it('answers at most 50 products, and survives a very long query', async () => {
    expect((await search('a')).length).toBeLessThanOrEqual(50);
    expect((await search('1')).length).toBe(50);
    expect(await search('kase '.repeat(2000))).not.toBeUndefined();
  });

  it('looks words up through the token index, not by scanning the table', async () => {
    const { sql: text, parameters } = productsWithWordPrefix(server.database.db, 'kase').compile();
    const db = server.database.db;
    let plan: string;
    if (server.database.dialect === 'sqlite') {
      const rows = await sql
        .raw(`explain query plan ${text.replace('?', "'kase'").replace('?', "'kase{'")}`)
        .execute(db);
      plan = JSON.stringify(rows.rows);
      expect(parameters).toEqual(['kase', 'kase{']);
    } else {
      plan = await db.transaction().execute(async (trx) => {
        // A small table makes a scan cheaper; forbidding it shows whether the index can answer.
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await sql
          .raw(`explain ${text.replace('$1', "'kase'").replace('$2', "'kase{'")}`)
          .execute(trx);
        return JSON.stringify(rows.rows);
      });
    }
    expect(plan).toMatch(/product_search_tokens_pk|PRIMARY KEY|USING (COVERING )?INDEX/i);
    expect(plan).not.toMatch(/SCAN product_search_tokens(?! USING)/);
  });
});
