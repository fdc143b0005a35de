import type { Kysely } from 'kysely';
import type { RunningCampaignPrice } from '../../src/domain/pricing';
import type { CampaignProduct, Product, Unit } from '../../src/domain/types';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import { toProduct } from '../../src/services/api/wire/catalog';
import type { Database } from '../db/schema';
import { selectProducts, toProductWires } from '../queries/products';

/** Bound parameters per statement: far below SQLite's and PostgreSQL's limits. */
export const ID_CHUNK = 500;

export function chunked<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export interface CatalogueEntry {
  /** as product answers carry it: with the best running campaign price, if any */
  wire: ProductWire;
  /** the campaign product when a campaign runs for it at the snapshot's instant, else the plain product */
  product: Product | CampaignProduct;
  /** the best running campaign price (lowest; the older campaign on a tie), or null */
  campaign: RunningCampaignPrice | null;
  warehouseId: number;
}

/** What checking and pricing order lines needs, read once per request. */
export interface CatalogueSnapshot {
  products: Map<number, CatalogueEntry>;
  units: Unit[];
}

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

/**
 * The products (with units and each one's best running campaign price at `now`) that the given ids
 * name; unknown ids are left out.
 */
export async function loadCatalogueSnapshot(
  db: Kysely<Database>,
  productIds: readonly number[],
  now: Date,
): Promise<CatalogueSnapshot> {
  const ids = [...new Set(productIds)];
  const products = new Map<number, CatalogueEntry>();
  for (const chunk of chunked(ids)) {
    const rows = await selectProducts(db).select('p.warehouse_id').where('p.id', 'in', chunk).execute();
    const wires = await toProductWires(db, rows, now);
    rows.forEach((row, index) => {
      const wire = wires[index];
      if (!wire) return;
      const campaign =
        wire.campaign_id !== undefined && wire.new_price !== undefined && wire.new_price !== null
          ? { campaignId: wire.campaign_id, newPrice: wire.new_price }
          : null;
      products.set(row.id, { wire, product: toProduct(wire), campaign, warehouseId: row.warehouse_id });
    });
  }
  return { products, units: await loadUnits(db) };
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
