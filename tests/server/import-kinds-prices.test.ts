import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDecimal } from '../../src/domain/decimal';
import { outcomeNames, runImport } from './support/import-kinds';
import { startTestServer, type TestServer } from './support/test-server';

// The prices import: contract prices per customer or customer group, keyed by the supplier's ids of
// the product, the company and the group (the seed gives them: stock codes, CUST-1001…, GASTRO).

let server: TestServer;
let product: string;
let otherProduct: string;

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.database.db
    .selectFrom('products')
    .select('external_id')
    .where('external_id', 'is not', null)
    .orderBy('id')
    .limit(2)
    .execute();
  product = rows[0]?.external_id as string;
  otherProduct = rows[1]?.external_id as string;
});
afterAll(() => server.close());

const priceRow = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  product,
  customer: 'CUST-1001',
  min_quantity: '1',
  price: '1.99',
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  ...overrides,
});

const stored = (externalId: string) =>
  server.database.db
    .selectFrom('contract_prices')
    .selectAll()
    .where('external_id', '=', externalId)
    .executeTakeFirstOrThrow();

describe('a prices delta', () => {
  it('creates and updates price rows, and leaves equal ones unchanged', async () => {
    const { db } = server.database;
    const first = await runImport(db, 'prices', 'delta', [
      priceRow('CP-1'),
      priceRow('CP-2', { customer: '', customer_group: 'GASTRO', min_quantity: '10', price: '1.80' }),
    ]);
    expect(outcomeNames(first.outcomes)).toEqual(['applied', 'applied']);
    const customerRow = await stored('CP-1');
    const company = await db
      .selectFrom('companies')
      .select('id')
      .where('external_id', '=', 'CUST-1001')
      .executeTakeFirstOrThrow();
    expect(customerRow).toMatchObject({
      company_id: company.id,
      customer_group_id: null,
      valid_from: '2026-01-01',
    });
    const groupRow = await stored('CP-2');
    expect(groupRow.company_id).toBeNull();
    expect(toDecimal(String(groupRow.min_quantity)).equals('10')).toBe(true);

    const again = await runImport(db, 'prices', 'delta', [
      priceRow('CP-1', { price: '1.9900', min_quantity: 1 }),
      priceRow('CP-2', { customer: '', customer_group: 'GASTRO', min_quantity: '10.000', price: '1.8' }),
    ]);
    expect(outcomeNames(again.outcomes)).toEqual(['unchanged', 'unchanged']);

    const changed = await runImport(db, 'prices', 'delta', [
      priceRow('CP-1', { price: '1.89', valid_to: '' }),
    ]);
    expect(outcomeNames(changed.outcomes)).toEqual(['applied']);
    const updated = await stored('CP-1');
    expect(toDecimal(updated.price).equals('1.89')).toBe(true);
    expect(updated.valid_to).toBeNull();
  });

  it('stores "12.3400" exactly and reads a workbook date cell as its day', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'prices', 'delta', [
      priceRow('CP-exact', { price: '12.3400', valid_from: '46023', valid_to: '' }),
    ]);
    expect(outcomeNames(outcomes)).toEqual(['applied']);
    const row = await stored('CP-exact');
    expect(typeof row.price).toBe('string');
    expect(toDecimal(row.price).equals('12.34')).toBe(true);
    expect(row.valid_from).toBe('2026-01-01');
  });

  it('keeps a price per piece of four places exactly, so importing it again changes nothing', async () => {
    const { db } = server.database;
    const first = await runImport(db, 'prices', 'delta', [priceRow('CP-piece', { price: '0.3425' })]);
    expect(outcomeNames(first.outcomes)).toEqual(['applied']);
    expect(toDecimal((await stored('CP-piece')).price).toFixed()).toBe('0.3425');
    const again = await runImport(db, 'prices', 'delta', [priceRow('CP-piece', { price: '0.3425' })]);
    expect(outcomeNames(again.outcomes)).toEqual(['unchanged']);
  });

  it('refuses bad rows with their reason, row number and value, and applies the good ones', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'prices', 'delta', [
      priceRow('BAD-1', { product: 'NO-SUCH-PRODUCT' }),
      priceRow('BAD-2', { customer: 'CUST-9999' }),
      priceRow('BAD-3', { customer: '', customer_group: 'NO-GROUP' }),
      priceRow('BAD-4', { customer_group: 'GASTRO' }),
      priceRow('BAD-5', { customer: '' }),
      priceRow('BAD-6', { price: '0' }),
      priceRow('BAD-7', { price: 0.1 + 0.2 }),
      priceRow('BAD-8', { valid_from: '2026-12-31', valid_to: '2026-01-01' }),
      priceRow('BAD-9', { valid_from: '31.12.2026' }),
      priceRow('BAD-10', { min_quantity: '-1' }),
      priceRow('GOOD-1', { product: otherProduct }),
    ]);
    expect(outcomes.map((o) => [o.rowNumber, o.externalId, o.outcome, o.reason ?? null])).toEqual([
      [1, 'BAD-1', 'refused', 'product_unknown'],
      [2, 'BAD-2', 'refused', 'customer_unknown'],
      [3, 'BAD-3', 'refused', 'customer_group_unknown'],
      [4, 'BAD-4', 'refused', 'scope_invalid'],
      [5, 'BAD-5', 'refused', 'scope_invalid'],
      [6, 'BAD-6', 'refused', 'price_invalid'],
      [7, 'BAD-7', 'refused', 'price_invalid'],
      [8, 'BAD-8', 'refused', 'valid_to_invalid'],
      [9, 'BAD-9', 'refused', 'valid_from_invalid'],
      [10, 'BAD-10', 'refused', 'min_quantity_invalid'],
      [11, 'GOOD-1', 'applied', null],
    ]);
    expect(outcomes[0]?.detail).toBe('"product" names no product: "NO-SUCH-PRODUCT".');
    expect(
      await db.selectFrom('contract_prices').select('id').where('external_id', 'like', 'BAD-%').execute(),
    ).toEqual([]);
  });
});

describe('a prices snapshot', () => {
  it('retires the price rows it does not name; a row named again comes back', async () => {
    const { db } = server.database;
    const { outcomes, retired } = await runImport(db, 'prices', 'snapshot', [
      priceRow('CP-1', { price: '1.89', valid_to: '' }),
    ]);
    expect(outcomeNames(outcomes)).toEqual(['unchanged']);
    expect(retired).toEqual(['CP-2', 'CP-exact', 'CP-piece', 'GOOD-1']);
    expect((await stored('CP-2')).retired_at).not.toBeNull();
    expect((await stored('CP-1')).retired_at).toBeNull();

    const back = await runImport(db, 'prices', 'delta', [
      priceRow('CP-2', { customer: '', customer_group: 'GASTRO', min_quantity: '10', price: '1.80' }),
    ]);
    expect(outcomeNames(back.outcomes)).toEqual(['applied']);
    expect((await stored('CP-2')).retired_at).toBeNull();
  });
});
