import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrations';
import { compactCode, nameKey, searchTokens } from '../../server/search/fold-text';
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

/** The stock codes the search box answers, best first. */
const search = async (query: string) =>
  (await searchProducts(client, access, query)).map((product) => product.stock_code);

// The seeded catalogue of 360 products is the same on both engines, and so must be every answer:
// this file runs once on SQLite and once on PostgreSQL against the same lists.
const mineralwasserStill = ['BEV-00093', 'BEV-00318', 'BEV-00002', 'BEV-00252', 'BEV-00182'];
const mineralwasser = [
  'BEV-00106', // anadolu lezzet mineralwasser spritzig 0 5 l
  'BEV-00327',
  ...mineralwasserStill.slice(0, 2),
  'BEV-00015', // quellgold mineralwasser spritzig 0 5 l
  'BEV-00262',
  ...mineralwasserStill.slice(2, 4),
  'BEV-00192', // sofra mineralwasser spritzig 0 5 l
  'BEV-00182',
];

const wasser = [
  'SWE-00324', // anadolu lezzet lokum rosenwasser 1 kg
  'SWE-00100',
  ...mineralwasser.slice(0, 4),
  'SWE-00189', // elan gourmet lokum rosenwasser 250 g
  ...mineralwasser.slice(4, 10),
  'SWE-00259', // susswerk lokum rosenwasser 1 kg
  'SWE-00009',
];
const kaese = [
  'DAI-00001', // alpenhof kase gouda jung 200 g
  'DAI-00335',
  'FRZ-00151', // anadolu lezzet borek mit kase 1 kg
  'FRZ-00278',
  'DAI-00131',
  'DAI-00241',
  'FRZ-00073',
  'FRZ-00218',
  'DAI-00014', // alpenhof bergkase wurzig 150 g
  'DAI-00344',
  'DAI-00144',
  'DAI-00251',
];

describe('the search box finds parts of words, folded umlauts and one typo', () => {
  it.each([
    // inside compound words only: no word starts with "wasser"
    ['wasser', wasser],
    ['still wasser', mineralwasserStill],
    ['Wasser, still', mineralwasserStill],
    // ä written as ae: the Käse words first, then Bergkäse, which only contains it
    ['kaese', kaese],
    ['bergkaese wurzig 300', ['DAI-00344']],
    // one typo in a word of five letters or more: a letter missing, one too many, swapped
    ['mineralwaser', mineralwasser],
    ['minerlawasser still', mineralwasserStill],
    ['pomes', ['FRZ-00228', 'FRZ-00086', 'FRZ-00164', 'FRZ-00008']],
    ['pommmes frites', ['FRZ-00228', 'FRZ-00086', 'FRZ-00164', 'FRZ-00008']],
  ])('"%s" finds its products, best first', async (query, expected) => {
    expect(await search(query)).toEqual(expected);
  });

  it.each([
    'ksae', // Käse: a typo in a word of four letters is not tolerated
    'jnug',
    'lokm',
    'pmmse frites', // two changes in one word
    'wasser kase', // every word still has to match
  ])('"%s" finds nothing', async (query) => {
    expect(await search(query)).toEqual([]);
  });

  it('ranks an exact stock code first, then word starts, then parts of words, then typos', async () => {
    const decoys = [
      // by name these come in reverse order of how well they match
      { id: 92_001, name: 'Zzz Geschenkkorb', stockCode: 'SPRUDEL', barcode: '4999999999925' },
      { id: 92_002, name: 'Yyy Sprudelwasser Zitrone', stockCode: 'ZZZ-92002', barcode: '4999999999932' },
      { id: 92_003, name: 'Xxx Tafelsprudel', stockCode: 'ZZZ-92003', barcode: '4999999999949' },
      { id: 92_004, name: 'Aaa Spudel Eis', stockCode: 'ZZZ-92004', barcode: '4999999999956' },
    ];
    const { db } = server.database;
    for (const decoy of decoys) {
      await db
        .insertInto('products')
        .values({
          id: decoy.id,
          name: decoy.name,
          name_key: nameKey(decoy.name),
          description: 'A product to rank.',
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
      await db
        .insertInto('product_search_tokens')
        .values(searchTokens(decoy).map((token) => ({ token, product_id: decoy.id })))
        .execute();
    }
    expect(await search('sprudel')).toEqual(['SPRUDEL', 'ZZZ-92002', 'ZZZ-92003', 'ZZZ-92004']);
  });
});

describe('migration 200 on a catalogue written before it', () => {
  it('finds parts of words and umlauts typed ae in the products already there, and can be undone', async () => {
    const old = await startTestServer();
    try {
      const { db, dialect } = old.database;
      const migrator = new Migrator({
        db,
        provider: migrationProvider(dialect),
        allowUnorderedMigrations: true,
      });
      expect((await migrator.migrateTo('190-one-credit-note-per-invoice')).error).toBeUndefined();
      // the tokens as they were before: no umlaut spellings
      await db.deleteFrom('product_search_tokens').where('token', 'in', ['kaese', 'bergkaese']).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const oldClient = new TestClient(old.app);
      const { access: oldAccess } = await oldClient.signIn('buyer', 'buyer123');
      const codes = async (query: string) =>
        (
          (await (
            await oldClient.get(`/api/netb2b/products/search/?query=${encodeURIComponent(query)}`, oldAccess)
          ).json()) as { stock_code: string }[]
        ).map((product) => product.stock_code);
      expect(await codes('kaese')).toEqual(kaese);
      expect(await codes('wasser')).toEqual(wasser);
      expect(await codes('mineralwaser')).toEqual(mineralwasser);
    } finally {
      await old.close();
    }
  });
});
