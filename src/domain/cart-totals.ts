// Edges: takes domain entities with decimal strings (or Decimal multipliers), returns CartTotals as decimal strings.
import type Decimal from 'decimal.js';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import {
  currentUnitPrice,
  discountAmount,
  displayPrice,
  lineAmount,
  regularUnitPrice,
  taxAmount,
} from './pricing';
import type { CampaignProduct, CartItem, CartTotals, Product, Unit } from './types';
import { unitMultiplier } from './units';

/**
 * Cart totals (spec points 3 and 5), shared by the cart machine and the server, so both arrive at the
 * same cents. For each line, with pieces = quantity × unit multiplier (primary units) and prices per
 * primary unit (current = campaign newPrice or price; regular = price in a campaign, else oldPrice or price):
 *
 *   line subtotal = pieces × regular price
 *   line discount = pieces × max(0, regular − current)
 *   line deposit  = pieces × depositPrice
 *   line tax      = pieces × (current + depositPrice) × taxRatePercent / 100
 *
 * Each of subtotal, discountAmount, depositTotal and tax is the exact sum over the lines, rounded once to
 * 2 decimals half to even. The two totals are built from those rounded figures, so the summary the
 * customer reads adds up to the cent:
 *
 *   totalWithoutTax = subtotal − discountAmount + depositTotal
 *   total           = totalWithoutTax + tax
 *
 * The total shown is `total` when tax applies to the customer (tax_applies), else `totalWithoutTax`.
 */

export const CART_TOTALS_DECIMAL_PLACES = 2;

export interface CartTotalsLine {
  product: Product | CampaignProduct;
  /** in the line's unit */
  quantity: DecimalInput;
  /** primary units per one of the line's unit (see units.ts `unitMultiplier`) */
  unitMultiplier: DecimalInput;
}

function toCents(value: Decimal): string {
  return value
    .toDecimalPlaces(CART_TOTALS_DECIMAL_PLACES, ExactDecimal.ROUND_HALF_EVEN)
    .toFixed(CART_TOTALS_DECIMAL_PLACES);
}

export function computeCartTotals(lines: readonly CartTotalsLine[]): CartTotals {
  let subtotal = new ExactDecimal(0);
  let discount = new ExactDecimal(0);
  let deposit = new ExactDecimal(0);
  let tax = new ExactDecimal(0);
  for (const line of lines) {
    const pieces = toDecimal(line.quantity).times(toDecimal(line.unitMultiplier));
    const current = currentUnitPrice(line.product);
    const regular = regularUnitPrice(line.product);
    const depositPrice = toDecimal(line.product.depositPrice);
    subtotal = subtotal.plus(pieces.times(regular));
    discount = discount.plus(pieces.times(discountAmount(regular, current)));
    deposit = deposit.plus(pieces.times(depositPrice));
    tax = tax.plus(pieces.times(taxAmount(current, depositPrice, line.product.taxRatePercent)));
  }
  const rounded = {
    subtotal: toDecimal(toCents(subtotal)),
    discount: toDecimal(toCents(discount)),
    deposit: toDecimal(toCents(deposit)),
    tax: toDecimal(toCents(tax)),
  };
  const totalWithoutTax = rounded.subtotal.minus(rounded.discount).plus(rounded.deposit);
  return {
    subtotal: toCents(rounded.subtotal),
    discountAmount: toCents(rounded.discount),
    tax: toCents(rounded.tax),
    depositTotal: toCents(rounded.deposit),
    total: toCents(totalWithoutTax.plus(rounded.tax)),
    totalWithoutTax: toCents(totalWithoutTax),
  };
}

/**
 * The amount a cart line shows: quantity × unit multiplier × the unit price on the same basis as the product
 * dialog (tax and deposit included for a taxIncluded product), so the customer sees the price they chose
 * times the quantity. Unrounded; the view formats it.
 */
export function cartLineAmount(line: CartTotalsLine): Decimal {
  return lineAmount(
    line.quantity,
    line.unitMultiplier,
    displayPrice(currentUnitPrice(line.product), line.product),
  );
}

/** Cart items to totals lines, converting each item's unit along the product's unit chain (may throw its errors). */
export function cartTotalsLines(
  items: readonly Pick<CartItem, 'product' | 'quantity' | 'unit'>[],
  units: readonly Unit[],
): CartTotalsLine[] {
  return items.map((item) => ({
    product: item.product,
    quantity: item.quantity,
    unitMultiplier: unitMultiplier(item.product, item.unit, units),
  }));
}

/** Totals of cart items as they are stored (cart machine) or submitted (server). */
export function computeCartItemsTotals(
  items: readonly Pick<CartItem, 'product' | 'quantity' | 'unit'>[],
  units: readonly Unit[],
): CartTotals {
  return computeCartTotals(cartTotalsLines(items, units));
}

/** Spec point 5: the tax-inclusive total when tax applies, otherwise the total without tax; 2 decimals. */
export function shownCartTotal(
  totals: Pick<CartTotals, 'total' | 'totalWithoutTax'>,
  taxApplies: boolean,
): string {
  return toCents(toDecimal(taxApplies ? totals.total : totals.totalWithoutTax));
}

/** The summary shows the discount and deposit lines only when they are greater than zero (spec point 5). */
export function showsAmountLine(amount: DecimalInput): boolean {
  return toDecimal(amount).greaterThan(0);
}
