import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CampaignWithPricesWire } from '../http/wire-answers';
import type { PriceViewer } from './contract-prices';
import { moneyText } from './decimals';
import { visibleToViewer } from './product-visibility';
import { selectProducts, toProductWires } from './products';

const campaignColumns = ['id', 'name', 'description', 'starts_at', 'ends_at'] as const;

/** Campaigns that have not ended at `at`, earliest start first. */
export function campaignsNotEnded(db: Kysely<Database>, at: Date) {
  return db
    .selectFrom('campaigns')
    .select(campaignColumns)
    .where('ends_at', '>=', at.toISOString())
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

/** One campaign, ended or not; undefined when there is none. */
export function campaignById(db: Kysely<Database>, id: number) {
  return db.selectFrom('campaigns').select(campaignColumns).where('id', '=', id).executeTakeFirst();
}

export const campaignBannerPath = (id: number) => `/media/campaigns/${id}.svg`;

/**
 * campaignWithPricesWire for the given campaign rows, prices loaded in one query. Each entry is the
 * campaign's own price; its product carries the price the customer pays today (its best running
 * campaign price, which may be another campaign's or none when this campaign is not running).
 */
export async function withCampaignPrices(
  db: Kysely<Database>,
  campaigns: readonly { id: number; name: string; description: string; starts_at: string; ends_at: string }[],
  now: Date,
  viewer: PriceViewer,
): Promise<CampaignWithPricesWire[]> {
  if (campaigns.length === 0) return [];
  const rows = await selectProducts(db)
    .innerJoin('campaign_prices as cp', 'cp.product_id', 'p.id')
    .select(['cp.campaign_id', 'cp.new_price'])
    .where(
      'cp.campaign_id',
      'in',
      campaigns.map((campaign) => campaign.id),
    )
    // A campaign shows a customer only the products it may see (all but retired ones without one).
    .where(visibleToViewer(viewer))
    .orderBy('p.name_key')
    .orderBy('p.id')
    .execute();
  const products = await toProductWires(db, rows, now, viewer);
  return campaigns.map((campaign) => ({
    id: campaign.id,
    name: campaign.name,
    description: campaign.description,
    banner: campaignBannerPath(campaign.id),
    starts_at: campaign.starts_at,
    ends_at: campaign.ends_at,
    campaign_prices: rows.flatMap((row, index) => {
      const product = products[index];
      return row.campaign_id === campaign.id && product
        ? [{ product, campaign_id: campaign.id, new_price: moneyText(row.new_price) }]
        : [];
    }),
  }));
}
