// Edges: takes domain entities and decimal strings or Decimal, returns exact (unrounded) Decimal; formatting rounds.
import type Decimal from 'decimal.js';
import { isCampaignProduct } from './campaign-product';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import type { CampaignProduct, Product } from './types';

export { isCampaignProduct };

/** Builds the campaign product of spec point 3 from a campaign price (the product plus newPrice). */
export function toCampaignProduct(product: Product, campaignId: number, newPrice: string): CampaignProduct {
  return { ...product, campaignId, newPrice };
}

/** The net price per primary unit a customer pays now: a campaign's newPrice replaces the price. */
export function currentUnitPrice(product: Product | CampaignProduct): Decimal {
  return toDecimal(isCampaignProduct(product) ? product.newPrice : product.price);
}

/**
 * The net price per primary unit before any reduction: in a campaign the product's own price becomes the
 * regular price; otherwise the product's oldPrice when it has one. Never below the current price: an old
 * price under today's is a price rise, and a cart subtotal built on it would undercharge.
 */
export function regularUnitPrice(product: Product | CampaignProduct): Decimal {
  const candidate = isCampaignProduct(product) ? product.price : (product.oldPrice ?? product.price);
  return ExactDecimal.max(toDecimal(candidate), currentUnitPrice(product));
}

/**
 * Spec point 5: a taxIncluded product shows price + price × rate / 100 + deposit; any other product
 * shows the price as it is (without tax and without deposit).
 */
export function displayPrice(
  netPrice: DecimalInput,
  product: Pick<Product, 'taxIncluded' | 'taxRatePercent' | 'depositPrice'>,
): Decimal {
  const price = toDecimal(netPrice);
  if (!product.taxIncluded) return price;
  const tax = price.times(toDecimal(product.taxRatePercent)).dividedBy(100);
  return price.plus(tax).plus(toDecimal(product.depositPrice));
}

export interface ShownPrices {
  current: Decimal;
  /** the regular price to strike through; null unless it is greater than the current one */
  old: Decimal | null;
}

/** The prices the product dialog and product cards show, both on the same display basis. */
export function shownPrices(product: Product | CampaignProduct): ShownPrices {
  const current = displayPrice(currentUnitPrice(product), product);
  const regular = displayPrice(regularUnitPrice(product), product);
  return { current, old: regular.greaterThan(current) ? regular : null };
}

/** Spec point 5: line amount = quantity × unit multiplier × unit price. */
export function lineAmount(
  quantity: DecimalInput,
  unitMultiplier: DecimalInput,
  unitPrice: DecimalInput,
): Decimal {
  return toDecimal(quantity).times(toDecimal(unitMultiplier)).times(toDecimal(unitPrice));
}

/** Spec point 5: tax = (price + deposit) × rate / 100; the deposit is taxed with the goods. */
export function taxAmount(price: DecimalInput, deposit: DecimalInput, taxRatePercent: DecimalInput): Decimal {
  return toDecimal(price).plus(toDecimal(deposit)).times(toDecimal(taxRatePercent)).dividedBy(100);
}

/**
 * Spec point 5: discount = old price − current price. A current price above the old one is a price
 * rise, not a negative discount, so the result never goes below zero.
 */
export function discountAmount(oldPrice: DecimalInput, currentPrice: DecimalInput): Decimal {
  return ExactDecimal.max(toDecimal(oldPrice).minus(toDecimal(currentPrice)), 0);
}
