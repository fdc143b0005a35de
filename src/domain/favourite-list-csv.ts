// Edges: takes a favourite list (prices as decimal strings), units and header texts, returns the CSV text.
import Decimal from 'decimal.js';
import { formatCsvField } from './csv-cell';
import { csvAmount, csvNumberFormatFor } from './csv-number-format';
import { type PriceBasis, shownPrices } from './pricing';
import type { CampaignProduct, FavouriteList, FavouriteListItem, Product, Unit } from './types';
import { unitDisplayName, unitMultiplier } from './units';

export interface FavouriteListCsvHeaders {
  stockCode: string;
  product: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  stock: string;
}

export interface FavouriteListCsvOptions {
  headers: FavouriteListCsvHeaders;
  decimalPlaces: number;
  basis: PriceBasis;
  /** the units resource; null while unknown (the unit column is empty, prices per primary unit) */
  units: readonly Unit[] | null;
  /** the stock cell of a line whose product is no longer sold */
  noLongerSold: string;
  /** the interface language: the file's decimal separator and field delimiter */
  language: string;
}

/**
 * The price of one of the line's unit on the customer's basis (a box of 12 at 1.50 a piece is 18.00):
 * the shown price per primary unit times the unit's size. Per primary unit when the units are unknown
 * or the product's unit chain cannot be read.
 */
export function priceInUnit(
  product: Product | CampaignProduct,
  unitId: number,
  basis: PriceBasis,
  units: readonly Unit[] | null,
): Decimal {
  const perPrimary = shownPrices(product, basis).current;
  if (!units) return perPrimary;
  try {
    return perPrimary.times(unitMultiplier(product, unitId, units));
  } catch {
    return perPrimary;
  }
}

/** The name of the line's unit for its quantity (1 box, 2 boxes), or '' when the unit is unknown. */
export function lineUnitName(
  item: Pick<FavouriteListItem, 'quantity' | 'unit'>,
  units: readonly Unit[] | null,
  language: string,
) {
  const unit = units?.find((candidate) => candidate.id === item.unit);
  return unit ? unitDisplayName(unit, item.quantity, language) : '';
}

/**
 * A favourite list as CSV: one row per line in the list's order with its stock code, name,
 * preferred quantity and unit, the price of one such unit on the customer's one basis, and the stock.
 * Every cell is neutralised against formula injection (a product name starting with = stays text).
 * Same file shape as the catalogue export: byte-order mark for Excel, CRLF line ends, numbers with the
 * language's decimal separator and ';' between fields where that separator is a comma.
 */
export function favouriteListCsv(
  list: Pick<FavouriteList, 'items'>,
  options: FavouriteListCsvOptions,
): string {
  const { headers, decimalPlaces, basis, units } = options;
  const format = csvNumberFormatFor(options.language);
  const amount = (value: Decimal) => csvAmount(value, decimalPlaces, format);
  const header = [
    headers.stockCode,
    headers.product,
    headers.quantity,
    headers.unit,
    headers.unitPrice,
    headers.stock,
  ];
  const rows = list.items.map((item) => {
    const quantity = new Decimal(item.quantity).toString().replace('.', format.decimalSeparator);
    const unitName = lineUnitName(item, units, options.language);
    if (!item.product) return ['', '', quantity, unitName, '', options.noLongerSold];
    return [
      item.product.stockCode,
      item.product.name,
      quantity,
      unitName,
      amount(priceInUnit(item.product, item.unit, basis, units)),
      // no stock figure (demo account, or a backend that sends none): an empty cell, not "null"
      item.product.quantityInStock === null ? '' : String(item.product.quantityInStock),
    ];
  });
  const lines = [header, ...rows].map((cells) =>
    cells.map((cell) => formatCsvField(cell, format.delimiter)).join(format.delimiter),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
