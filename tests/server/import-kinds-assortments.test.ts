import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeNames, runImport } from './support/import-kinds';
import { startTestServer, type TestServer } from './support/test-server';

// The assortments import: one row per product in an assortment, reported as "<assortment>/<product>".

let server: TestServer;
let products: string[];

beforeAll(async () => {
  server = await startTestServer();
  products = (
    await server.database.db
      .selectFrom('products')
      .select('external_id')
      .where('external_id', 'is not', null)
      .orderBy('id')
      .limit(4)
      .execute()
  ).map((row) => row.external_id as string);
});
afterAll(() => server.close());

const product = (index: number) => products[index] as string;

const membersOf = async (assortment: string) =>
  (
    await server.database.db
      .selectFrom('assortment_products')
      .innerJoin('assortments', 'assortments.id', 'assortment_products.assortment_id')
      .innerJoin('products', 'products.id', 'assortment_products.product_id')
      .select('products.external_id')
      .where('assortments.external_id', '=', assortment)
      .orderBy('products.external_id')
      .execute()
  ).map((row) => row.external_id);

const assortment = (externalId: string) =>
  server.database.db
    .selectFrom('assortments')
    .select(['name', 'retired_at'])
    .where('external_id', '=', externalId)
    .executeTakeFirstOrThrow();

describe('an assortments delta', () => {
  it('creates the assortment by its rows, adds products, and leaves known memberships unchanged', async () => {
    const { db } = server.database;
    const first = await runImport(db, 'assortments', 'delta', [
      { id: 'GASTRO-A', name: 'Gastro range', product: product(0) },
      { id: 'GASTRO-A', name: 'Gastro range', product: product(1) },
    ]);
    expect(first.outcomes.map((o) => [o.externalId, o.outcome])).toEqual([
      [`GASTRO-A/${product(0)}`, 'applied'],
      [`GASTRO-A/${product(1)}`, 'applied'],
    ]);
    expect(await membersOf('GASTRO-A')).toEqual([product(0), product(1)].sort());

    const again = await runImport(db, 'assortments', 'delta', [
      { id: 'GASTRO-A', name: 'Gastro range', product: product(0) },
      { id: 'GASTRO-A', name: 'Gastro range', product: product(1) },
    ]);
    expect(outcomeNames(again.outcomes)).toEqual(['unchanged', 'unchanged']);

    const renamed = await runImport(db, 'assortments', 'delta', [
      { id: 'GASTRO-A', name: 'Gastronomy range', product: product(0) },
    ]);
    expect(outcomeNames(renamed.outcomes)).toEqual(['applied']);
    expect((await assortment('GASTRO-A')).name).toBe('Gastronomy range');
  });

  it('refuses a row naming an unknown product, keeping its row number, and applies the others', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'assortments', 'delta', [
      { id: 'RETAIL-A', name: 'Retail range', product: product(2) },
      { id: 'RETAIL-A', name: 'Retail range', product: 'NO-SUCH-PRODUCT' },
      { id: '', name: 'Nameless', product: product(2) },
    ]);
    expect(outcomes.map((o) => [o.rowNumber, o.externalId, o.outcome, o.reason ?? null])).toEqual([
      [1, `RETAIL-A/${product(2)}`, 'applied', null],
      [2, 'RETAIL-A/NO-SUCH-PRODUCT', 'refused', 'product_unknown'],
      [3, null, 'refused', 'id_missing'],
    ]);
    expect(outcomes[1]?.detail).toBe('"product" names no product: "NO-SUCH-PRODUCT".');
  });
});

describe('an assortments snapshot', () => {
  it('removes the memberships it does not name and retires the assortments it does not name at all', async () => {
    const { db } = server.database;
    const { outcomes, retired } = await runImport(db, 'assortments', 'snapshot', [
      { id: 'GASTRO-A', name: 'Gastronomy range', product: product(0) },
      { id: 'GASTRO-A', name: 'Gastronomy range', product: product(3) },
    ]);
    expect(outcomeNames(outcomes)).toEqual(['unchanged', 'applied']);
    expect(retired).toEqual([`GASTRO-A/${product(1)}`, 'RETAIL-A', `RETAIL-A/${product(2)}`].sort());
    expect(await membersOf('GASTRO-A')).toEqual([product(0), product(3)].sort());
    expect(await membersOf('RETAIL-A')).toEqual([]);
    expect((await assortment('RETAIL-A')).retired_at).not.toBeNull();
    expect((await assortment('GASTRO-A')).retired_at).toBeNull();

    // named again, a retired assortment comes back
    const back = await runImport(db, 'assortments', 'delta', [
      { id: 'RETAIL-A', name: 'Retail range', product: product(2) },
    ]);
    expect(outcomeNames(back.outcomes)).toEqual(['applied']);
    expect((await assortment('RETAIL-A')).retired_at).toBeNull();
  });
});
