import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { brandNames, categorySources } from '../../server/seed/catalogue-source';
import { caseGtin, ean13 } from '../../server/seed/products';
import { formatCsvField } from '../../src/domain/csv-cell';
import { ExactDecimal } from '../../src/domain/decimal';

// The benchmark's files, written a line at a time to a temporary file (a 1,000,000-row price list is
// never one string), from the seed's vocabulary so the search words are a wholesaler's words.

/** Writes lines to `path`, waiting whenever the stream's buffer is full; answers the bytes written. */
export async function writeLines(path: string, lines: Iterable<string>): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  for (const line of lines) {
    const text = `${line}\n`;
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}

const csvLine = (fields: readonly string[]) => fields.map((field) => formatCsvField(field)).join(',');

const lineNames = [
  '',
  'Bio',
  'Premium',
  'Gastro',
  'Classic',
  'Family',
  'Extra',
  'Light',
  'Traditionell',
  'Öko',
];
const sizeFactors = [1, 2.6, 6.5];

interface BenchProduct {
  id: string;
  name: string;
  brand: string;
  categoryId: number;
  warehouseId: number;
  /** the list price, two places */
  price: string;
  taxRatePercent: string;
  depositPrice: string;
  barcode: string;
  /** unit names, piece → box → pallet (or bottle → crate → pallet) */
  units: readonly [string, string, string];
  perBox: number;
  perPallet: number;
}

/** The product at `index`, the same every time it is asked for (the price list names its ids and prices). */
export function benchProduct(index: number): BenchProduct {
  const category = categorySources[index % categorySources.length];
  if (!category) throw new Error('the catalogue source is empty');
  let round = Math.floor(index / categorySources.length);
  const item = category.items[round % category.items.length];
  round = Math.floor(round / category.items.length);
  const brandId = category.brandIds[round % category.brandIds.length] ?? 1;
  round = Math.floor(round / category.brandIds.length);
  if (!item) throw new Error(`category ${category.name} has no items`);
  const sizeIndex = round % item.sizes.length;
  const line = Math.floor(round / item.sizes.length);
  const brand = brandNames[brandId - 1] ?? 'Brand';
  const name = [brand, lineNames[line] ?? `Edition ${line}`, item.name, item.sizes[sizeIndex] ?? '']
    .filter(Boolean)
    .join(' ');
  const price = new ExactDecimal(item.basePrice)
    .times(sizeFactors[sizeIndex] ?? 1)
    .times(0.85 + ((index * 7919) % 300) / 1000)
    .toDecimalPlaces(2, ExactDecimal.ROUND_HALF_UP);
  const bottles = category.unitChain === 'bottle';
  return {
    id: `B-${String(index).padStart(7, '0')}`,
    name,
    brand,
    categoryId: category.id,
    // seed warehouses: 1 Hamburg Central, 2 Hamburg Cold Store, 3 Köln Depot
    warehouseId: category.warehouse === 'cold' ? 2 : index % 3 === 0 ? 3 : 1,
    price: price.toFixed(2),
    taxRatePercent: category.taxRatePercent,
    depositPrice: category.depositPrice,
    // '41…': clear of the seed's own '40…' codes
    barcode: ean13(`41${String(index).padStart(10, '0')}`),
    units: bottles ? ['bottle', 'crate', 'pallet'] : ['piece', 'box', 'pallet'],
    perBox: [6, 10, 12, 20, 24][index % 5] ?? 12,
    perPallet: [40, 60, 80][index % 3] ?? 60,
  };
}

export function* productLines(count: number): Generator<string> {
  yield csvLine([
    'id',
    'name',
    'brand',
    'category',
    'warehouse',
    'price',
    'tax_rate_percent',
    'deposit_price',
    'barcode',
    'quantity_in_stock',
    'unit_1',
    'unit_1_amount',
    'unit_1_gtin',
    'unit_2',
    'unit_2_amount',
    'unit_2_gtin',
    'unit_3',
    'unit_3_amount',
    'unit_3_gtin',
    'allergens',
  ]);
  for (let index = 0; index < count; index += 1) {
    const p = benchProduct(index);
    yield csvLine([
      p.id,
      p.name,
      p.brand,
      String(p.categoryId),
      String(p.warehouseId),
      p.price,
      p.taxRatePercent,
      p.depositPrice,
      p.barcode,
      String(24 + ((index * 131) % 4000)),
      p.units[0],
      '1',
      p.barcode,
      p.units[1],
      String(p.perBox),
      caseGtin(1, p.barcode),
      p.units[2],
      String(p.perPallet),
      caseGtin(2, p.barcode),
      index % 4 === 0 ? 'milk|eggs' : '',
    ]);
  }
}

export const CUSTOMERS = 1000;
export const GROUPS = 10;
/** Volume step of the tiered rows, in primary units */
export const TIER_FROM = 24;
export const customerId = (customer: number) => `BENCH-${String(customer).padStart(4, '0')}`;
export const groupId = (group: number) => `BENCH-G${group}`;
/** A customer's group: every customer is in one of the ten. */
export const groupOf = (customer: number) => customer % GROUPS;

/** The k-th product of every customer's price list, spread over the whole catalogue. */
export const pricedProductIndex = (k: number, perCustomer: number, products: number) =>
  Math.floor((k * products) / perCustomer);

const discounted = (listPrice: string, percent: number) =>
  new ExactDecimal(listPrice)
    .times(1 - percent / 100)
    .toDecimalPlaces(4, ExactDecimal.ROUND_HALF_UP)
    .toFixed(4);

/**
 * `CUSTOMERS × perCustomer` price rows. Customer c, price k: its own price of product k at 1, except
 * every fifth slot, which is a volume step (from TIER_FROM) on the product before; every hundredth
 * customer's slots are its group's prices instead (ten groups × perCustomer). Some rows carry a
 * validity. So a customer has `perCustomer` rules of its own and its group's.
 */
export function* priceLines(perCustomer: number, products: number): Generator<string> {
  yield csvLine([
    'id',
    'product',
    'customer',
    'customer_group',
    'min_quantity',
    'price',
    'valid_from',
    'valid_to',
  ]);
  for (let customer = 0; customer < CUSTOMERS; customer += 1) {
    const group = customer % 100 === 99 ? Math.floor(customer / 100) : null;
    for (let k = 0; k < perCustomer; k += 1) {
      if (group !== null) {
        const product = benchProduct(pricedProductIndex(k, perCustomer, products));
        yield csvLine([
          `G-${group}-${k}`,
          product.id,
          '',
          groupId(group),
          '1',
          discounted(product.price, 5),
          '',
          '',
        ]);
        continue;
      }
      const tier = k % 5 === 4;
      const slot = tier ? k - 1 : k;
      const product = benchProduct(pricedProductIndex(slot, perCustomer, products));
      const percent = 8 + ((customer + k) % 9) + (tier ? 6 : 0);
      const validity = k % 7 === 0 ? ['2026-01-01', '2027-12-31'] : ['', ''];
      yield csvLine([
        tier ? `C-${customer}-${slot}-${TIER_FROM}` : `C-${customer}-${slot}`,
        product.id,
        customerId(customer),
        '',
        tier ? String(TIER_FROM) : '1',
        discounted(product.price, percent),
        ...validity,
      ]);
    }
  }
}
