// Edges: takes products (prices as decimal strings) and header texts, returns the CSV text.
import Decimal from 'decimal.js';
import { formatCsvField } from './csv-cell';
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

/**
 * The product list of a catalog page as CSV (spec point 2, catalog detail): one row per product with
 * the price per primary unit on the customer's basis, as the screen shows it (decision 005), rounded half-even to the configured decimal places,
 * with a plain decimal point so any spreadsheet reads the numbers. Starts with a byte-order mark so Excel opens UTF-8 names (Käse, Çay) correctly; CRLF line ends.
 */
export function productListCsv(
  products: readonly (Product | CampaignProduct)[],
  headers: ProductCsvHeaders,
  decimalPlaces: number,
  basis: PriceBasis,
): string {
  const amount = (value: Decimal) =>
    value.toDecimalPlaces(decimalPlaces, Decimal.ROUND_HALF_EVEN).toFixed(decimalPlaces);
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
      prices ? amount(prices.current) : '',
      prices?.old ? amount(prices.old) : '',
      product.quantityInStock === null ? '' : String(product.quantityInStock),
    ];
  });
  const lines = [header, ...rows].map((cells) => cells.map((cell) => formatCsvField(cell)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
