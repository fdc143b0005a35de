import { describe, expect, it } from 'vitest';
import { type ProductCsvOptions, productListCsv } from '../../src/domain/product-csv';
import { aCampaignProduct, aProduct } from '../../src/test/builders';

const headers = {
  stockCode: 'Code',
  barcode: 'Barcode',
  name: 'Name',
  brand: 'Brand',
  category: 'Category',
  price: 'Price',
  oldPrice: 'Old price',
  inStock: 'In stock',
};
const options = (language: string, overrides: Partial<ProductCsvOptions> = {}): ProductCsvOptions => ({
  headers,
  decimalPlaces: 2,
  basis: 'net',
  language,
  ...overrides,
});
const rows = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

// A price above a thousand, one with a half cent (half to even), a campaign's struck-through price, a
// name holding both delimiters.
const products = [
  aProduct({ stockCode: 'OIL-1', name: 'Sunflower oil; 1 l, tin', price: '1234.5', quantityInStock: 7 }),
  aProduct({ id: 2, stockCode: 'TEA-2', name: 'Çay', price: '0.125', quantityInStock: 40 }),
  aCampaignProduct({ id: 3, stockCode: 'GOU-3', name: 'Käse Gouda', price: '4.80', newPrice: '3.90' }),
];

describe('productListCsv: prices in the language of the file', () => {
  it('English: a decimal point, comma-separated fields, no thousands separator or currency', () => {
    expect(rows(productListCsv(products, options('en')))).toEqual([
      'Code,Barcode,Name,Brand,Category,Price,Old price,In stock',
      'OIL-1,4000000000001,"Sunflower oil; 1 l, tin",Brand,Oils,1234.50,,7',
      'TEA-2,4000000000001,Çay,Brand,Oils,0.12,,40',
      'GOU-3,4000000000001,Käse Gouda,Brand,Oils,3.90,4.80,100',
    ]);
  });

  it('German: a decimal comma and semicolon-separated fields, as Excel reads them there', () => {
    expect(rows(productListCsv(products, options('de')))).toEqual([
      'Code;Barcode;Name;Brand;Category;Price;Old price;In stock',
      'OIL-1;4000000000001;"Sunflower oil; 1 l, tin";Brand;Oils;1234,50;;7',
      'TEA-2;4000000000001;Çay;Brand;Oils;0,12;;40',
      'GOU-3;4000000000001;Käse Gouda;Brand;Oils;3,90;4,80;100',
    ]);
  });

  it('Turkish: a decimal comma too, the amount alone (the symbol after it belongs to the screen only)', () => {
    expect(rows(productListCsv(products, options('tr-TR')))).toEqual([
      'Code;Barcode;Name;Brand;Category;Price;Old price;In stock',
      'OIL-1;4000000000001;"Sunflower oil; 1 l, tin";Brand;Oils;1234,50;;7',
      'TEA-2;4000000000001;Çay;Brand;Oils;0,12;;40',
      'GOU-3;4000000000001;Käse Gouda;Brand;Oils;3,90;4,80;100',
    ]);
  });

  it('every language: the decimal separator of the app, never a grouping, a ";" exactly where it is a comma', () => {
    const expected = { en: '.', ar: '.', tr: ',', de: ',', es: ',', fr: ',', it: ',', nn: ',', sv: ',' };
    for (const [language, separator] of Object.entries(expected)) {
      const [header = '', first = ''] = rows(
        productListCsv([aProduct({ price: '98765.4' })], options(language)),
      );
      const delimiter = separator === ',' ? ';' : ',';
      expect(header.split(delimiter)).toHaveLength(8);
      expect(first.split(delimiter)[5]).toBe(`98765${separator}40`);
    }
  });

  it('an unknown language writes as English does', () => {
    expect(productListCsv(products, options('xx'))).toBe(productListCsv(products, options('en')));
  });

  it('rounds to the configured places with the app rule, the separator kept', () => {
    const [, row = ''] = rows(
      productListCsv([aProduct({ price: '2.34' })], options('de', { decimalPlaces: 3 })),
    );
    expect(row.split(';')[5]).toBe('2,340');
    const [, none = ''] = rows(
      productListCsv([aProduct({ price: '2.5' })], options('de', { decimalPlaces: 0 })),
    );
    // half to even, as every amount of the app
    expect(none.split(';')[5]).toBe('2');
  });

  it('keeps the byte-order mark and CRLF line ends', () => {
    const csv = productListCsv(products, options('de'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
