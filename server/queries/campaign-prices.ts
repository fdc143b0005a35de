import type { Kysely } from 'kysely';
import { bestCampaignPrice, type RunningCampaignPrice } from '../../src/domain/pricing';
import type { Database } from '../db/schema';
import { moneyText } from './decimals';

/** Bound parameters per statement: far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

/**
 * The one campaign price each product is sold at now: among the campaigns running at
 * `now` (started, not ended) that price the product, the lowest price, the older campaign on a
 * tie (`bestCampaignPrice`). Products in no running campaign are absent from the map.
 */
export async function runningCampaignPrices(
  db: Kysely<Database>,
  productIds: readonly number[],
  now: Date,
): Promise<Map<number, RunningCampaignPrice>> {
  const ids = [...new Set(productIds)];
  const instant = now.toISOString();
  const candidates = new Map<number, RunningCampaignPrice[]>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom('campaign_prices as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .select(['cp.campaign_id', 'cp.product_id', 'cp.new_price'])
      .where('cp.product_id', 'in', ids.slice(start, start + CHUNK))
      .where('c.starts_at', '<=', instant)
      .where('c.ends_at', '>=', instant)
      .execute();
    for (const row of rows) {
      const list = candidates.get(row.product_id) ?? [];
      list.push({ campaignId: row.campaign_id, newPrice: moneyText(row.new_price) });
      candidates.set(row.product_id, list);
    }
  }
  const best = new Map<number, RunningCampaignPrice>();
  for (const [productId, prices] of candidates) {
    const price = bestCampaignPrice(prices);
    if (price) best.set(productId, price);
  }
  return best;
}
