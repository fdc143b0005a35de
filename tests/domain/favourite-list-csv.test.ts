import { describe, expect, it } from 'vitest';
import {
  type FavouriteListCsvOptions,
  favouriteListCsv,
  priceInUnit,
} from '../../src/domain/favourite-list-csv';
import type { FavouriteListItem } from '../../src/domain/types';
import { aCampaignProduct, aFavouriteListItem, aProduct, units } from '../../src/test/builders';

const options: FavouriteListCsvOptions = {
  headers: {
    stockCode: 'Stock code',
    product: 'Product',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPrice: 'Unit price',
    stock: 'Stock',
  },
  decimalPlaces: 2,
  basis: 'net',
  units,
  noLongerSold: 'No longer sold',
  language: 'en',
};
const line = (overrides: Partial<FavouriteListItem>): FavouriteListItem =>
  aFavouriteListItem({ quantity: '1', unit: 1, ...overrides });
const rows = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('favouriteListCsv', () => {
  it('writes a header and one row per line, with a byte-order mark and CRLF', () => {
    const csv = favouriteListCsv(
      {
        items: [
          line({
            product: aProduct({
              stockCode: 'OIL-1',
              name: 'Sunflower oil',
              price: '1.10',
              quantityInStock: 24,
            }),
            quantity: '3.000',
          }),
        ],
      },
      options,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(rows(csv)).toEqual([
      'Stock code,Product,Quantity,Unit,Unit price,Stock',
      'OIL-1,Sunflower oil,3,pieces,1.10,24',
    ]);
  });

  it('prices one of the line’s unit exactly in decimals, on the customer’s basis', () => {
    // a box of 12 at 0.10 + 19 % VAT: 0.12 a piece (rounded to cents first, as shown), 1.44 a box — never 1.4280000001
    const product = aProduct({
      price: '0.10',
      taxRatePercent: '19',
      unitAmounts: [{ unit: 2, amount: '12' }],
    });
    expect(priceInUnit(product, 2, 'gross', units).toFixed(2)).toBe('1.44');
    const csv = favouriteListCsv(
      { items: [line({ product, unit: 2, quantity: '2' })] },
      { ...options, basis: 'gross' },
    );
    expect(rows(csv)[1]).toBe(`${product.stockCode},${product.name},2,boxes,1.44,${product.quantityInStock}`);
  });

  it('uses the running campaign’s price', () => {
    const csv = favouriteListCsv(
      { items: [line({ product: aCampaignProduct({ price: '10.00', newPrice: '8.00' }) })] },
      options,
    );
    expect(rows(csv)[1]).toContain(',8.00,');
  });

  it('neutralises every cell that a spreadsheet would run as a formula', () => {
    const product = aProduct({ stockCode: '=HYPERLINK("x")', name: '+SUM(A1:A2), @cmd' });
    const csv = favouriteListCsv({ items: [line({ product })] }, { ...options, units: null });
    // neutralised first, then quoted (the quote inside doubled)
    expect(rows(csv)[1]).toBe(
      `"'=HYPERLINK(""x"")","'+SUM(A1:A2), @cmd",1,,10.00,${product.quantityInStock}`,
    );
  });

  it('a line whose product is no longer sold keeps its quantity and says so', () => {
    const csv = favouriteListCsv({ items: [line({ product: null, quantity: '4', unit: 2 })] }, options);
    expect(rows(csv)[1]).toBe(',,4,boxes,,No longer sold');
  });

  it('writes numbers the way a German spreadsheet reads them: comma decimals, semicolon fields', () => {
    const product = aProduct({ stockCode: 'KÄ-1', name: 'Käse, jung', price: '1234.5', quantityInStock: 7 });
    const csv = favouriteListCsv(
      { items: [line({ product, quantity: '1.5' })] },
      { ...options, language: 'de', headers: { ...options.headers, unitPrice: 'Preis je Einheit' } },
    );
    expect(rows(csv)).toEqual([
      'Stock code;Product;Quantity;Unit;Preis je Einheit;Stock',
      'KÄ-1;Käse, jung;1,5;pieces;1234,50;7',
    ]);
  });

  it('keeps the decimal point and commas for English and quotes a cell holding the delimiter', () => {
    const product = aProduct({ stockCode: 'A;B', name: 'Oil', price: '2.5', quantityInStock: 1 });
    const csv = favouriteListCsv({ items: [line({ product, quantity: '1.5' })] }, options);
    expect(rows(csv)[1]).toBe('A;B,Oil,1.5,pieces,2.50,1');
  });
});

describe('favouriteListCsv without a stock figure', () => {
  it('leaves the stock cell empty (a backend that sends no figure), never writing "null"', () => {
    const product = aProduct({
      stockCode: 'OIL-1',
      name: 'Sunflower oil',
      price: '1.10',
      quantityInStock: null,
    });
    const csv = favouriteListCsv({ items: [line({ product, quantity: '3' })] }, options);
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')[1],
    ).toBe('OIL-1,Sunflower oil,3,pieces,1.10,');
  });
});
