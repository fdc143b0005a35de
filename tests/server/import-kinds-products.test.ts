import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin } from '../../server/imports/kinds/row-values';
import { caseGtin, ean13 } from '../../server/seed/products';
import { toDecimal } from '../../src/domain/decimal';
import { TestClient } from './support/http-client';
import { outcomeNames, runImport } from './support/import-kinds';
import { searchProducts } from './support/product-search';
import { startTestServer, type TestServer } from './support/test-server';

// The products import: what a row means and how it lands in the catalogue, on the seeded database.

let server: TestServer;
let access: string;

beforeAll(async () => {
  server = await startTestServer();
  access = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
});
afterAll(() => server.close());

/** Each product's own EAN-13 (a GTIN names one unit of one product), apart from the seed's 40… codes. */
const barcodes = new Map<string, string>();
const barcodeOf = (id: string) => {
  const known = barcodes.get(id);
  if (known) return known;
  const barcode = ean13(`4019${String(barcodes.size + 1).padStart(8, '0')}`);
  barcodes.set(id, barcode);
  return barcode;
};

const productRow = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: `Quittengelee ${id}`,
  description: 'Quince jelly',
  stock_code: `QG-${id}`,
  barcode: barcodeOf(id),
  brand: 'Import Manufaktur',
  category: 'Pantry & Dry Goods',
  warehouse: 'Hamburg Central',
  price: '2.50',
  tax_rate_percent: '7',
  units: [
    { unit: 'piece', amount: '1', gtin: barcodeOf(id) },
    { unit: 'box', amount: '12', gtin: caseGtin(1, barcodeOf(id)) },
  ],
  allergens: ['milk', 'eggs'],
  ...overrides,
});

const stored = (externalId: string) =>
  server.database.db
    .selectFrom('products')
    .selectAll()
    .where('external_id', '=', externalId)
    .executeTakeFirstOrThrow();

const unitsOf = (productId: number) =>
  server.database.db
    .selectFrom('product_units')
    .select(['unit_id', 'amount', 'gtin'])
    .where('product_id', '=', productId)
    .orderBy('unit_id')
    .execute();

describe('a products delta', () => {
  it('creates new products, updates changed ones, and leaves equal ones unchanged', async () => {
    const { db } = server.database;
    const first = await runImport(db, 'products', 'delta', [productRow('P-1'), productRow('P-2')]);
    expect(first.outcomes.map((o) => [o.rowNumber, o.externalId, o.outcome])).toEqual([
      [1, 'P-1', 'applied'],
      [2, 'P-2', 'applied'],
    ]);
    const created = await stored('P-1');
    expect(created).toMatchObject({ name: 'Quittengelee P-1', stock_code: 'QG-P-1', allergens: 'eggs,milk' });
    expect(await unitsOf(created.id)).toEqual([
      { unit_id: 1, amount: expect.anything(), gtin: barcodeOf('P-1') },
      { unit_id: 2, amount: expect.anything(), gtin: caseGtin(1, barcodeOf('P-1')) },
    ]);
    const brand = await db
      .selectFrom('brands')
      .select('name')
      .where('id', '=', created.brand_id)
      .executeTakeFirstOrThrow();
    expect(brand.name).toBe('Import Manufaktur');

    // the same rows again, with decimals written otherwise: nothing to do
    const again = await runImport(db, 'products', 'delta', [
      productRow('P-1', { price: '2.5000', tax_rate_percent: '7.00' }),
      productRow('P-2', { allergens: 'eggs|milk' }),
    ]);
    expect(outcomeNames(again.outcomes)).toEqual(['unchanged', 'unchanged']);

    const changed = await runImport(db, 'products', 'delta', [
      productRow('P-2', { price: '2.75', quantity_in_stock: 40 }),
    ]);
    expect(outcomeNames(changed.outcomes)).toEqual(['applied']);
    const updated = await stored('P-2');
    expect(toDecimal(updated.price).equals('2.75')).toBe(true);
    expect(updated.quantity_in_stock).toBe(40);
  });

  it('stores a price of "12.3400" exactly, and refuses a JSON number that is not exact', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'products', 'delta', [
      productRow('P-price', { price: '12.3400' }),
      productRow('P-float', { price: 0.1 + 0.2 }),
      productRow('P-number', { price: 1.5 }),
      productRow('P-cents', { price: '0.3425' }),
    ]);
    expect(outcomes.map((o) => [o.outcome, o.reason])).toEqual([
      ['applied', undefined],
      ['refused', 'price_invalid'],
      ['applied', undefined],
      // A list price is in cents; a price per piece with more places is a contract price.
      ['refused', 'price_invalid'],
    ]);
    expect(outcomes[1]?.detail).toContain('0.30000000000000004');
    const { price } = await stored('P-price');
    expect(typeof price).toBe('string');
    expect(toDecimal(price).equals('12.34')).toBe(true);
    expect(toDecimal((await stored('P-number')).price).equals('1.5')).toBe(true);
    const again = await runImport(db, 'products', 'delta', [productRow('P-price', { price: '12.34' })]);
    expect(outcomeNames(again.outcomes)).toEqual(['unchanged']);
  });

  it('refuses a bad row among good ones, keeping its row number, reason and the value in words', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'products', 'delta', [
      productRow('B-1'),
      productRow('B-2', { category: 'Spaceships' }),
      productRow('B-3', { units: [{ unit: 'piece', amount: '1', gtin: '4012345678900' }] }),
      productRow('B-4', { units: [{ unit: 'crate', amount: '1' }] }),
      productRow('B-5', { units: [{ unit: 'piece', amount: '2' }] }),
      productRow('B-6', { allergens: 'milk|gravel' }),
      productRow('B-7', { warehouse: 'Atlantis' }),
      productRow('B-8', { stock_code: 'QG-B-1' }),
      productRow('B-9', { image_url: 'ftp://example.org/x.png' }),
      productRow('B-10', { name: '' }),
      productRow('B-11'),
    ]);
    expect(outcomes.map((o) => [o.rowNumber, o.outcome, o.reason ?? null])).toEqual([
      [1, 'applied', null],
      [2, 'refused', 'category_unknown'],
      [3, 'refused', 'gtin_invalid'],
      [4, 'refused', 'unit_unknown'],
      [5, 'refused', 'unit_amount_invalid'],
      [6, 'refused', 'allergens_invalid'],
      [7, 'refused', 'warehouse_unknown'],
      [8, 'refused', 'stock_code_taken'],
      [9, 'refused', 'image_url_invalid'],
      [10, 'refused', 'name_missing'],
      [11, 'applied', null],
    ]);
    expect(outcomes[1]?.detail).toBe('"category" names no category: "Spaceships".');
    expect(outcomes[2]?.detail).toContain('4012345678900');
    expect(
      await db.selectFrom('products').select('id').where('external_id', '=', 'B-2').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('reads a file row: text cells, a category by id, units from unit_n columns, a decimal comma', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'products', 'delta', [
      {
        id: 'F-1',
        name: 'Holunderblütensirup',
        description: '',
        stock_code: 'HBS-1',
        barcode: '',
        brand: 'Import Manufaktur',
        category: '2',
        warehouse: '1',
        price: '3,4500',
        old_price: '',
        tax_rate_percent: '19',
        tax_included: 'nein',
        deposit_price: '0,25',
        quantity_in_stock: '120',
        is_featured: 'ja',
        unit_1: 'bottle',
        unit_1_amount: '1',
        unit_1_gtin: '',
        unit_2: 'crate',
        unit_2_amount: '6',
        unit_2_gtin: '',
        unit_3: '',
        ingredients: 'Wasser, Zucker, Holunderblüten',
        allergens: '',
        image_url: 'https://example.org/sirup.png',
      },
    ]);
    expect(outcomeNames(outcomes)).toEqual(['applied']);
    const product = await stored('F-1');
    expect(product).toMatchObject({
      category_id: 2,
      warehouse_id: 1,
      is_featured: 1,
      tax_included: 0,
      quantity_in_stock: 120,
    });
    expect(toDecimal(product.deposit_price).equals('0.25')).toBe(true);
    expect((await unitsOf(product.id)).map((unit) => unit.unit_id)).toEqual([4, 5]);
  });

  it('makes a new or renamed product findable by the customers search at once', async () => {
    const { db } = server.database;
    await runImport(db, 'products', 'delta', [
      productRow('S-1', { name: 'Zwetschgenröster Hausmacher', stock_code: 'ZWR-77' }),
    ]);
    const found = await searchProducts(new TestClient(server.app), access, 'zwetschgenröster');
    expect(found.map((product) => product.name)).toContain('Zwetschgenröster Hausmacher');
    expect((await searchProducts(new TestClient(server.app), access, 'ZWR-77')).map((p) => p.name)).toContain(
      'Zwetschgenröster Hausmacher',
    );

    await runImport(db, 'products', 'delta', [
      productRow('S-1', { name: 'Mirabellenröster Hausmacher', stock_code: 'ZWR-77' }),
    ]);
    const renamed = await searchProducts(new TestClient(server.app), access, 'mirabellenröster');
    expect(renamed.map((product) => product.name)).toContain('Mirabellenröster Hausmacher');
    expect(await searchProducts(new TestClient(server.app), access, 'zwetschgenröster')).toEqual([]);
  });
});

describe('GTINs: one code names one unit of one product', () => {
  /** a seeded product's piece code (its barcode) and its id */
  const seeded = () =>
    server.database.db
      .selectFrom('products')
      .select(['id', 'barcode', 'stock_code'])
      .where('retired_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  it('refuses a unit_N_gtin with a wrong check digit, naming the column and the code', async () => {
    const barcode = barcodeOf('G-check');
    const wrong = `${caseGtin(1, barcode).slice(0, 13)}${(Number(caseGtin(1, barcode).at(-1)) + 1) % 10}`;
    const { outcomes } = await runImport(server.database.db, 'products', 'delta', [
      {
        ...productRow('G-check', { units: undefined }),
        unit_1: 'piece',
        unit_1_gtin: barcode,
        unit_2: 'box',
        unit_2_amount: '12',
        unit_2_gtin: wrong,
      },
    ]);
    expect(outcomes.map((o) => [o.outcome, o.reason])).toEqual([['refused', 'gtin_invalid']]);
    expect(outcomes[0]?.detail).toBe(
      `"unit_2_gtin" must be a GTIN of 8, 12, 13 or 14 digits with a correct check digit, not "${wrong}".`,
    );
  });

  it("refuses a GTIN another product's unit carries, compared as GTIN-14", async () => {
    const other = await seeded();
    const { outcomes } = await runImport(server.database.db, 'products', 'delta', [
      // the seeded piece code, written as a GTIN-14
      productRow('G-taken', {
        units: [
          { unit: 'piece', amount: '1', gtin: barcodeOf('G-taken') },
          { unit: 'box', amount: '12', gtin: `0${other.barcode}` },
        ],
      }),
      // a new product sold by the piece gives its piece the barcode
      productRow('G-barcode', { barcode: other.barcode, units: undefined }),
    ]);
    expect(outcomes.map((o) => [o.outcome, o.reason])).toEqual([
      ['refused', 'gtin_taken'],
      ['refused', 'gtin_taken'],
    ]);
    expect(outcomes[0]?.detail).toBe(
      `"units[1]_gtin" "0${other.barcode}" is already the GTIN of a unit of product "${other.stock_code}": a GTIN names one unit of one product.`,
    );
    expect(outcomes[1]?.detail).toContain('"barcode"');
    const { db } = server.database;
    expect(
      await db
        .selectFrom('products')
        .select('id')
        .where('external_id', 'in', ['G-taken', 'G-barcode'])
        .execute(),
    ).toEqual([]);
  });

  it('refuses two units of one row sharing a GTIN', async () => {
    const barcode = barcodeOf('G-twice');
    const { outcomes } = await runImport(server.database.db, 'products', 'delta', [
      {
        ...productRow('G-twice', { units: undefined }),
        unit_1: 'piece',
        unit_1_gtin: barcode,
        unit_2: 'box',
        unit_2_amount: '12',
        unit_2_gtin: `0${barcode}`,
      },
    ]);
    expect(outcomes.map((o) => [o.outcome, o.reason])).toEqual([['refused', 'gtin_taken']]);
    expect(outcomes[0]?.detail).toBe(
      `"unit_2_gtin" "0${barcode}" is the GTIN of "unit_1_gtin" too: each unit of a product carries its own GTIN.`,
    );
  });

  it('checks the rows of one batch against each other, and lets a code move from one product to another', async () => {
    const { db } = server.database;
    const first = await runImport(db, 'products', 'delta', [
      productRow('G-1'),
      productRow('G-2', {
        units: [
          { unit: 'piece', amount: '1', gtin: barcodeOf('G-2') },
          { unit: 'box', amount: '12', gtin: caseGtin(1, barcodeOf('G-1')) },
        ],
      }),
    ]);
    expect(first.outcomes.map((o) => [o.externalId, o.outcome, o.reason])).toEqual([
      ['G-1', 'applied', undefined],
      ['G-2', 'refused', 'gtin_taken'],
    ]);
    // the same product again keeps its own codes; G-1 gives its box code up and G-2 takes it, in one batch
    const moved = await runImport(db, 'products', 'delta', [
      productRow('G-1', { units: [{ unit: 'piece', amount: '1', gtin: barcodeOf('G-1') }] }),
      productRow('G-2', {
        units: [
          { unit: 'piece', amount: '1', gtin: barcodeOf('G-2') },
          { unit: 'box', amount: '12', gtin: caseGtin(1, barcodeOf('G-1')) },
        ],
      }),
      productRow('G-1', { units: [{ unit: 'piece', amount: '1', gtin: barcodeOf('G-1') }] }),
    ]);
    expect(moved.outcomes.map((o) => [o.externalId, o.outcome])).toEqual([
      ['G-1', 'applied'],
      ['G-2', 'applied'],
      ['G-1', 'unchanged'],
    ]);
    expect((await unitsOf((await stored('G-2')).id)).map((unit) => unit.gtin)).toEqual([
      barcodeOf('G-2'),
      caseGtin(1, barcodeOf('G-1')),
    ]);
  });

  it("takes a retired product's code: nobody finds that product by it", async () => {
    const { db } = server.database;
    await runImport(db, 'products', 'delta', [productRow('G-old')]);
    await db
      .updateTable('products')
      .set({ retired_at: '2026-01-01T00:00:00.000Z' })
      .where('external_id', '=', 'G-old')
      .execute();
    const { outcomes } = await runImport(db, 'products', 'delta', [
      productRow('G-new', {
        units: [{ unit: 'piece', amount: '1', gtin: barcodeOf('G-old') }],
      }),
    ]);
    expect(outcomeNames(outcomes)).toEqual(['applied']);
    // live again, as the snapshot below expects every supplier's product to be before it runs
    await db.updateTable('products').set({ retired_at: null }).where('external_id', '=', 'G-old').execute();
  });
});

describe('the seeded catalogue', () => {
  it('keys its products by stock code and gives each unit a valid GTIN built from the barcode', async () => {
    const { db } = server.database;
    const product = await db
      .selectFrom('products')
      .select(['id', 'external_id', 'stock_code', 'barcode'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(product.external_id).toBe(product.stock_code);
    const gtins = (await unitsOf(product.id)).map((unit) => unit.gtin as string);
    expect(gtins[0]).toBe(product.barcode);
    expect(gtins.slice(1).map((gtin) => [gtin.length, gtin.slice(0, 13)])).toEqual([
      [14, `1${product.barcode.slice(0, 12)}`],
      [14, `2${product.barcode.slice(0, 12)}`],
    ]);
    expect(gtins.every(isValidGtin)).toBe(true);
  });
});

describe('a products snapshot', () => {
  it('retires the products it does not name (an ordered one is kept, not deleted) and brings back one named again', async () => {
    const { db } = server.database;
    const ordered = await db
      .selectFrom('order_items')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .select(['products.id', 'products.external_id'])
      .where('products.external_id', 'is not', null)
      .orderBy('products.id')
      .executeTakeFirstOrThrow();
    const supplied = await db
      .selectFrom('products')
      .select('external_id')
      .where('external_id', 'is not', null)
      .execute();

    const { outcomes, retired } = await runImport(db, 'products', 'snapshot', [productRow('P-1')]);
    expect(outcomeNames(outcomes)).toEqual(['unchanged']);
    expect(retired).toEqual(
      supplied
        .map((row) => row.external_id as string)
        .filter((id) => id !== 'P-1')
        .sort(),
    );
    const kept = await db
      .selectFrom('products')
      .select(['retired_at'])
      .where('id', '=', ordered.id)
      .executeTakeFirst();
    expect(kept?.retired_at).not.toBeNull();
    expect(await searchProducts(new TestClient(server.app), access, 'quittengelee')).toEqual([
      expect.objectContaining({ name: 'Quittengelee P-1' }),
    ]);

    const back = await runImport(db, 'products', 'delta', [
      productRow('P-2', { price: '2.75', quantity_in_stock: 40 }),
    ]);
    expect(outcomeNames(back.outcomes)).toEqual(['applied']);
    expect((await stored('P-2')).retired_at).toBeNull();
    // a second snapshot retires nothing it retired before
    const second = await runImport(db, 'products', 'snapshot', [
      productRow('P-1'),
      productRow('P-2', { price: '2.75', quantity_in_stock: 40 }),
    ]);
    expect(second.retired).toEqual([]);
  });
});
