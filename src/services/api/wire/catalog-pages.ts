import * as z from 'zod/mini';
import type { Campaign, CampaignPrice, CampaignProduct, Product } from '../../../domain/types';
import {
  campaignPriceWire,
  campaignProductWire,
  campaignWire,
  productWire,
  toCampaign,
  toCampaignPrice,
  toCampaignProduct,
  toProduct,
} from './catalog';

/**
 * Answers the reference server designs where spec point 7 shows no shape (docs/api.md):
 * a page of the product list, and a campaign together with its campaign prices.
 */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const pageOf = <Item extends z.ZodMiniType>(item: Item) =>
  z.object({
    count: z.int().check(z.nonnegative()),
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    results: z.array(item),
  });

/** GET /netb2b/products/?category=&brand=&campaign=&page=&page_size= */
export const productPageWire = pageOf(productWire);
export const toProductPage = (w: z.infer<typeof productPageWire>): Page<Product | CampaignProduct> => ({
  ...w,
  results: w.results.map(toProduct),
});

/**
 * A page whose every product is in a campaign. The reference server answers `?campaign=` with a
 * productPageWire (each product carries its best running campaign price, if any), so the client
 * reads every page with productPageWire; this stays for servers that always send the price.
 */
export const campaignProductPageWire = pageOf(campaignProductWire);
export const toCampaignProductPage = (w: z.infer<typeof campaignProductPageWire>): Page<CampaignProduct> => ({
  ...w,
  results: w.results.map(toCampaignProduct),
});

/** GET /netb2b/campaigns/ (a list of these) and /netb2b/campaigns/{id}/ */
export const campaignWithPricesWire = z.object({
  ...campaignWire.shape,
  /** not among point 3's campaign fields: absent is none listed (the campaign's products come by its id) */
  campaign_prices: z._default(z.array(campaignPriceWire), () => []),
});
export const toCampaignWithPrices = (
  w: z.infer<typeof campaignWithPricesWire>,
): Campaign & { campaignPrices: CampaignPrice[] } => ({
  ...toCampaign(w),
  campaignPrices: w.campaign_prices.map(toCampaignPrice),
});

/** POST /netb2b/notifications/read-all/ */
export const markedReadWire = z.object({ updated: z.int().check(z.nonnegative()) });
