import type { CurrentUser } from '../http/app-env';
import type { CampaignWithPricesWire, ProductWire } from '../http/wire-answers';

/**
 * Demo mode hides prices and stock (spec point 6), at the API too: a demo token
 * reads the catalogue with every price, old price, campaign price, deposit and stock figure null.
 * The campaign a product is in stays (it is no figure); the tax rate stays (a property of the
 * product, not a price).
 */
export function productForViewer(user: CurrentUser, product: ProductWire): ProductWire {
  if (!user.isDemo) return product;
  return {
    ...product,
    price: null,
    old_price: null,
    deposit_price: null,
    quantity_in_stock: null,
    ...(product.new_price === undefined ? {} : { new_price: null }),
  };
}

/**
 * Everyone but a demo user gets the very array given (answers are never changed once built): a kept
 * search answer then reaches `c.json` as the same frozen object on every request, and its JSON and
 * compressed bytes are made once (server/http/compress-json.ts).
 */
export const productsForViewer = (user: CurrentUser, products: readonly ProductWire[]): ProductWire[] =>
  user.isDemo ? products.map((product) => productForViewer(user, product)) : (products as ProductWire[]);

export function campaignForViewer(
  user: CurrentUser,
  campaign: CampaignWithPricesWire,
): CampaignWithPricesWire {
  if (!user.isDemo) return campaign;
  return {
    ...campaign,
    campaign_prices: campaign.campaign_prices.map((entry) => ({
      ...entry,
      product: productForViewer(user, entry.product),
      new_price: null,
    })),
  };
}
