// A drop's minimum order value: which rule applies and how far an order's goods are from it.
import { ExactDecimal, toDecimal } from './decimal';

export type MinimumOrderMode = 'block' | 'fee';

/** `fee` is set exactly when `mode` is 'fee': the charge added to an order below `value`. */
export interface MinimumOrderRule {
  value: string;
  mode: MinimumOrderMode;
  fee: string | null;
}

export interface MinimumOrderShortfall {
  reached: boolean;
  /** value − goods, never negative, two decimals ("0.00" once reached). */
  missing: string;
  /** the fee owed: the rule's fee when not reached and mode 'fee', else null. */
  fee: string | null;
}

/**
 * The company's own rule wins over its address's route's rule: a supplier sets one for a customer
 * precisely to depart from what the route asks of everyone else. null: no minimum applies.
 */
export function applicableMinimumOrder(
  companyRule: MinimumOrderRule | null,
  routeRule: MinimumOrderRule | null,
): MinimumOrderRule | null {
  return companyRule ?? routeRule;
}

/**
 * `goods` is the order's goods subtotal on the customer's own price basis (the cart's and preview's
 * `totals.subtotal`: campaign prices in, deposit and fees out), so the figure the buyer sees is the one
 * compared. Reached when goods ≥ value. `missing` is rounded up to the cent: adding it always reaches.
 */
export function minimumOrderShortfall(rule: MinimumOrderRule, goods: string): MinimumOrderShortfall {
  const value = toDecimal(rule.value);
  const gap = value.minus(toDecimal(goods));
  const reached = gap.lte(0);
  const missing = reached ? new ExactDecimal(0) : gap.toDecimalPlaces(2, ExactDecimal.ROUND_UP);
  return {
    reached,
    missing: missing.toFixed(2),
    fee: !reached && rule.mode === 'fee' ? rule.fee : null,
  };
}
