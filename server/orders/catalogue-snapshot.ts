import type { Kysely } from 'kysely';
import type { RunningCampaignPrice } from '../../src/domain/pricing';
import type { CampaignProduct, Product, Unit } from '../../src/domain/types';
import { toProduct } from '../../src/services/api/wire/catalog';
import type { Database } from '../db/schema';
import { type PricedProductWire, type PriceViewer, tiersOfWire } from '../queries/contract-prices';
import { unavailableProductIds } from '../queries/product-visibility';
import { selectProducts, toProductWires } from '../queries/products';

/** Bound parameters per statement: far below SQLite's and PostgreSQL's limits. */
export const ID_CHUNK = 500;

export function chunked<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export interface CatalogueEntry {
  /** as product answers carry it: priced for the viewer, with the campaign offered to it, if any */
  wire: PricedProductWire;
  /**
   * the campaign product when a campaign is offered at the snapshot's instant, else the plain
   * product; with the viewer's price steps, so each line is priced at its primary units
   */
  product: Product | CampaignProduct;
  /** the best running campaign price (lowest; the older campaign on a tie), or null */
  campaign: RunningCampaignPrice | null;
  warehouseId: number;
}

/** What checking and pricing order lines needs, read once per request. */
export interface CatalogueSnapshot {
  products: Map<number, CatalogueEntry>;
  units: Unit[];
  /**
   * products the viewer may not see or order (retired, outside its assortments): not in
   * `products`, and refused as `product_not_available` rather than as unknown
   */
  unavailable?: ReadonlySet<number>;
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
 * The products (with units, priced for `viewer` at `now` as its product answers are) that the
 * given ids name; unknown ids are left out.
 */
export async function loadCatalogueSnapshot(
  db: Kysely<Database>,
  productIds: readonly number[],
  now: Date,
  viewer: PriceViewer,
): Promise<CatalogueSnapshot> {
  // Without a viewer (stock given back) every product counts, as an order once took it.
  const unavailable =
    viewer === null ? new Set<number>() : await unavailableProductIds(db, viewer.companyId, productIds);
  const ids = [...new Set(productIds)].filter((id) => !unavailable.has(id));
  const products = new Map<number, CatalogueEntry>();
  for (const chunk of chunked(ids)) {
    const rows = await selectProducts(db).select('p.warehouse_id').where('p.id', 'in', chunk).execute();
    const wires = await toProductWires(db, rows, now, viewer);
    rows.forEach((row, index) => {
      const wire = wires[index];
      if (!wire) return;
      const campaign =
        wire.campaign_id !== undefined && wire.new_price !== undefined && wire.new_price !== null
          ? { campaignId: wire.campaign_id, newPrice: wire.new_price }
          : null;
      const tiers = tiersOfWire(wire);
      const product = { ...toProduct(wire), ...(tiers === undefined ? {} : { priceTiers: tiers }) };
      products.set(row.id, { wire, product, campaign, warehouseId: row.warehouse_id });
    });
  }
  return { products, units: await loadUnits(db), unavailable };
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
