import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCode, nameKey, searchTokens } from '../../server/search/fold-text';
import { SEARCH_ANSWER_FRESH_MS } from '../../server/search/search-answers';
import { addDays, toIsoDate } from '../../src/domain/dates';
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

const versionOf = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('catalogue_version')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    ).version,
  );

describe('remembered search results', () => {
  it('follow a product added after the query was first answered', async () => {
    expect(await search('zebrakeks')).toEqual([]);
    const { db } = server.database;
    const product = { name: 'Zebrakeks Vanille 200 g', stockCode: 'ZBK-00001', barcode: '4999999999901' };
    await db
      .insertInto('products')
      .values({
        id: 91_001,
        name: product.name,
        name_key: nameKey(product.name),
        description: 'Added while the server runs.',
        brand_id: 1,
        category_id: 1,
        warehouse_id: 1,
        price: '2.00',
        old_price: null,
        tax_included: 1,
        tax_rate_percent: '7.00',
        deposit_price: '0.00',
        stock_code: product.stockCode,
        stock_code_key: compactCode(product.stockCode),
        barcode: product.barcode,
        quantity_in_stock: 9,
        is_featured: 0,
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('product_search_tokens')
      .values(searchTokens(product).map((token) => ({ token, product_id: 91_001 })))
      .execute();
    expect((await search('zebrakeks')).map((p) => p.id)).toEqual([91_001]);

    await db.deleteFrom('product_search_tokens').where('product_id', '=', 91_001).execute();
    await db.deleteFrom('products').where('id', '=', 91_001).execute();
    expect(await search('zebrakeks')).toEqual([]);
  });

  it('show a stock change written by another program within a second: it is no catalogue change', async () => {
    const [first] = await search('DAI-00001');
    expect(first?.stock_code).toBe('DAI-00001');
    const before = await versionOf();
    await server.database.db
      .updateTable('products')
      .set({ quantity_in_stock: 4321 })
      .where('stock_code', '=', 'DAI-00001')
      .execute();
    expect(await versionOf()).toBe(before);
    server.clock.advance(SEARCH_ANSWER_FRESH_MS);
    const [again] = await search('DAI-00001');
    expect(again?.quantity_in_stock).toBe(4321);
  });

  it('show the stock an order took at once, without waiting for the second', async () => {
    const { db } = server.database;
    const product = await db
      .selectFrom('products as p')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .select(['p.id', 'p.stock_code', 'p.quantity_in_stock'])
      .where('pu.unit_id', '=', 1)
      .where('p.quantity_in_stock', '>', 100)
      .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const [shown] = await search(product.stock_code);
    expect(shown?.quantity_in_stock).toBe(Number(product.quantity_in_stock));

    const added = await client.json(
      'POST',
      '/api/netb2b/cart-items/',
      { product: product.id, quantity: '3', unit: 1, campaign: null },
      access,
    );
    expect(added.status).toBe(201);
    const ordered = await client.json(
      'POST',
      '/api/netb2b/orders/',
      {
        items: [
          {
            product: product.id,
            quantity: '3',
            unit: 1,
            campaign: null,
            cart_item: (added.body as { id: number }).id,
          },
        ],
        expected_delivery_date: toIsoDate(addDays(server.clock.now(), 7)),
        is_preorder: false,
        customer_note: '',
      },
      access,
    );
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    const [after] = await search(product.stock_code);
    expect(after?.quantity_in_stock).toBe(Number(product.quantity_in_stock) - 3);
  });

  it('are stale once a name changes, and the catalogue version says so', async () => {
    const before = await versionOf();
    await server.database.db
      .updateTable('products')
      .set({ name_key: nameKey('Alpenhof Käse 1 kg') })
      .where('id', '=', 91_002)
      .execute();
    // No row changed: PostgreSQL's statement trigger still counts, SQLite's row trigger does not.
    expect(await versionOf()).toBeGreaterThanOrEqual(before);
    await server.database.db
      .updateTable('products')
      .set({ barcode: '4999999999925' })
      .where('id', '=', 1)
      .execute();
    expect(await versionOf()).toBeGreaterThan(before);
    expect((await search('4999999999925')).map((p) => p.id)).toEqual([1]);
  });
});
