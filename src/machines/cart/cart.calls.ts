import { isCampaignProduct } from '../../domain/campaign-product';
import { quantityOfWire } from '../../domain/quantity';
import type { CampaignProduct, CartItem, OrderSubmissionItem, Product } from '../../domain/types';
import type { CartLineWrite, CartLineWritten } from '../../services/api/cart';
import type { CartActorRef } from './cart.machine';

/** The campaign a product is priced in (spec point 3: only when it belongs to a campaign). */
export const campaignOf = (product: Product | CampaignProduct): number | null =>
  isCampaignProduct(product) ? product.campaignId : null;

/** The PUT/POST body of a line: quantities travel as decimal text. */
export function cartLineWrite(
  product: Product | CampaignProduct,
  quantity: number,
  unit: number,
): CartLineWrite {
  return { product: product.id, campaign: campaignOf(product), quantity: String(quantity), unit };
}

/** The cart item after the server stored it (the write answer carries no product). */
export function confirmedItem(product: Product | CampaignProduct, written: CartLineWritten): CartItem {
  return { id: written.id, product, quantity: written.quantity, unit: written.unit };
}

/** An order submission line from a cart item (campaign only when the product is in one), naming its line. */
export function submissionItem(item: CartItem): OrderSubmissionItem {
  const campaign = campaignOf(item.product);
  return {
    product: item.product.id,
    quantity: item.quantity,
    unit: item.unit,
    ...(campaign === null ? {} : { campaign }),
    cartItem: item.id,
  };
}

/** A whole-number quantity as the line shows it ("3.000" from the server is 3). */
export const shownQuantity = (item: Pick<CartItem, 'quantity'>): number => quantityOfWire(item.quantity);

/** The app cart's line of a product, read when a bound implementation runs (never held in context). */
export const cartLineOf = (cart: CartActorRef | undefined, productId: number): CartItem | undefined =>
  cart?.getSnapshot().context.items.find((item) => item.product.id === productId);
