import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, ImportKind } from '../../server/db/schema';
import { runImportJob } from '../../server/imports/run-import-job';
import { toDecimal } from '../../src/domain/decimal';
import {
  crashingOnce,
  csv,
  type IntegrationHarness,
  startIntegrationHarness,
} from './support/integration-imports';

/**
 * A worker dies after the first of three batches of a real import; a fresh worker (another process's
 * queue) finishes it. Every row is reported exactly once and the database ends as an uninterrupted
 * run leaves it, compared by the supplier's keys (database ids may differ: a rolled-back batch uses
 * up PostgreSQL sequence values).
 */

const BATCH = 2;
const quiet = { warn: () => {}, error: () => {} };

const files: Record<ImportKind, (products: string[]) => string> = {
  products: () =>
    csv(
      'id;name;brand;category;warehouse;price;tax_rate_percent;stock_code;quantity_in_stock;unit_1;unit_1_amount;unit_2;unit_2_amount',
      ...Array.from(
        { length: 6 },
        (_, index) =>
          `IT-R${index + 1};Resumed ${index + 1};Brand ${index % 2 ? 'Odd' : 'Even'};Pantry & Dry Goods;Hamburg Central;${index + 1},25;7;ITR${index + 1};100;piece;1;box;6`,
      ),
    ),
  prices: (p) =>
    csv(
      'id,product,customer,min_quantity,price',
      ...p.map(
        (product, index) => `IT-CP${index + 1},${product},CUST-1001,${index % 2 ? 12 : 1},0.${index + 1}425`,
      ),
    ),
  assortments: (p) =>
    csv('id,name,product', ...p.map((product, index) => `IT-A${index % 2},Range ${index % 2},${product}`)),
  customers: () =>
    csv(
      'record,id,customer,name,email,tax_applies,username,first_name,last_name,line1,postal_code,city,country',
      'company,IT-C1,,Hafenkantine GmbH,einkauf@hafenkantine.example,yes,,,,,,,',
      'company,IT-C2,,Elbcafé,kasse@elbcafe.example,no,,,,,,,',
      'user,IT-U1,IT-C1,,u1@hafenkantine.example,,hafen1,Hanne,Koch,,,,',
      'user,IT-U2,IT-C2,,u2@elbcafe.example,,elb2,Emil,Berg,,,,',
      'delivery_address,IT-D1,IT-C1,Hafenkantine Küche,,,,,,Kaiserkai 1,20457,Hamburg,Germany',
      'billing_address,IT-B1,IT-C2,Elbcafé,,,,,,Elbchaussee 2,22763,Hamburg,Germany',
    ),
};

const dec = (value: string | number) => toDecimal(String(value)).toString();

/** What the kind's rows are, by the supplier's keys only. */
async function stateOf(kind: ImportKind, db: Kysely<Database>): Promise<unknown> {
  if (kind === 'products') {
    const products = await db
      .selectFrom('products')
      .innerJoin('brands', 'brands.id', 'products.brand_id')
      .select([
        'products.id',
        'products.external_id',
        'products.name',
        'products.price',
        'products.stock_code',
        'products.quantity_in_stock',
        'products.retired_at',
        'brands.name as brand',
      ])
      .where('products.external_id', 'like', 'IT-%')
      .orderBy('products.external_id')
      .execute();
    const units = await db
      .selectFrom('product_units')
      .select(['product_id', 'unit_id', 'amount'])
      .where(
        'product_id',
        'in',
        products.map((row) => row.id),
      )
      .orderBy('product_id')
      .orderBy('unit_id')
      .execute();
    return products.map(({ id, price, ...row }) => ({
      ...row,
      price: dec(price),
      units: units.filter((unit) => unit.product_id === id).map((unit) => [unit.unit_id, dec(unit.amount)]),
    }));
  }
  if (kind === 'prices')
    return (
      await db
        .selectFrom('contract_prices')
        .innerJoin('products', 'products.id', 'contract_prices.product_id')
        .leftJoin('companies', 'companies.id', 'contract_prices.company_id')
        .select([
          'contract_prices.external_id',
          'products.external_id as product',
          'companies.external_id as company',
          'contract_prices.min_quantity',
          'contract_prices.price',
          'contract_prices.valid_from',
          'contract_prices.valid_to',
          'contract_prices.retired_at',
        ])
        .where('contract_prices.external_id', 'like', 'IT-%')
        .orderBy('contract_prices.external_id')
        .execute()
    ).map((row) => ({ ...row, min_quantity: dec(row.min_quantity), price: dec(row.price) }));
  if (kind === 'assortments')
    return (
      await db
        .selectFrom('assortments')
        .innerJoin('assortment_products', 'assortment_products.assortment_id', 'assortments.id')
        .innerJoin('products', 'products.id', 'assortment_products.product_id')
        .select([
          'assortments.external_id',
          'assortments.name',
          'assortments.retired_at',
          'products.external_id as product',
        ])
        .where('assortments.external_id', 'like', 'IT-%')
        .execute()
    ).sort((a, b) => `${a.external_id}/${a.product}`.localeCompare(`${b.external_id}/${b.product}`));
  const companies = await db
    .selectFrom('companies')
    .select(['external_id', 'name', 'email', 'tax_applies', 'customer_type', 'retired_at'])
    .where('external_id', 'like', 'IT-%')
    .orderBy('external_id')
    .execute();
  const users = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.external_id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_active',
      'companies.external_id as company',
    ])
    .where('users.external_id', 'like', 'IT-%')
    .orderBy('users.external_id')
    .execute();
  const addresses = await db
    .selectFrom('company_addresses')
    .innerJoin('companies', 'companies.id', 'company_addresses.company_id')
    .select([
      'company_addresses.external_id',
      'company_addresses.kind',
      'company_addresses.name',
      'company_addresses.line1',
      'company_addresses.postal_code',
      'company_addresses.city',
      'company_addresses.country',
      'companies.external_id as company',
    ])
    .where('company_addresses.external_id', 'like', 'IT-%')
    .orderBy('company_addresses.external_id')
    .execute();
  return { companies, users, addresses };
}

async function seededProducts(db: Kysely<Database>): Promise<string[]> {
  return (
    await db
      .selectFrom('products')
      .select('external_id')
      .where('external_id', 'is not', null)
      .orderBy('id')
      .limit(6)
      .execute()
  ).map((row) => row.external_id as string);
}

describe.each(['products', 'prices', 'assortments', 'customers'] as const)(
  'a %s import whose worker dies after its first batch',
  { timeout: 60_000 },
  (kind) => {
    let interrupted: IntegrationHarness;
    let uninterrupted: IntegrationHarness;
    beforeAll(async () => {
      [interrupted, uninterrupted] = await Promise.all([
        startIntegrationHarness({ worker: false, batchRows: BATCH }),
        startIntegrationHarness({ batchRows: BATCH }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([interrupted.close(), uninterrupted.close()]);
    });

    it('is finished by a fresh worker: each row reported once, the database as after an uninterrupted run', async () => {
      const file = files[kind](await seededProducts(interrupted.db));
      const created = await interrupted.postFile(kind, file, `mode=delta&file_name=${kind}.csv`);
      await expect(
        runImportJob(
          {
            db: interrupted.db,
            handlers: crashingOnce(kind, 2),
            now: interrupted.server.clock.now,
            batchRows: BATCH,
            log: quiet,
          },
          created.id,
        ),
      ).rejects.toThrow('the worker dies in batch 2');
      expect(await interrupted.readJob(created.id)).toMatchObject({
        status: 'running',
        rows_done: BATCH,
        applied: BATCH,
        rows_total: null,
      });
      expect(await interrupted.reportRows(created.id)).toHaveLength(BATCH);

      await interrupted.startWorker();
      const job = await interrupted.jobEnded(created.id);
      expect(job).toMatchObject({ status: 'done', rows_total: 6, rows_done: 6, applied: 6, refused: 0 });
      const report = await interrupted.reportRows(created.id);
      expect(report.map((row) => [row.seq, row.row_number, row.outcome])).toEqual(
        [1, 2, 3, 4, 5, 6].map((seq) => [seq, seq + 1, 'applied']),
      );
      expect(new Set(report.map((row) => row.external_id)).size).toBe(6);

      const reference = await uninterrupted.postFile(
        kind,
        files[kind](await seededProducts(uninterrupted.db)),
        `mode=delta&file_name=${kind}.csv`,
      );
      expect(await uninterrupted.jobEnded(reference.id)).toMatchObject({ status: 'done', applied: 6 });
      const expected = await stateOf(kind, uninterrupted.db);
      expect(JSON.stringify(expected)).toContain('IT-');
      expect(await stateOf(kind, interrupted.db)).toEqual(expected);
      expect((await uninterrupted.reportRows(reference.id)).map((row) => row.external_id)).toEqual(
        report.map((row) => row.external_id),
      );
    });
  },
);
