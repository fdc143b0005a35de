// Edges: the supplier's price rules for one customer and one product in, the price steps that
// customer pays out. The one rule every screen and every order path prices by (server and client).
import type Decimal from 'decimal.js';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import type { DecimalString } from './types';

/**
 * One negotiated price: a net price per primary unit from `minQuantity` primary units up, for the
 * customer itself or for its customer group, valid between two calendar days (inclusive; null: open).
 */
export interface ContractPriceRule {
  scope: 'customer' | 'group';
  minQuantity: DecimalString;
  price: DecimalString;
  validFrom: string | null;
  validTo: string | null;
}

/** A price step: from `minQuantity` primary units up, `price` net per primary unit. */
export interface PriceTier {
  minQuantity: DecimalString;
  price: DecimalString;
}

/** Whether a rule is valid on a calendar day (YYYY-MM-DD, compared as text). */
export const ruleValidOn = (rule: ContractPriceRule, day: string): boolean =>
  (rule.validFrom === null || rule.validFrom <= day) && (rule.validTo === null || day <= rule.validTo);

/** The step with the greatest minimum not above `quantity`; undefined below every step. */
function stepAt<T extends { minQuantity: DecimalString }>(
  steps: readonly T[],
  quantity: Decimal,
): T | undefined {
  let found: T | undefined;
  for (const step of steps) {
    const minimum = toDecimal(step.minQuantity);
    if (
      minimum.lessThanOrEqualTo(quantity) &&
      (found === undefined || minimum.greaterThan(toDecimal(found.minQuantity)))
    )
      found = step;
  }
  return found;
}

/**
 * The contract price at a quantity of primary units, by one rule: the customer's own price over its
 * group's price (each the step of the greatest minimum not above the quantity); null when neither
 * has a step there, so the list price applies. Where two rules of one scope share a minimum, the
 * lower price wins, so the order of the supplier's rows never decides a price.
 */
export function contractPriceAt(
  rules: readonly ContractPriceRule[],
  day: string,
  quantity: DecimalInput,
): Decimal | null {
  const amount = toDecimal(quantity);
  for (const scope of ['customer', 'group'] as const) {
    const valid = rules.filter((rule) => rule.scope === scope && ruleValidOn(rule, day));
    const step = stepAt(valid, amount);
    if (step === undefined) continue;
    const sameMinimum = valid.filter((rule) =>
      toDecimal(rule.minQuantity).equals(toDecimal(step.minQuantity)),
    );
    return ExactDecimal.min(...sameMinimum.map((rule) => toDecimal(rule.price)));
  }
  return null;
}

export interface CustomerPrice {
  /** net per primary unit at one primary unit: the product's "your price" (the list price without a rule) */
  price: Decimal;
  /** the steps above one primary unit at which the price changes, lowest minimum first */
  tiers: PriceTier[];
  /** whether a contract rule sets any of it: the screens say "your price" */
  contract: boolean;
}

const priceText = (value: Decimal) => value.toFixed(Math.max(2, value.decimalPlaces()));

/**
 * What a customer pays for a product as steps: the price at one primary unit and every step above
 * it, for the client to price any quantity with `unitPriceAt` exactly as the server does. A step is
 * listed only where the price changes.
 */
export function customerPrice(
  listPrice: DecimalInput,
  rules: readonly ContractPriceRule[],
  day: string,
): CustomerPrice {
  const list = toDecimal(listPrice);
  const at = (quantity: Decimal) => contractPriceAt(rules, day, quantity) ?? list;
  const one = new ExactDecimal(1);
  const price = at(one);
  const minimums = [
    ...new Set(
      rules
        .filter((rule) => ruleValidOn(rule, day) && toDecimal(rule.minQuantity).greaterThan(one))
        .map((rule) => toDecimal(rule.minQuantity).toString()),
    ),
  ].sort((a, b) => toDecimal(a).comparedTo(toDecimal(b)));
  const tiers: PriceTier[] = [];
  let previous = price;
  for (const minimum of minimums) {
    const stepPrice = at(toDecimal(minimum));
    if (stepPrice.equals(previous)) continue;
    tiers.push({ minQuantity: minimum, price: priceText(stepPrice) });
    previous = stepPrice;
  }
  const contract = rules.some((rule) => ruleValidOn(rule, day));
  return { price, tiers, contract };
}

/**
 * The net price per primary unit for a line of `quantity` primary units: the step of the greatest
 * minimum not above the quantity, else the price at one unit. A running campaign's price replaces
 * the price at one unit (the server offers a campaign to a customer with a contract price only where
 * it is lower), and a step reached by the quantity where that is lower still.
 */
export function unitPriceAt(
  price: DecimalInput,
  tiers: readonly PriceTier[] | undefined,
  quantity: DecimalInput,
  campaignPrice?: DecimalInput | null,
): Decimal {
  const step = tiers === undefined ? undefined : stepAt(tiers, toDecimal(quantity));
  if (campaignPrice === undefined || campaignPrice === null) return toDecimal(step?.price ?? price);
  const campaign = toDecimal(campaignPrice);
  return step === undefined ? campaign : ExactDecimal.min(campaign, toDecimal(step.price));
}
