// Edges: a product and the customer's price basis in, the price steps a customer reads out (the
// product dialog's list, a list row's "from" hint); lines are priced by cart-totals.ts.
import type Decimal from 'decimal.js';
import { toDecimal } from './decimal';
import { hasFigures, type PriceBasis, shownPricesAt } from './pricing';
import type { CampaignProduct, DecimalString, Product } from './types';

export interface ShownPriceStep {
  /** from this many primary units up */
  minQuantity: DecimalString;
  /** per primary unit on the basis, in cents: what a line of that many units is charged per unit */
  price: Decimal;
}

/**
 * The product's price steps as the customer pays them, lowest minimum first: each step's price is
 * the one a line of that many primary units is charged (a running campaign may undercut a step), and
 * a step that would not change the shown price is left out. Empty without steps or figures.
 */
export function shownPriceSteps(product: Product | CampaignProduct, basis: PriceBasis): ShownPriceStep[] {
  const tiers = product.priceTiers;
  if (!tiers || tiers.length === 0 || !hasFigures(product)) return [];
  const ordered = [...tiers].sort((a, b) => toDecimal(a.minQuantity).comparedTo(toDecimal(b.minQuantity)));
  const steps: ShownPriceStep[] = [];
  let previous = shownPricesAt(product, basis, '1').current;
  for (const tier of ordered) {
    const price = shownPricesAt(product, basis, tier.minQuantity).current;
    if (price.equals(previous)) continue;
    steps.push({ minQuantity: tier.minQuantity, price });
    previous = price;
  }
  return steps;
}

/** The lowest price of the steps (a list row's "from €1.00"); null without steps. */
export function lowestStepPrice(steps: readonly ShownPriceStep[]): Decimal | null {
  let lowest: Decimal | null = null;
  for (const step of steps) if (lowest === null || step.price.lessThan(lowest)) lowest = step.price;
  return lowest;
}
