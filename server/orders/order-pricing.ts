import type Decimal from 'decimal.js';
import { CART_TOTALS_DECIMAL_PLACES, computeCartTotals } from '../../src/domain/cart-totals';
import { ExactDecimal } from '../../src/domain/decimal';
import { currentUnitPrice, discountAmount, regularUnitPrice, taxAmount } from '../../src/domain/pricing';
import type { CartTotals } from '../../src/domain/types';
import { type ExtraCharge, extraChargesFor } from './extra-charges';
import type { CheckedLine } from './line-rules';

/** One line's share of each figure, in cents; the shares of all lines add up to the cart's figures. */
export interface PricedLine {
  line: CheckedLine;
  subtotal: Decimal;
  discount: Decimal;
  /** net after discount, without deposit and tax: subtotal − discount (an order item's `amount`) */
  amount: Decimal;
  deposit: Decimal;
  /** zero when tax does not apply to the customer */
  tax: Decimal;
}

export interface PricedSuborder {
  warehouseId: number;
  lines: PricedLine[];
  subtotal: Decimal;
  discount: Decimal;
  deposit: Decimal;
  tax: Decimal;
  /** amount + deposit + tax of its lines */
  goodsTotal: Decimal;
  extraCharges: ExtraCharge[];
  total: Decimal;
}

export interface PricedOrder {
  /** exactly what the client's computeCartItemsTotals shows for these lines */
  totals: CartTotals;
  taxApplies: boolean;
  suborders: PricedSuborder[];
  /** what the customer is charged: every suborder's total */
  total: Decimal;
}

const zero = () => new ExactDecimal(0);
const toCents = (value: Decimal) =>
  value.toDecimalPlaces(CART_TOTALS_DECIMAL_PLACES, ExactDecimal.ROUND_HALF_EVEN);
const sum = (values: readonly Decimal[]) => values.reduce((total, value) => total.plus(value), zero());

/**
 * Splits exact amounts into cents whose sum is the rounded sum of the amounts: each share is the
 * rounded running total minus the rounded running total before it. So per-line and per-suborder
 * figures add up to the cart's once-rounded figure, and no share is more than a cent off.
 */
export function allocateCents(exact: readonly Decimal[]): Decimal[] {
  let running = zero();
  let roundedBefore = zero();
  return exact.map((value) => {
    running = running.plus(value);
    const rounded = toCents(running);
    const share = rounded.minus(roundedBefore);
    roundedBefore = rounded;
    return share;
  });
}

/**
 * Prices checked lines the way spec point 5 and src/domain/cart-totals.ts do, and splits them
 * into one suborder per warehouse (warehouse id order, lines in the order given) with each
 * suborder's extra charges. A customer without tax_applies pays the total without tax.
 */
export function priceOrder(lines: readonly CheckedLine[], taxApplies: boolean): PricedOrder {
  const warehouseIds = [...new Set(lines.map((line) => line.warehouseId))].sort((a, b) => a - b);
  const ordered = warehouseIds.flatMap((warehouseId) =>
    lines.filter((line) => line.warehouseId === warehouseId),
  );

  const exact = ordered.map((line) => {
    const current = currentUnitPrice(line.product);
    const regular = regularUnitPrice(line.product);
    const deposit = new ExactDecimal(line.product.depositPrice);
    return {
      subtotal: line.pieces.times(regular),
      discount: line.pieces.times(discountAmount(regular, current)),
      deposit: line.pieces.times(deposit),
      tax: taxApplies ? line.pieces.times(taxAmount(current, deposit, line.product.taxRatePercent)) : zero(),
    };
  });
  const subtotals = allocateCents(exact.map((figures) => figures.subtotal));
  const discounts = allocateCents(exact.map((figures) => figures.discount));
  const deposits = allocateCents(exact.map((figures) => figures.deposit));
  const taxes = allocateCents(exact.map((figures) => figures.tax));

  const priced: PricedLine[] = ordered.map((line, index) => {
    const subtotal = subtotals[index] ?? zero();
    const discount = discounts[index] ?? zero();
    return {
      line,
      subtotal,
      discount,
      amount: subtotal.minus(discount),
      deposit: deposits[index] ?? zero(),
      tax: taxes[index] ?? zero(),
    };
  });

  const suborders = warehouseIds.map((warehouseId): PricedSuborder => {
    const own = priced.filter((entry) => entry.line.warehouseId === warehouseId);
    const figures = {
      subtotal: sum(own.map((entry) => entry.subtotal)),
      discount: sum(own.map((entry) => entry.discount)),
      deposit: sum(own.map((entry) => entry.deposit)),
      tax: sum(own.map((entry) => entry.tax)),
    };
    const goodsTotal = figures.subtotal.minus(figures.discount).plus(figures.deposit).plus(figures.tax);
    const extraCharges = extraChargesFor(warehouseId, goodsTotal);
    const total = goodsTotal.plus(sum(extraCharges.map((charge) => new ExactDecimal(charge.amount))));
    return { warehouseId, lines: own, ...figures, goodsTotal, extraCharges, total };
  });

  return {
    totals: computeCartTotals(
      ordered.map((line) => ({
        product: line.product,
        quantity: line.quantity,
        unitMultiplier: line.multiplier,
      })),
    ),
    taxApplies,
    suborders,
    total: sum(suborders.map((suborder) => suborder.total)),
  };
}
