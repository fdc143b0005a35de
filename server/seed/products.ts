import type { Insertable } from 'kysely';
import { ExactDecimal } from '../../src/domain/decimal';
import type { ProductSearchTokensTable, ProductsTable, ProductUnitsTable } from '../db/schema';
import { compactCode, nameKey, searchTokens } from '../search/fold-text';
import {
  boxSizes,
  brandNames,
  type CategorySource,
  categorySources,
  type ItemTemplate,
} from './catalogue-source';
import { pick, seededRandom } from './random';
import { unitIds } from './units';

export const warehouseIds = { hamburgCentral: 1, hamburgColdStore: 2, cologneDepot: 3 } as const;

interface Variant {
  category: CategorySource;
  item: ItemTemplate;
  sizeIndex: number;
  brandId: number;
}

/**
 * Every (item, size, brand) of a category, the categories interleaved so that the first few
 * hundred products already cover the whole range.
 */
function interleavedVariants(): Variant[] {
  // Within a category: every item in its first size from the first brand, then from the next
  // brand, then the next sizes, so even a small seed has every item of the range.
  const perCategory = categorySources.map((category) => {
    const variants = category.items.flatMap((item, itemIndex) =>
      item.sizes.flatMap((_, sizeIndex) =>
        category.brandIds.map((brandId, brandIndex) => ({
          category,
          item,
          sizeIndex,
          brandId,
          itemIndex,
          brandIndex,
        })),
      ),
    );
    return variants.sort(
      (a, b) => a.sizeIndex - b.sizeIndex || a.brandIndex - b.brandIndex || a.itemIndex - b.itemIndex,
    );
  });
  const longest = Math.max(...perCategory.map((list) => list.length));
  const variants: Variant[] = [];
  for (let position = 0; position < longest; position += 1) {
    for (const list of perCategory) {
      const variant = list[position];
      if (variant) variants.push(variant);
    }
  }
  return variants;
}

// Later rounds through the range are product lines of the same brands.
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
const lineName = (round: number) => lineNames[round] ?? `Edition ${round}`;

/** A valid EAN-13 (the check digit computed from the first twelve digits). */
export function ean13(first12: string): string {
  const sum = [...first12].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3),
    0,
  );
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/**
 * The GTIN-14 of a case of a product whose piece carries `ean`: an indicator digit (1 for the box, 2
 * for the pallet), the piece code without its check digit, and a new check digit (weights 3, 1, 3, …
 * from the right).
 */
export function caseGtin(indicator: 1 | 2, ean: string): string {
  const first13 = `${indicator}${ean.slice(0, 12)}`;
  const sum = [...first13].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1),
    0,
  );
  return `${first13}${(10 - (sum % 10)) % 10}`;
}

const sizeFactors = [1, 2.6, 6.5];

export interface SeededProducts {
  products: Insertable<ProductsTable>[];
  units: Insertable<ProductUnitsTable>[];
  tokens: Insertable<ProductSearchTokensTable>[];
}

export function buildProducts(count: number, now: Date): SeededProducts {
  const variants = interleavedVariants();
  const products: Insertable<ProductsTable>[] = [];
  const units: Insertable<ProductUnitsTable>[] = [];
  const tokens: Insertable<ProductSearchTokensTable>[] = [];

  for (let index = 0; index < count; index += 1) {
    const variant = variants[index % variants.length];
    if (!variant) throw new Error('the catalogue source is empty');
    const { category, item, sizeIndex, brandId } = variant;
    const random = seededRandom(index + 1);
    const id = index + 1;
    const brand = brandNames[brandId - 1] ?? '';
    const size = item.sizes[sizeIndex] ?? '';
    const name = [brand, lineName(Math.floor(index / variants.length)), item.name, size]
      .filter(Boolean)
      .join(' ');
    const stockCode = `${category.code}-${String(id).padStart(5, '0')}`;
    const barcode = ean13(`40${String(id).padStart(10, '0')}`);

    const price = new ExactDecimal(item.basePrice)
      .times(sizeFactors[sizeIndex] ?? 1)
      .times(0.85 + random() * 0.3)
      .toDecimalPlaces(2, ExactDecimal.ROUND_HALF_UP);
    const oldPrice =
      index % 7 === 2 ? price.times(1.2).toDecimalPlaces(2, ExactDecimal.ROUND_HALF_UP).toFixed(2) : null;
    const warehouseId =
      category.warehouse === 'cold'
        ? warehouseIds.hamburgColdStore
        : index % 3 === 0
          ? warehouseIds.cologneDepot
          : warehouseIds.hamburgCentral;
    const isGoods = category.taxRatePercent === '19.00' && category.depositPrice === '0.00';

    products.push({
      id,
      name,
      name_key: nameKey(name),
      description: `${item.name}, ${size}, from ${brand}. ${category.blurb}`,
      brand_id: brandId,
      category_id: category.id,
      warehouse_id: warehouseId,
      price: price.toFixed(2),
      old_price: oldPrice,
      tax_included: isGoods ? 0 : 1,
      tax_rate_percent: category.taxRatePercent,
      deposit_price: category.depositPrice,
      stock_code: stockCode,
      stock_code_key: compactCode(stockCode),
      barcode,
      quantity_in_stock: index % 11 === 4 ? 0 : 24 + Math.floor(random() * 4000),
      is_featured: index % 23 === 3 ? 1 : 0,
      // Spread over the past so that "newest" has a stable, meaningful order.
      created_at: new Date(now.getTime() - (count - index) * 37 * 60_000).toISOString(),
      // the supplier's key, as its ERP would send it in a products import
      external_id: stockCode,
    });

    const perBox = pick(boxSizes, random);
    const perPallet = pick([40, 60, 80], random);
    const chain =
      category.unitChain === 'bottle'
        ? [unitIds.bottle, unitIds.crate, unitIds.palletOfCrates]
        : [unitIds.piece, unitIds.box, unitIds.palletOfBoxes];
    units.push(
      { product_id: id, unit_id: chain[0] ?? unitIds.piece, amount: '1', gtin: barcode },
      {
        product_id: id,
        unit_id: chain[1] ?? unitIds.box,
        amount: String(perBox),
        gtin: caseGtin(1, barcode),
      },
      {
        product_id: id,
        unit_id: chain[2] ?? unitIds.palletOfBoxes,
        amount: String(perPallet),
        gtin: caseGtin(2, barcode),
      },
    );
    for (const token of searchTokens({ name, stockCode, barcode })) tokens.push({ token, product_id: id });
  }
  return { products, units, tokens };
}
