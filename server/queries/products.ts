import { type ExpressionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';
import { allergenCodesOf } from '../../src/domain/allergens';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import { fixedQuery } from '../db/fixed-query';
import type { Database, ProductsTable } from '../db/schema';
import { type CatalogueLanguage, currentRequestLanguage, FALLBACK_LANGUAGE } from '../i18n/request-language';
import { CatalogueMemo } from '../search/catalogue-version';
import { runningCampaignPrices } from './campaign-prices';
import { type PricedProductWire, type PriceViewer, priceForViewer } from './contract-prices';
import { moneyText, quantityText } from './decimals';
import { visibleToCompany } from './product-visibility';

/**
 * The product columns every product answer needs, with brand and category names. The category
 * name is in `language`, by default the language of the request being answered
 * (Accept-Language), then English, then the category's own column.
 */
export function selectProducts(db: Kysely<Database>, language: CatalogueLanguage = currentRequestLanguage()) {
  return db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('category_translations as ct', (join) =>
      join.onRef('ct.category_id', '=', 'c.id').on('ct.language', '=', language),
    )
    .leftJoin('category_translations as cte', (join) =>
      join.onRef('cte.category_id', '=', 'c.id').on('cte.language', '=', FALLBACK_LANGUAGE),
    )
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.price',
      'p.old_price',
      'p.tax_included',
      'p.tax_rate_percent',
      'p.deposit_price',
      'p.image_url',
      'p.stock_code',
      'p.barcode',
      'p.quantity_in_stock',
      'p.ingredients',
      'p.allergens',
      'b.id as brand_id',
      'b.name as brand_name',
      'c.id as category_id',
      sql<string>`coalesce(nullif(${sql.ref('ct.name')}, ''), nullif(${sql.ref('cte.name')}, ''), ${sql.ref('c.name')})`.as(
        'category_name',
      ),
    ]);
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/** The featured products the company may see, by id. */
export function featuredProductRows(db: Kysely<Database>, limit: number, companyId: number) {
  return selectProducts(db)
    .where('p.is_featured', '=', 1)
    .where(visibleToCompany(companyId))
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The newest products the company may see, newest first. */
export function newestProductRows(db: Kysely<Database>, limit: number, companyId: number) {
  return selectProducts(db)
    .where(visibleToCompany(companyId))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** One product's row; undefined when there is none or the company may not see it. */
export function productRowById(db: Kysely<Database>, id: number, companyId: number) {
  return selectProducts(db).where('p.id', '=', id).where(visibleToCompany(companyId)).executeTakeFirst();
}

export const productImagePath = (id: number) => `/media/products/${id}.svg`;

/**
 * Rows to productWire priced for `viewer` (contract-prices.ts): the customer's price, its steps and
 * the campaigns it is offered; every product answer a customer gets is made here.
 */
export async function toProductWires(
  db: Kysely<Database>,
  rows: readonly ProductRow[],
  now: Date,
  viewer: PriceViewer,
): Promise<PricedProductWire[]> {
  return priceForViewer(db, await listProductWires(db, rows, now), now, viewer);
}

/**
 * Rows to productWire at list prices, with each product's unit amounts fetched in one query. A
 * product in a running campaign at `now` carries its best campaign price (`campaign_id`,
 * `new_price`), so every product answer shows the one price the customer pays. The same for every
 * customer (a kept search answer), until `priceForViewer` prices it for one.
 */
export async function listProductWires(
  db: Kysely<Database>,
  rows: readonly ProductRow[],
  now: Date,
): Promise<ProductWire[]> {
  if (rows.length === 0) return [];
  const campaignPrices = await runningCampaignPrices(
    db,
    rows.map((row) => row.id),
    now,
  );
  const unitRows = await db
    .selectFrom('product_units')
    .select(['product_id', 'unit_id', 'amount'])
    .where(
      'product_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('product_id')
    .orderBy('unit_id')
    .execute();
  const unitsByProduct = new Map<number, { unit: number; amount: string }[]>();
  for (const unit of unitRows) {
    const list = unitsByProduct.get(unit.product_id) ?? [];
    list.push({ unit: unit.unit_id, amount: quantityText(unit.amount) });
    unitsByProduct.set(unit.product_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    // an image the supplier's import named by URL (its host belongs in IMAGE_ORIGIN), else the drawn one
    image: row.image_url === '' ? productImagePath(row.id) : row.image_url,
    brand: { id: row.brand_id, name: row.brand_name },
    category: { id: row.category_id, name: row.category_name },
    price: moneyText(row.price),
    old_price: row.old_price === null ? null : moneyText(row.old_price),
    tax_included: row.tax_included === 1,
    tax_rate_percent: moneyText(row.tax_rate_percent),
    deposit_price: moneyText(row.deposit_price),
    stock_code: row.stock_code,
    barcode: row.barcode,
    quantity_in_stock: Number(row.quantity_in_stock),
    unit_amounts: unitsByProduct.get(row.id) ?? [],
    ...campaignFields(campaignPrices.get(row.id)),
    ...foodInformationFields(row),
  }));
}

/** Only what the product declares: a product without either answers exactly as before both existed. */
function foodInformationFields(row: Pick<ProductRow, 'ingredients' | 'allergens'>) {
  const allergens = allergenCodesOf(row.allergens);
  return {
    ...(row.ingredients === '' ? {} : { ingredients: row.ingredients }),
    ...(allergens.length === 0 ? {} : { allergens }),
  };
}

function campaignFields(price: { campaignId: number; newPrice: string } | undefined) {
  return price ? { campaign_id: price.campaignId, new_price: price.newPrice } : {};
}

export interface ProductListFilter {
  category?: number | undefined;
  brand?: number | undefined;
  campaign?: number | undefined;
}

const listOrders = new CatalogueMemo<Int32Array>(64);

/**
 * The ids of a filtered product list in page order (name_key, id), kept in memory while the
 * catalogue version holds, so that the count is its length and page N is a slice: page 1,000
 * costs what page 1 costs, and neither counts nor skips rows in the database. Built by one scan
 * of the covering index (…, name_key, id) of the filter (4 bytes an id: 200 kB for 50,000).
 */
export function productListOrder(
  db: Kysely<Database>,
  version: string,
  filter: ProductListFilter,
): Promise<Int32Array> {
  const key = `${filter.category ?? ''}/${filter.brand ?? ''}/${filter.campaign ?? ''}`;
  return listOrders.get(db, version, key, async () => {
    const rows = await db
      .selectFrom('products as p')
      .select('p.id')
      .where(productListWhere(db, filter))
      .where('p.retired_at', 'is', null)
      .orderBy('p.name_key')
      .orderBy('p.id')
      .execute();
    return Int32Array.from(rows, (row) => row.id);
  });
}

const newestOrders = new CatalogueMemo<Int32Array>(1);

/**
 * Every product id, most recently added first (created_at, then id, both descending: the order of
 * /products/newest/), kept like productListOrder; a sorted results page keeps the ids it wants.
 */
export function newestProductOrder(db: Kysely<Database>, version: string): Promise<Int32Array> {
  return newestOrders.get(db, version, 'newest', async () => {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return Int32Array.from(rows, (row) => row.id);
  });
}

const productListWhere =
  (db: Kysely<Database>, { category, brand, campaign }: ProductListFilter) =>
  (eb: ExpressionBuilder<Database & { p: ProductsTable }, 'p'>) =>
    eb.and([
      ...(category === undefined ? [] : [eb('p.category_id', '=', category)]),
      ...(brand === undefined ? [] : [eb('p.brand_id', '=', brand)]),
      ...(campaign === undefined
        ? []
        : [
            eb(
              'p.id',
              'in',
              db.selectFrom('campaign_prices').select('product_id').where('campaign_id', '=', campaign),
            ),
          ]),
    ]);

/**
 * PostgreSQL: the ids as one array parameter, so the statement's text is the same for any number
 * of ids and is prepared once per connection (fixedQuery). Planning this five-table join took
 * about as long as running it (~1 ms each under load), and every kept search answer runs it once
 * a second. SQLite keeps its `in` list (its statements are kept per text already).
 */
const productRowsOfIdArray = fixedQuery(2, (db, ids: readonly number[], language: CatalogueLanguage) =>
  selectProducts(db, language)
    .where(sql<boolean>`${sql.ref('p.id')} = any(${ids})`)
    .where('p.retired_at', 'is', null),
);

/**
 * Product rows for `ids`, in the order of `ids` (ids not found are left out, and so are retired
 * products: retiring one does not change the catalogue version, so a kept list may still hold it).
 */
export async function productRowsInOrder(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await productRowsOfIdArray(db, ids, currentRequestLanguage())
      : await selectProducts(db)
          .where('p.id', 'in', [...ids])
          .where('p.retired_at', 'is', null)
          .execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}
