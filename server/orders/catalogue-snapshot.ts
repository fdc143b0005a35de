import type { Kysely } from 'kysely';
import type { Product, Unit } from '../../src/domain/types';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import { toProduct } from '../../src/services/api/wire/catalog';
import type { Database } from '../db/schema';
import { moneyText } from '../queries/decimals';
import { selectProducts, toProductWires } from '../queries/products';

/** Bound parameters per statement: far below SQLite's and PostgreSQL's limits. */
export const ID_CHUNK = 500;

export function chunked<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export interface CatalogueEntry {
  wire: ProductWire;
  product: Product;
  warehouseId: number;
}

/** What checking and pricing order lines needs, read once per request. */
export interface CatalogueSnapshot {
  products: Map<number, CatalogueEntry>;
  units: Unit[];
  /** running campaigns only, keyed `${campaignId}:${productId}` → new price */
  campaignPrices: Map<string, string>;
}

export const campaignPriceKey = (campaignId: number, productId: number) => `${campaignId}:${productId}`;

export async function loadUnits(db: Kysely<Database>): Promise<Unit[]> {
  const rows = await db.selectFrom('units').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    base: row.base_id,
    name: row.name,
    namePlural: row.name_plural,
    isPrimary: row.is_primary === 1,
  }));
}

/** The products (with units and running campaign prices) that the given ids name; unknown ids are left out. */
export async function loadCatalogueSnapshot(
  db: Kysely<Database>,
  productIds: readonly number[],
  now: Date,
): Promise<CatalogueSnapshot> {
  const ids = [...new Set(productIds)];
  const products = new Map<number, CatalogueEntry>();
  const campaignPrices = new Map<string, string>();
  const instant = now.toISOString();
  for (const chunk of chunked(ids)) {
    const rows = await selectProducts(db).select('p.warehouse_id').where('p.id', 'in', chunk).execute();
    const wires = await toProductWires(db, rows);
    rows.forEach((row, index) => {
      const wire = wires[index];
      if (wire) products.set(row.id, { wire, product: toProduct(wire), warehouseId: row.warehouse_id });
    });
    const prices = await db
      .selectFrom('campaign_prices as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .select(['cp.campaign_id', 'cp.product_id', 'cp.new_price'])
      .where('cp.product_id', 'in', chunk)
      .where('c.starts_at', '<=', instant)
      .where('c.ends_at', '>=', instant)
      .execute();
    for (const price of prices)
      campaignPrices.set(campaignPriceKey(price.campaign_id, price.product_id), moneyText(price.new_price));
  }
  return { products, units: await loadUnits(db), campaignPrices };
}

/** Runs one query per chunk of values and joins the rows, so no statement exceeds the parameter limits. */
export async function inChunks<Item, Row>(
  items: readonly Item[],
  load: (chunk: Item[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const chunk of chunked(items)) rows.push(...(await load(chunk)));
  return rows;
}
