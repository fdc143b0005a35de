// Edges: domain products in, a type guard out. Kept apart from pricing.ts so that machines which only
// need to tell the two kinds apart do not pull decimal.js into the login route's bundle.
import type { CampaignProduct, Product } from './types';

/** A campaign product is a product plus the campaign's id and new price (spec point 3). */
export function isCampaignProduct(product: Product | CampaignProduct): product is CampaignProduct {
  return 'campaignId' in product && 'newPrice' in product;
}
