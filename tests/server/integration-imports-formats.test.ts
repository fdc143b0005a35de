import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDecimal } from '../../src/domain/decimal';
import { type IntegrationHarness, outcomesOf, startIntegrationHarness } from './support/integration-imports';

/** Workbooks and JSON batches through the integration API, for products and prices. */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as a spreadsheet program saves it: numbers stay number cells. */
function workbook(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

let harness: IntegrationHarness;
let seeded: string[];
beforeAll(async () => {
  harness = await startIntegrationHarness();
  seeded = (
    await harness.db
      .selectFrom('products')
      .select('external_id')
      .where('external_id', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute()
  ).map((row) => row.external_id as string);
});
afterAll(() => harness.close());

const productPrice = async (externalId: string) =>
  toDecimal(
    (
      await harness.db
        .selectFrom('products')
        .select('price')
        .where('external_id', '=', externalId)
        .executeTakeFirstOrThrow()
    ).price,
  ).toFixed(2);

const contractPrice = async (externalId: string) =>
  (
    await harness.db
      .selectFrom('contract_prices')
      .select(['price', 'min_quantity'])
      .where('external_id', '=', externalId)
      .executeTakeFirstOrThrow()
  ).price;

describe('products', { timeout: 60_000 }, () => {
  it('from a workbook: number cells read exactly, a bad row refused with its row number, the same file unchanged', async () => {
    const goods = ['Import Manufaktur', 'Pantry & Dry Goods', 'Hamburg Central'];
    const file = workbook([
      [
        'Artikel-ID',
        'Artikelnummer',
        'Bezeichnung',
        'Marke',
        'Kategorie',
        'Lager',
        'Preis',
        'MwSt',
        'unit_1',
        'unit_1_amount',
      ],
      ['IT-X1', 10001, 'Pflaumenmus', ...goods, 2.5, 7, 'piece', 1],
      ['IT-X2', 10002, 'Birnenmus', ...goods, 'zwei Euro', 7, 'piece', 1],
      ['IT-X3', 10003, 'Apfelmus', ...goods, 3.05, 19, 'piece', 1],
    ]);
    const created = await harness.postFile('products', file, 'mode=delta&file_name=products.xlsx', XLSX_TYPE);
    expect(created).toMatchObject({ format: 'xlsx', file_name: 'products.xlsx' });
    expect(await harness.jobEnded(created.id)).toMatchObject({
      status: 'done',
      rows_total: 3,
      applied: 2,
      refused: 1,
    });
    expect(outcomesOf(await harness.reportRows(created.id))).toEqual([
      [2, 'IT-X1', 'applied', null],
      [3, 'IT-X2', 'refused', 'price_invalid'],
      [4, 'IT-X3', 'applied', null],
    ]);
    expect([await productPrice('IT-X1'), await productPrice('IT-X3')]).toEqual(['2.50', '3.05']);
    const stockCode = await harness.db
      .selectFrom('products')
      .select('stock_code')
      .where('external_id', '=', 'IT-X1')
      .executeTakeFirstOrThrow();
    expect(stockCode.stock_code).toBe('10001');

    // the same workbook sent as an unnamed binary: recognised by its content, nothing to do
    const again = await harness.postFile(
      'products',
      file,
      'mode=delta&file_name=upload.bin',
      'application/octet-stream',
    );
    expect(again.format).toBe('xlsx');
    expect(await harness.jobEnded(again.id)).toMatchObject({
      status: 'done',
      applied: 0,
      unchanged: 2,
      refused: 1,
    });
  });

  it('from a JSON batch: exact numbers taken, a float remainder refused by its item number', async () => {
    const row = (id: string, price: unknown) => ({
      id,
      name: `Senf ${id}`,
      brand: 'Import Manufaktur',
      category: 'Pantry & Dry Goods',
      warehouse: 'Hamburg Central',
      price,
      tax_rate_percent: '7',
      units: [
        { unit: 'piece', amount: '1' },
        { unit: 'box', amount: '6' },
      ],
      allergens: ['mustard'],
    });
    const created = await harness.postBatch('products', {
      mode: 'delta',
      rows: [row('IT-J1', '1.20'), row('IT-J2', 0.1 + 0.2), row('IT-J3', 1.5)],
    });
    expect(created).toMatchObject({ format: 'json', kind: 'products', mode: 'delta' });
    expect(await harness.jobEnded(created.id)).toMatchObject({ status: 'done', applied: 2, refused: 1 });
    const report = await harness.reportRows(created.id);
    expect(outcomesOf(report)).toEqual([
      [1, 'IT-J1', 'applied', null],
      [2, 'IT-J2', 'refused', 'price_invalid'],
      [3, 'IT-J3', 'applied', null],
    ]);
    expect(report[1]?.detail).toContain('0.30000000000000004');
    expect([await productPrice('IT-J1'), await productPrice('IT-J3')]).toEqual(['1.20', '1.50']);

    const again = await harness.postBatch('products', {
      mode: 'delta',
      rows: [row('IT-J1', '1.2'), row('IT-J3', '1.50')],
    });
    expect(await harness.jobEnded(again.id)).toMatchObject({ status: 'done', applied: 0, unchanged: 2 });
  });
});

describe('prices', { timeout: 60_000 }, () => {
  it('from a workbook: a four-place price cell stored exactly', async () => {
    const file = workbook([
      ['id', 'product', 'customer', 'min_quantity', 'price'],
      ['IT-W1', seeded[0], 'CUST-1001', 1, 0.3425],
      ['IT-W2', seeded[0], 'CUST-1001', 24, 0.3125],
      ['IT-W3', seeded[1], 'CUST-9999', 1, 1],
    ]);
    const created = await harness.postFile('prices', file, 'mode=delta&file_name=prices.xlsx', XLSX_TYPE);
    expect(await harness.jobEnded(created.id)).toMatchObject({ status: 'done', applied: 2, refused: 1 });
    expect(outcomesOf(await harness.reportRows(created.id))).toEqual([
      [2, 'IT-W1', 'applied', null],
      [3, 'IT-W2', 'applied', null],
      [4, 'IT-W3', 'refused', 'customer_unknown'],
    ]);
    expect(toDecimal(await contractPrice('IT-W1')).toFixed(4)).toBe('0.3425');
    expect(toDecimal(await contractPrice('IT-W2')).toFixed(4)).toBe('0.3125');

    const again = await harness.postFile('prices', file, 'mode=delta&file_name=prices.xlsx', XLSX_TYPE);
    expect(await harness.jobEnded(again.id)).toMatchObject({
      status: 'done',
      applied: 0,
      unchanged: 2,
      refused: 1,
    });
  });

  it('from a JSON batch: text and exact numbers taken, a float remainder refused', async () => {
    const row = (id: string, price: unknown) => ({ id, product: seeded[1], customer: 'CUST-1002', price });
    const created = await harness.postBatch('prices', {
      mode: 'delta',
      rows: [
        row('IT-K1', '0.3425'),
        { ...row('IT-K2', 0.1 + 0.2), min_quantity: '10' },
        { ...row('IT-K3', 1.5), min_quantity: '20' },
      ],
    });
    expect(created).toMatchObject({ format: 'json', kind: 'prices' });
    expect(await harness.jobEnded(created.id)).toMatchObject({ status: 'done', applied: 2, refused: 1 });
    expect(outcomesOf(await harness.reportRows(created.id))).toEqual([
      [1, 'IT-K1', 'applied', null],
      [2, 'IT-K2', 'refused', 'price_invalid'],
      [3, 'IT-K3', 'applied', null],
    ]);
    expect(toDecimal(await contractPrice('IT-K1')).toFixed(4)).toBe('0.3425');
    expect(toDecimal(await contractPrice('IT-K3')).toFixed(4)).toBe('1.5000');
  });
});
