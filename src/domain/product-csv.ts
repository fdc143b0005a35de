// Edges: takes products (prices as decimal strings), header texts and the reader's language, returns the CSV text.
import { formatCsvField } from './csv-cell';
import { csvAmount, csvNumberFormatFor } from './csv-number-format';
import { hasFigures, type PriceBasis, shownPrices } from './pricing';
import type { CampaignProduct, Product } from './types';

export interface ProductCsvHeaders {
  stockCode: string;
  barcode: string;
  name: string;
  brand: string;
  category: string;
  price: string;
  oldPrice: string;
  inStock: string;
}

export interface ProductCsvOptions {
  /** column titles, translated by the view */
  headers: ProductCsvHeaders;
  /** `modules.netb2b.money_decimal_places` from the configuration */
  decimalPlaces: number;
  basis: PriceBasis;
  /** the interface language: the file's decimal separator and delimiter */
  language: string;
}

/**
 * The product list of a catalog page as CSV (spec point 2, catalog detail): one row per product with
 * the price per primary unit on the customer's basis, as the screen shows it (decision 005), rounded
 * half-even to the configured decimal places. Numbers are written for the reader's language
 * (`csvNumberFormatFor`): its decimal separator, and ';' between fields where that is a comma, so a
 * spreadsheet in that language reads the prices as numbers. Starts with a byte-order mark so Excel
 * opens UTF-8 names (Käse, Çay) correctly; CRLF line ends.
 */
export function productListCsv(
  products: readonly (Product | CampaignProduct)[],
  { headers, decimalPlaces, basis, language }: ProductCsvOptions,
): string {
  const format = csvNumberFormatFor(language);
  const header = [
    headers.stockCode,
    headers.barcode,
    headers.name,
    headers.brand,
    headers.category,
    headers.price,
    headers.oldPrice,
    headers.inStock,
  ];
  const rows = products.map((product) => {
    // A demo account's products carry no prices or stock (spec point 6): those cells stay empty.
    const prices = hasFigures(product) ? shownPrices(product, basis) : null;
    return [
      product.stockCode,
      product.barcode,
      product.name,
      product.brand.name,
      product.category.name,
      prices ? csvAmount(prices.current, decimalPlaces, format) : '',
      prices?.old ? csvAmount(prices.old, decimalPlaces, format) : '',
      product.quantityInStock === null ? '' : String(product.quantityInStock),
    ];
  });
  const lines = [header, ...rows].map((cells) =>
    cells.map((cell) => formatCsvField(cell, format.delimiter)).join(format.delimiter),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
