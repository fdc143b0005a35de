// Edges: takes domain entities and decimal strings or Decimal, returns Decimal; the prices a customer
// reads per unit (decision 005: one price basis per customer). Lines and totals: cart-totals.ts.
import type Decimal from 'decimal.js';
import { isCampaignProduct } from './campaign-product';
import { unitPriceAt } from './contract-price';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import type { CampaignProduct, DecimalString, Product } from './types';

export { isCampaignProduct };

/**
 * The one basis a customer sees every price in: VAT included ('gross') or without VAT ('net'). The
 * deposit is never folded into a price: it is its own line.
 */
export type PriceBasis = 'gross' | 'net';

/**
 * Who gets which basis: the one setting is the customer company's `tax_applies` flag (the session's
 * tax_applies claim; decision 007). VAT is charged to a company it applies to, and every figure it
 * sees includes VAT. A company it does not apply to is charged no VAT (exempt, or VAT accounted for
 * by the customer): it sees prices without VAT, labelled so, and pays goods + deposit + fees.
 */
export const priceBasisFor = (taxApplies: boolean): PriceBasis => (taxApplies ? 'gross' : 'net');

/** Money is shown and charged in whole cents. */
export const MONEY_DECIMAL_PLACES = 2;

export const toCents = (value: Decimal): Decimal =>
  value.toDecimalPlaces(MONEY_DECIMAL_PLACES, ExactDecimal.ROUND_HALF_EVEN);

/** Decimal text with exactly two places ("1.50"), as money travels and is stored. */
export const centsText = (value: Decimal): string => toCents(value).toFixed(MONEY_DECIMAL_PLACES);

/** Builds the campaign product of spec point 3 from a campaign price (the product plus newPrice). */
export function toCampaignProduct(product: Product, campaignId: number, newPrice: string): CampaignProduct {
  return { ...product, campaignId, newPrice };
}

/**
 * Thrown when a figure the server withheld (a demo account's product, spec point 6) reaches
 * pricing: screens check `hasFigures` first, so nothing is ever priced from an invented zero.
 */
export class WithheldFigureError extends Error {
  constructor(productId: number) {
    super(`product ${productId} carries no prices (demo account)`);
    this.name = 'WithheldFigureError';
  }
}

/** False for a demo account's product: it carries no price, deposit or stock to show. */
export const hasFigures = (product: Product | CampaignProduct): boolean =>
  product.price !== null &&
  product.depositPrice !== null &&
  !(isCampaignProduct(product) && product.newPrice === null);

/** A figure pricing needs; a withheld one is a programming error (see WithheldFigureError). */
export function figure(product: Pick<Product, 'id'>, value: DecimalString | null): Decimal {
  if (value === null) throw new WithheldFigureError(product.id);
  return toDecimal(value);
}

/**
 * The net price per primary unit a customer pays now for `quantity` primary units (one when not
 * given): the customer's price step for that quantity (contract-price.ts), or a running campaign's
 * newPrice where that is lower.
 */
export function currentUnitPrice(product: Product | CampaignProduct, quantity: DecimalInput = '1'): Decimal {
  const campaignPrice = isCampaignProduct(product) ? figure(product, product.newPrice) : null;
  return unitPriceAt(figure(product, product.price), product.priceTiers, quantity, campaignPrice);
}

/**
 * The net price per primary unit before any reduction: in a campaign the product's own price becomes the
 * regular price; otherwise the product's oldPrice when it has one. Never below the current price: an old
 * price under today's is a price rise, and a saving built on it would be negative.
 */
export function regularUnitPrice(product: Product | CampaignProduct, quantity: DecimalInput = '1'): Decimal {
  const candidate = isCampaignProduct(product) ? product.price : (product.oldPrice ?? product.price);
  return ExactDecimal.max(figure(product, candidate), currentUnitPrice(product, quantity));
}

/**
 * A net amount per primary unit on the customer's basis, rounded to cents: gross adds VAT at the
 * product's rate (spec point 5: tax = (price + deposit) × rate / 100, so the deposit is taxed too).
 * For showing a price per unit only: lines and totals are priced by cart-totals.ts (decision 007).
 */
export function onBasis(
  netAmount: DecimalInput,
  product: Pick<Product, 'taxRatePercent'>,
  basis: PriceBasis,
): Decimal {
  const net = toDecimal(netAmount);
  if (basis === 'net') return toCents(net);
  return toCents(net.times(toDecimal(product.taxRatePercent).plus(100)).dividedBy(100));
}

export interface ShownPrices {
  /** per primary unit, on the basis, in cents */
  current: Decimal;
  /** the regular price to strike through; null unless it is greater than the current one */
  old: Decimal | null;
  /** the deposit per primary unit on the basis; zero when the product carries none */
  deposit: Decimal;
}

/** The prices a product card, a table row and the product dialog show, per primary unit. */
export function shownPrices(product: Product | CampaignProduct, basis: PriceBasis): ShownPrices {
  return shownPricesAt(product, basis, '1');
}

/**
 * The prices per primary unit of a line of `primaryUnits` primary units: its price step (a cart line
 * shows the unit price it is charged at), the regular price struck through where that is greater.
 */
export function shownPricesAt(
  product: Product | CampaignProduct,
  basis: PriceBasis,
  primaryUnits: DecimalInput,
): ShownPrices {
  const current = onBasis(currentUnitPrice(product, primaryUnits), product, basis);
  const regular = onBasis(regularUnitPrice(product, primaryUnits), product, basis);
  return {
    current,
    old: regular.greaterThan(current) ? regular : null,
    deposit: onBasis(figure(product, product.depositPrice), product, basis),
  };
}

export interface RunningCampaignPrice {
  campaignId: number;
  newPrice: string;
}

/**
 * Where two running campaigns price one product, the lower price wins (the older campaign on a tie),
 * so the customer always gets the best running price wherever the product appears.
 */
export function bestCampaignPrice(prices: readonly RunningCampaignPrice[]): RunningCampaignPrice | null {
  let best: RunningCampaignPrice | null = null;
  for (const price of prices) {
    if (
      best === null ||
      toDecimal(price.newPrice).lessThan(toDecimal(best.newPrice)) ||
      (toDecimal(price.newPrice).equals(toDecimal(best.newPrice)) && price.campaignId < best.campaignId)
    )
      best = price;
  }
  return best;
}
