import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, ImportKind } from '../../server/db/schema';
import { toDecimal } from '../../src/domain/decimal';
import { TestClient } from './support/http-client';
import { csv, type IntegrationHarness, startIntegrationHarness } from './support/integration-imports';
import { PIECE, placePieceOrder } from './support/piece-orders';
import { callerFor } from './support/signed-in-calls';

/**
 * Every import kind end to end through the integration API, on the real app with its queue and
 * worker: a file with a bad row, the same file again, and a snapshot that leaves a row out.
 */

interface KindCase {
  kind: ImportKind;
  /** good rows at file rows 2, 3 and 5; the bad one at row 4 */
  file: (products: string[]) => string;
  bad: { external_id: string; reason: string };
  good: string[];
  /** the snapshot: the file without the row of `omitted` (and without the bad row) */
  snapshot: (products: string[]) => string;
  omitted: string;
  /** what the kind's rows are in the database, by the supplier's keys */
  state: (db: Kysely<Database>) => Promise<unknown>;
  /** the good rows are in the database as the file says */
  expectApplied: (harness: IntegrationHarness, products: string[]) => Promise<void>;
}

const productsCase: KindCase = {
  kind: 'products',
  file: () =>
    csv(
      'id;name;brand;category;warehouse;price;tax_rate_percent;stock_code;quantity_in_stock;unit_1;unit_1_amount;unit_2;unit_2_amount',
      'IT-P1;Quittengelee Eins;Import Manufaktur;Pantry & Dry Goods;Hamburg Central;2,50;7;ITP1;500;piece;1;box;12',
      'IT-P2;Quittengelee Zwei;Import Manufaktur;Pantry & Dry Goods;Hamburg Central;3.10;7;ITP2;500;piece;1;;',
      'IT-PX;Raumschiff;Import Manufaktur;Spaceships;Hamburg Central;9.99;19;ITPX;5;piece;1;;',
      'IT-P3;Quittengelee Drei;Import Manufaktur;Pantry & Dry Goods;Hamburg Central;4.20;7;ITP3;500;piece;1;;',
    ),
  bad: { external_id: 'IT-PX', reason: 'category_unknown' },
  good: ['IT-P1', 'IT-P2', 'IT-P3'],
  snapshot: () =>
    csv(
      'id;name;brand;category;warehouse;price;tax_rate_percent;stock_code;quantity_in_stock;unit_1;unit_1_amount;unit_2;unit_2_amount',
      'IT-P1;Quittengelee Eins;Import Manufaktur;Pantry & Dry Goods;Hamburg Central;2,50;7;ITP1;500;piece;1;box;12',
      'IT-P2;Quittengelee Zwei;Import Manufaktur;Pantry & Dry Goods;Hamburg Central;3.10;7;ITP2;500;piece;1;;',
    ),
  omitted: 'IT-P3',
  state: async (db) => ({
    products: await db
      .selectFrom('products')
      .selectAll()
      .where('external_id', 'like', 'IT-%')
      .orderBy('external_id')
      .execute(),
    units: await db
      .selectFrom('product_units')
      .innerJoin('products', 'products.id', 'product_units.product_id')
      .selectAll('product_units')
      .where('products.external_id', 'like', 'IT-%')
      .orderBy('product_units.product_id')
      .orderBy('product_units.unit_id')
      .execute(),
  }),
  async expectApplied({ db }) {
    const rows = await db
      .selectFrom('products')
      .select(['external_id', 'name', 'price', 'stock_code', 'retired_at'])
      .where('external_id', 'like', 'IT-%')
      .orderBy('external_id')
      .execute();
    expect(
      rows.map((row) => [row.external_id, row.name, toDecimal(row.price).toFixed(2), row.retired_at]),
    ).toEqual([
      ['IT-P1', 'Quittengelee Eins', '2.50', null],
      ['IT-P2', 'Quittengelee Zwei', '3.10', null],
      ['IT-P3', 'Quittengelee Drei', '4.20', null],
    ]);
  },
};

const pricesCase: KindCase = {
  kind: 'prices',
  file: (p) =>
    csv(
      'id,product,customer,customer_group,min_quantity,price,valid_from,valid_to',
      `IT-CP1,${p[0]},CUST-1001,,1,1.2345,,`,
      `IT-CP2,${p[1]},CUST-1002,,1,2.00,2026-01-01,2099-12-31`,
      'IT-CPX,NO-SUCH-PRODUCT,CUST-1001,,1,1.00,,',
      `IT-CP3,${p[1]},CUST-1001,,24,0.99,,`,
    ),
  bad: { external_id: 'IT-CPX', reason: 'product_unknown' },
  good: ['IT-CP1', 'IT-CP2', 'IT-CP3'],
  snapshot: (p) =>
    csv(
      'id,product,customer,customer_group,min_quantity,price,valid_from,valid_to',
      `IT-CP1,${p[0]},CUST-1001,,1,1.2345,,`,
      `IT-CP2,${p[1]},CUST-1002,,1,2.00,2026-01-01,2099-12-31`,
    ),
  omitted: 'IT-CP3',
  state: (db) =>
    db
      .selectFrom('contract_prices')
      .selectAll()
      .where('external_id', 'like', 'IT-%')
      .orderBy('external_id')
      .execute(),
  async expectApplied({ db }) {
    const rows = await db
      .selectFrom('contract_prices')
      .innerJoin('products', 'products.id', 'contract_prices.product_id')
      .leftJoin('companies', 'companies.id', 'contract_prices.company_id')
      .select([
        'contract_prices.external_id',
        'products.external_id as product',
        'companies.external_id as company',
        'contract_prices.min_quantity',
        'contract_prices.price',
        'contract_prices.retired_at',
      ])
      .where('contract_prices.external_id', 'like', 'IT-%')
      .orderBy('contract_prices.external_id')
      .execute();
    expect(
      rows.map((row) => [
        row.external_id,
        row.company,
        toDecimal(row.min_quantity).toString(),
        toDecimal(row.price).toFixed(4),
        row.retired_at,
      ]),
    ).toEqual([
      ['IT-CP1', 'CUST-1001', '1', '1.2345', null],
      ['IT-CP2', 'CUST-1002', '1', '2.0000', null],
      ['IT-CP3', 'CUST-1001', '24', '0.9900', null],
    ]);
  },
};

const assortmentsCase: KindCase = {
  kind: 'assortments',
  file: (p) =>
    csv(
      'id,name,product',
      `IT-A,Import range,${p[0]}`,
      `IT-A,Import range,${p[1]}`,
      'IT-A,Import range,NO-SUCH-PRODUCT',
      `IT-B,Other range,${p[2]}`,
    ),
  bad: { external_id: 'IT-A/NO-SUCH-PRODUCT', reason: 'product_unknown' },
  good: ['IT-A/0', 'IT-A/1', 'IT-B/2'],
  snapshot: (p) => csv('id,name,product', `IT-A,Import range,${p[0]}`, `IT-A,Import range,${p[1]}`),
  omitted: 'IT-B/2',
  state: (db) =>
    db
      .selectFrom('assortments')
      .leftJoin('assortment_products', 'assortment_products.assortment_id', 'assortments.id')
      .select([
        'assortments.external_id',
        'assortments.name',
        'assortments.retired_at',
        'assortment_products.product_id',
      ])
      .where('assortments.external_id', 'like', 'IT-%')
      .orderBy('assortments.external_id')
      .orderBy('assortment_products.product_id')
      .execute(),
  async expectApplied({ db }, p) {
    const rows = await db
      .selectFrom('assortments')
      .innerJoin('assortment_products', 'assortment_products.assortment_id', 'assortments.id')
      .innerJoin('products', 'products.id', 'assortment_products.product_id')
      .select(['assortments.external_id', 'assortments.name', 'products.external_id as product'])
      .where('assortments.external_id', 'like', 'IT-%')
      .execute();
    expect(rows.map((row) => `${row.external_id}/${row.name}/${row.product}`).sort()).toEqual(
      [`IT-A/Import range/${p[0]}`, `IT-A/Import range/${p[1]}`, `IT-B/Other range/${p[2]}`].sort(),
    );
  },
};

const customersHeader =
  'record,id,customer,name,customer_type,email,tax_applies,username,first_name,last_name,language,line1,postal_code,city,country';
const customersCase: KindCase = {
  kind: 'customers',
  file: () =>
    csv(
      customersHeader,
      'company,IT-C1,,Hafenkantine GmbH,corporate,einkauf@hafenkantine.example,yes,,,,,,,,',
      'user,IT-U1,IT-C1,,,hanne.koch@hafenkantine.example,,hanne.koch,Hanne,Koch,de,,,,',
      'user,IT-UX,IT-NOPE,,,nobody@example.org,,nobody,No,Body,en,,,,',
      'company,IT-C2,,Elbcafé,individual,kasse@elbcafe.example,no,,,,,,,,',
    ),
  bad: { external_id: 'IT-UX', reason: 'customer_unknown' },
  good: ['IT-C1', 'IT-U1', 'IT-C2'],
  snapshot: () =>
    csv(
      customersHeader,
      'company,IT-C1,,Hafenkantine GmbH,corporate,einkauf@hafenkantine.example,yes,,,,,,,,',
      'user,IT-U1,IT-C1,,,hanne.koch@hafenkantine.example,,hanne.koch,Hanne,Koch,de,,,,',
    ),
  omitted: 'IT-C2',
  state: async (db) => ({
    companies: await db
      .selectFrom('companies')
      .selectAll()
      .where('external_id', 'like', 'IT-%')
      .orderBy('external_id')
      .execute(),
    users: await db
      .selectFrom('users')
      .selectAll()
      .where('external_id', 'like', 'IT-%')
      .orderBy('external_id')
      .execute(),
  }),
  async expectApplied({ db }) {
    const companies = await db
      .selectFrom('companies')
      .select(['external_id', 'name', 'tax_applies', 'retired_at'])
      .where('external_id', 'like', 'IT-%')
      .orderBy('external_id')
      .execute();
    expect(
      companies.map((row) => [row.external_id, row.name, Number(row.tax_applies), row.retired_at]),
    ).toEqual([
      ['IT-C1', 'Hafenkantine GmbH', 1, null],
      ['IT-C2', 'Elbcafé', 0, null],
    ]);
    const users = await db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.external_id', 'users.username', 'users.email', 'companies.external_id as company'])
      .where('users.external_id', 'like', 'IT-%')
      .execute();
    expect(users).toEqual([
      {
        external_id: 'IT-U1',
        username: 'hanne.koch',
        email: 'hanne.koch@hafenkantine.example',
        company: 'IT-C1',
      },
    ]);
  },
};

/** Assortment keys are "<assortment>/<product>": the cases name products by their index. */
const keyOf = (key: string, products: string[]) =>
  key.replace(/\/(\d)$/, (_, index: string) => `/${products[Number(index)]}`);

describe.each([productsCase, pricesCase, assortmentsCase, customersCase])(
  'a $kind import through the integration API',
  { timeout: 60_000 },
  (kindCase) => {
    let harness: IntegrationHarness;
    let products: string[];
    beforeAll(async () => {
      harness = await startIntegrationHarness();
      products = (
        await harness.db
          .selectFrom('products')
          .select('external_id')
          .where('external_id', 'is not', null)
          .orderBy('id')
          .limit(3)
          .execute()
      ).map((row) => row.external_id as string);
    });
    afterAll(() => harness.close());

    it('applies the good rows of a CSV file and reports the bad one with its row number and reason', async () => {
      const created = await harness.postFile(
        kindCase.kind,
        kindCase.file(products),
        `mode=delta&file_name=${kindCase.kind}.csv`,
      );
      expect(created).toMatchObject({
        kind: kindCase.kind,
        mode: 'delta',
        format: 'csv',
        created_by: 'key:erp',
      });

      const job = await harness.jobEnded(created.id);
      expect(job).toMatchObject({
        status: 'done',
        rows_total: 4,
        rows_done: 4,
        applied: 3,
        unchanged: 0,
        refused: 1,
        retired: 0,
        error: null,
      });
      const report = await harness.reportRows(created.id);
      expect(report.map((row) => [row.row_number, row.external_id, row.outcome])).toEqual([
        [2, keyOf(kindCase.good[0] as string, products), 'applied'],
        [3, keyOf(kindCase.good[1] as string, products), 'applied'],
        [4, kindCase.bad.external_id, 'refused'],
        [5, keyOf(kindCase.good[2] as string, products), 'applied'],
      ]);
      const refused = await harness.reportRows(created.id, '&outcome=refused');
      expect(refused).toEqual([
        expect.objectContaining({
          row_number: 4,
          external_id: kindCase.bad.external_id,
          reason: kindCase.bad.reason,
        }),
      ]);
      expect(refused[0]?.detail).toMatch(/\S/);

      const download = await harness.reportCsv(created.id);
      expect(download).toMatchObject({
        status: 200,
        disposition: `attachment; filename="import-${created.id}-report.csv"`,
      });
      expect(download.type).toContain('text/csv');
      expect(download.lines[0]).toBe('row,external_id,outcome,reason,detail');
      expect(download.lines).toHaveLength(5);
      expect(download.lines[3]).toMatch(
        new RegExp(`^4,${kindCase.bad.external_id.replace(/[/-]/g, '\\$&')},refused,${kindCase.bad.reason},`),
      );

      await kindCase.expectApplied(harness, products);
    });

    it('answers the same file again with a second job whose rows are all unchanged, changing nothing', async () => {
      const before = await kindCase.state(harness.db);
      const created = await harness.postFile(
        kindCase.kind,
        kindCase.file(products),
        `mode=delta&file_name=${kindCase.kind}.csv`,
      );
      const job = await harness.jobEnded(created.id);
      expect(job).toMatchObject({ status: 'done', applied: 0, unchanged: 3, refused: 1, retired: 0 });
      expect((await harness.reportRows(created.id)).map((row) => row.outcome)).toEqual([
        'unchanged',
        'unchanged',
        'refused',
        'unchanged',
      ]);
      expect(await kindCase.state(harness.db)).toEqual(before);
    });

    it('retires what a snapshot leaves out', async () => {
      const created = await harness.postFile(
        kindCase.kind,
        kindCase.snapshot(products),
        `mode=snapshot&file_name=${kindCase.kind}.csv`,
      );
      const job = await harness.jobEnded(created.id);
      expect(job).toMatchObject({ status: 'done', rows_done: 2, applied: 0, unchanged: 2, refused: 0 });
      const retired = await harness.reportRows(created.id, '&outcome=retired');
      expect(retired.map((row) => row.external_id)).toContain(keyOf(kindCase.omitted, products));
      expect(retired.every((row) => row.row_number === null)).toBe(true);
      expect(job.retired).toBe(retired.length);
      // the rows the snapshot names stay
      const kept = await harness.reportRows(created.id, '&outcome=unchanged');
      expect(kept.map((row) => row.external_id)).toEqual(
        kindCase.good.filter((key) => key !== kindCase.omitted).map((key) => keyOf(key, products)),
      );
    });
  },
);

describe('a products snapshot leaving out an ordered product', { timeout: 60_000 }, () => {
  let harness: IntegrationHarness;
  beforeAll(async () => {
    harness = await startIntegrationHarness();
  });
  afterAll(() => harness.close());

  it('retires it, keeps it for the order, and the customers no longer see it', async () => {
    const first = await harness.postFile(
      'products',
      productsCase.file([]),
      'mode=delta&file_name=products.csv',
    );
    expect(await harness.jobEnded(first.id)).toMatchObject({ status: 'done', applied: 3 });
    const ordered = await harness.db
      .selectFrom('products')
      .select('id')
      .where('external_id', '=', 'IT-P3')
      .executeTakeFirstOrThrow();
    const access = (await new TestClient(harness.app).signIn('buyer', 'buyer123')).access;
    const buyer = callerFor(harness.server, access);
    const orderId = await placePieceOrder(harness.server, buyer, ordered.id);

    const snapshot = await harness.postFile(
      'products',
      productsCase.snapshot([]),
      'mode=snapshot&file_name=products.csv',
    );
    expect(await harness.jobEnded(snapshot.id)).toMatchObject({ status: 'done' });
    expect(
      (await harness.reportRows(snapshot.id, '&outcome=retired')).map((row) => row.external_id),
    ).toContain('IT-P3');

    const kept = await harness.db
      .selectFrom('products')
      .select(['id', 'retired_at'])
      .where('external_id', '=', 'IT-P3')
      .executeTakeFirstOrThrow();
    expect(kept.id).toBe(ordered.id);
    expect(kept.retired_at).not.toBeNull();
    const order = await buyer('GET', `/api/netb2b/orders/${orderId}/`);
    expect(order.status).toBe(200);
    expect(JSON.stringify(order.body)).toContain('Quittengelee Drei');
    expect((await buyer('GET', `/api/netb2b/products/${ordered.id}/`)).status).toBe(404);
    const add = await buyer('POST', '/api/netb2b/cart-items/', {
      product: ordered.id,
      quantity: '1',
      unit: PIECE,
    });
    expect(add.status).toBe(400);
    expect(add.body).toMatchObject({ code: 'product_not_available' });
  });
});
