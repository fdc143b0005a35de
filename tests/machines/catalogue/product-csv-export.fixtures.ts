import type { ProductCsvExportEvent } from '../../../src/machines/catalogue/product-csv-export.machine';

/** Column titles as a view would have translated them. */
export const headers = {
  stockCode: 'Stock code',
  barcode: 'Barcode',
  name: 'Name',
  brand: 'Brand',
  category: 'Category',
  price: 'Price',
  oldPrice: 'Old price',
  inStock: 'In stock',
};

/** The customer's "Save as CSV" on the Alpenhof brand page. */
export const requested = {
  type: 'csvExport.requested',
  fileName: 'Alpenhof',
  headers,
  decimalPlaces: 2,
  basis: 'net',
  language: 'de',
} as const satisfies ProductCsvExportEvent;
