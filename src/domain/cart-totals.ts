// Edges: takes domain entities with decimal strings (or Decimal multipliers), returns line figures as
// Decimal cents and CartTotals as decimal strings. Shared by the cart, the server's order pricing and
// the property test that every line shown adds up to the totals shown.
import type Decimal from 'decimal.js';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import {
  centsText,
  currentUnitPrice,
  figure,
  onBasis,
  type PriceBasis,
  regularUnitPrice,
  toCents,
} from './pricing';
import type { CampaignProduct, CartItem, CartTotals, Product, Unit } from './types';
import { unitMultiplier } from './units';

/**
 * Decision 005. Every figure is built up from lines, never split down from a total:
 *
 *   unit price   = the net price per primary unit on the customer's basis, rounded to cents
 *   line goods   = pieces × unit price (pieces = quantity × unit multiplier), rounded to cents
 *   line deposit = pieces × deposit per unit on the basis, rounded to cents
 *   line VAT     = (goods + deposit) − the same two figures on the net basis; zero on the net basis
 *
 * A cart's, a shipment's or an order's figures are the sums of its lines' figures, so whatever group
 * of lines a screen shows adds up to the totals beneath it to the cent, on the client and the server.
 */

export interface CartTotalsLine {
  product: Product | CampaignProduct;
  /** in the line's unit */
  quantity: DecimalInput;
  /** primary units per one of the line's unit (see units.ts `unitMultiplier`) */
  unitMultiplier: DecimalInput;
}

/** One line's figures on one basis, each in cents. */
export interface LineFigures {
  /** what the goods cost at the price paid (campaign price when there is one) */
  goods: Decimal;
  /** the same goods at the regular price: struck through when greater than goods */
  regularGoods: Decimal;
  deposit: Decimal;
  /** VAT contained in goods + deposit; zero on the net basis */
  tax: Decimal;
}

const zero = () => new ExactDecimal(0);

export function priceLine(line: CartTotalsLine, basis: PriceBasis): LineFigures {
  const { product } = line;
  const pieces = toDecimal(line.quantity).times(toDecimal(line.unitMultiplier));
  const times = (perUnit: Decimal) => toCents(pieces.times(perUnit));
  const goods = times(onBasis(currentUnitPrice(product), product, basis));
  const deposit = times(onBasis(figure(product, product.depositPrice), product, basis));
  const regular = times(onBasis(regularUnitPrice(product), product, basis));
  const net =
    basis === 'net'
      ? goods.plus(deposit)
      : times(onBasis(currentUnitPrice(product), product, 'net')).plus(
          times(onBasis(figure(product, product.depositPrice), product, 'net')),
        );
  return {
    goods,
    regularGoods: ExactDecimal.max(regular, goods),
    deposit,
    tax: goods.plus(deposit).minus(net),
  };
}

/** Sums line figures: the figures of a cart, a shipment or an order. */
export function sumLineFigures(lines: readonly LineFigures[]): LineFigures {
  return lines.reduce(
    (sum, line) => ({
      goods: sum.goods.plus(line.goods),
      regularGoods: sum.regularGoods.plus(line.regularGoods),
      deposit: sum.deposit.plus(line.deposit),
      tax: sum.tax.plus(line.tax),
    }),
    { goods: zero(), regularGoods: zero(), deposit: zero(), tax: zero() },
  );
}

/** Summed figures as the summary reads them (see CartTotals). */
export function toCartTotals(sum: LineFigures): CartTotals {
  const total = sum.goods.plus(sum.deposit);
  return {
    subtotal: centsText(sum.goods),
    discountAmount: centsText(sum.regularGoods.minus(sum.goods)),
    depositTotal: centsText(sum.deposit),
    tax: centsText(sum.tax),
    total: centsText(total),
    totalWithoutTax: centsText(total.minus(sum.tax)),
  };
}

export function computeCartTotals(lines: readonly CartTotalsLine[], basis: PriceBasis): CartTotals {
  return toCartTotals(sumLineFigures(lines.map((line) => priceLine(line, basis))));
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
  basis: PriceBasis,
): CartTotals {
  return computeCartTotals(cartTotalsLines(items, units), basis);
}

/** The summary shows the discount and deposit lines only when they are greater than zero (spec point 5). */
export function showsAmountLine(amount: DecimalInput): boolean {
  return toDecimal(amount).greaterThan(0);
}

/** Adds money amounts (decimal strings) exactly: a shipment's goods and deposit, a total and its fees. */
export function sumAmounts(amounts: readonly DecimalInput[]): string {
  return centsText(amounts.reduce<Decimal>((sum, amount) => sum.plus(toDecimal(amount)), zero()));
}
