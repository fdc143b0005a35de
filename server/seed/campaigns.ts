import type { Insertable } from 'kysely';
import { ExactDecimal } from '../../src/domain/decimal';
import type { CampaignPricesTable, CampaignsTable, ProductsTable } from '../db/schema';

interface CampaignSource {
  id: number;
  name: string;
  description: string;
  categoryIds: number[];
  discountPercent: number;
  /** days from the seed date; negative is in the past */
  startsInDays: number;
  endsInDays: number;
}

const campaignSources: CampaignSource[] = [
  {
    id: 1,
    name: 'Çay & Simit Breakfast Weeks',
    description: 'Tea, pastries and cheese for the breakfast table: 20 % off selected products.',
    categoryIds: [3, 4, 1],
    discountPercent: 20,
    startsInDays: -10,
    endsInDays: 365,
  },
  {
    id: 2,
    name: 'Summer Drinks',
    description: 'Water, lemonade and beer by the crate for the terrace season: 15 % off.',
    categoryIds: [2, 13],
    discountPercent: 15,
    startsInDays: -3,
    endsInDays: 365,
  },
  {
    id: 3,
    name: 'Clean Kitchen Deals',
    description: 'Detergents, gloves and packaging for busy kitchens: 10 % off.',
    categoryIds: [11, 12],
    discountPercent: 10,
    startsInDays: -20,
    endsInDays: 365,
  },
  {
    id: 4,
    name: 'Winter Frozen Sale',
    description: 'Ended: kept so the list shows that finished campaigns disappear.',
    categoryIds: [8],
    discountPercent: 25,
    startsInDays: -120,
    endsInDays: -30,
  },
];

const PRODUCTS_PER_CAMPAIGN = 18;
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

export function buildCampaigns(products: readonly Insertable<ProductsTable>[], now: Date) {
  const campaigns: Insertable<CampaignsTable>[] = campaignSources.map((source) => ({
    id: source.id,
    name: source.name,
    description: source.description,
    starts_at: daysFrom(now, source.startsInDays),
    ends_at: daysFrom(now, source.endsInDays),
  }));
  const prices: Insertable<CampaignPricesTable>[] = campaignSources.flatMap((source) =>
    products
      .filter((p) => source.categoryIds.includes(p.category_id) && p.quantity_in_stock > 0)
      .slice(0, PRODUCTS_PER_CAMPAIGN)
      .map((p) => ({
        campaign_id: source.id,
        product_id: p.id ?? 0,
        new_price: new ExactDecimal(p.price)
          .times(100 - source.discountPercent)
          .dividedBy(100)
          .toDecimalPlaces(2, ExactDecimal.ROUND_HALF_UP)
          .toFixed(2),
      })),
  );
  return { campaigns, prices };
}
