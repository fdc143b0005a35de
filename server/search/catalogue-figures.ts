import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { currentFiguresGeneration, isFresh } from './search-answers';

/**
 * Stock and charged prices of the whole catalogue, for the results page's "in stock only" filter
 * and its price order. Neither is part of the catalogue version (orders take stock, campaigns
 * start and end with the clock), so a snapshot is read anew once it is a second old, like a kept
 * search answer: the rows of a page still show the stock and price read for that page; only which
 * rows are listed, and in which order, may lag a second behind. One read of the catalogue a second
 * at most, shared by every filter and query, instead of a scan per request.
 */
export interface CatalogueFigures {
  /** changes with every new snapshot: part of the keys of lists derived from it */
  readonly stamp: number;
  readonly inStock: ReadonlySet<number>;
  /**
   * the best running campaign price, else the list price: the same for every customer, so it only
   * orders results (a contract customer's prices are applied to the page's rows, never kept here)
   */
  readonly chargedPrice: ReadonlyMap<number, number>;
  /** the best running campaign price of each product in one, for ordering a contract customer's list */
  readonly campaignPrice: ReadonlyMap<number, number>;
}

type Kept = { at: number; version: string; generation: number; figures: Promise<CatalogueFigures> };

const keptByDatabase = new WeakMap<Kysely<Database>, Kept>();
let stamps = 0;

export function catalogueFigures(
  db: Kysely<Database>,
  version: string,
  now: Date,
): Promise<CatalogueFigures> {
  const at = now.getTime();
  const known = keptByDatabase.get(db);
  const generation = currentFiguresGeneration();
  // A new version may have added products the kept snapshot does not know; an order placed here
  // (a new generation) took stock, and "in stock only" must not list what it just sold out.
  if (isFresh(known, version, at)) return known.figures;
  const kept: Kept = { at, version, generation, figures: readFigures(db, now) };
  keptByDatabase.set(db, kept);
  kept.figures.catch(() => {
    if (keptByDatabase.get(db) === kept) keptByDatabase.delete(db);
  });
  return kept.figures;
}

async function readFigures(db: Kysely<Database>, now: Date): Promise<CatalogueFigures> {
  const instant = now.toISOString();
  const [products, campaignPrices] = await Promise.all([
    db.selectFrom('products').select(['id', 'price', 'quantity_in_stock']).execute(),
    db
      .selectFrom('campaign_prices as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .select(['cp.product_id', 'cp.new_price'])
      .where('c.starts_at', '<=', instant)
      .where('c.ends_at', '>=', instant)
      .execute(),
  ]);
  // Numbers only order here, never count money: prices have at most a few decimals and far fewer
  // than 15 digits, so distinct decimals stay distinct and in order as doubles.
  const chargedPrice = new Map<number, number>();
  const inStock = new Set<number>();
  for (const row of products) {
    chargedPrice.set(row.id, Number(row.price));
    if (Number(row.quantity_in_stock) > 0) inStock.add(row.id);
  }
  // The best running campaign price is the lowest (bestCampaignPrice), and it is what is charged
  // even where it is above the list price.
  const best = new Map<number, number>();
  for (const row of campaignPrices) {
    const price = Number(row.new_price);
    best.set(row.product_id, Math.min(price, best.get(row.product_id) ?? Number.POSITIVE_INFINITY));
  }
  for (const [id, price] of best) if (chargedPrice.has(id)) chargedPrice.set(id, price);
  stamps += 1;
  return { stamp: stamps, inStock, chargedPrice, campaignPrice: best };
}
