// Edges: takes domain entities with decimal strings (or Decimal multipliers), returns line figures as
// Decimal cents and CartTotals as decimal strings. Shared by the cart, the server's order pricing and
// the property test that every line shown adds up to the totals shown.
import type Decimal from 'decimal.js';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import { centsText, currentUnitPrice, figure, type PriceBasis, regularUnitPrice, toCents } from './pricing';
import { allocateTaxesOnTop, type RateFigures, vatOn } from './tax-per-rate';
import type { CampaignProduct, CartItem, CartTotals, Product, Unit } from './types';
import { unitMultiplier } from './units';

/**
 * Decisions 005 and 007. Every figure is built up from lines, never split down from a total:
 *
 *   unit net     = the net price of the ordered unit: pack size × net price per primary unit, in cents
 *   line net     = quantity × unit net, rounded once to the cent (the goods; the deposit likewise)
 *   VAT per rate = round(rate × the sum of that rate's nets in the document), fees included
 *   line VAT     = the line's share of its rate's VAT (tax-per-rate.ts), so lines shown gross add up
 *
 * A document is what one invoice covers: a shipment (one warehouse's suborder) with its fees, or
 * the cart before the shipments are known. On the net basis (a customer VAT is not charged to) there
 * is no VAT: every figure is the net one.
 */

export interface CartTotalsLine {
  product: Product | CampaignProduct;
  /** in the line's unit */
  quantity: DecimalInput;
  /** primary units per one of the line's unit (see units.ts `unitMultiplier`) */
  unitMultiplier: DecimalInput;
}

/** A fee or surcharge of a document: a line of its own with its own rate (decision 007). */
export interface DocumentCharge {
  /** net, as configured */
  amount: DecimalInput;
  taxRatePercent: DecimalInput;
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
  /** goods + deposit before VAT */
  net: Decimal;
  /** the product's rate, which its deposit shares */
  ratePercent: string;
}

/** A fee's figures on one basis, in cents. */
export interface ChargeFigures {
  /** on the basis: what the customer is charged for it */
  amount: Decimal;
  net: Decimal;
  /** VAT contained in amount; zero on the net basis */
  tax: Decimal;
  ratePercent: string;
}

export interface DocumentFigures {
  lines: LineFigures[];
  charges: ChargeFigures[];
  /** per rate (lowest first): net, VAT and gross; empty on the net basis, which carries no VAT */
  taxes: RateFigures[];
}

const zero = () => new ExactDecimal(0);

/** The net price of one ordered unit (a box of 20 at 0.34 a piece: 6.80), rounded to the cent. */
export function orderedUnitNet(perPrimaryUnit: Decimal, unitMultiplier: DecimalInput): Decimal {
  return toCents(perPrimaryUnit.times(toDecimal(unitMultiplier)));
}

interface LineNets {
  goods: Decimal;
  regularGoods: Decimal;
  deposit: Decimal;
}

function lineNets(line: CartTotalsLine): LineNets {
  const { product } = line;
  const quantity = toDecimal(line.quantity);
  const times = (perPrimaryUnit: Decimal) =>
    toCents(quantity.times(orderedUnitNet(perPrimaryUnit, line.unitMultiplier)));
  // Price steps are by the line's primary units: 3 boxes of 12 are priced as 36 pieces.
  const primaryUnits = quantity.times(toDecimal(line.unitMultiplier));
  return {
    goods: times(currentUnitPrice(product, primaryUnits)),
    regularGoods: times(regularUnitPrice(product, primaryUnits)),
    deposit: times(figure(product, product.depositPrice)),
  };
}

/**
 * Prices one document: its lines and its fees on the basis. On the gross basis each amount (a line's
 * goods, its deposit, each fee) carries its share of its rate's VAT, so the shares of a rate sum to
 * round(rate × net of that rate) and the gross figures add up to the document's gross. The lines'
 * shares do not depend on the fees (the fees carry their rate's rounding difference), so the goods
 * read the same before and after the fees are known.
 */
export function priceDocument(
  lines: readonly CartTotalsLine[],
  charges: readonly DocumentCharge[],
  basis: PriceBasis,
): DocumentFigures {
  const nets = lines.map(lineNets);
  const rates = lines.map((line) => toDecimal(line.product.taxRatePercent).toString());
  const chargeNets = charges.map((charge) => toCents(toDecimal(charge.amount)));
  const chargeRates = charges.map((charge) => toDecimal(charge.taxRatePercent).toString());
  if (basis === 'net')
    return {
      lines: nets.map((net, index) => ({
        goods: net.goods,
        regularGoods: ExactDecimal.max(net.regularGoods, net.goods),
        deposit: net.deposit,
        tax: zero(),
        net: net.goods.plus(net.deposit),
        ratePercent: rates[index] as string,
      })),
      charges: chargeNets.map((net, index) => ({
        amount: net,
        net,
        tax: zero(),
        ratePercent: chargeRates[index] as string,
      })),
      taxes: [],
    };
  const { shares, rates: taxes } = allocateTaxesOnTop(
    nets.flatMap((net, index) => [
      { net: net.goods, ratePercent: rates[index] as string },
      { net: net.deposit, ratePercent: rates[index] as string },
    ]),
    chargeNets.map((net, index) => ({ net, ratePercent: chargeRates[index] as string })),
  );
  const share = (index: number) => shares[index] as Decimal;
  return {
    lines: nets.map((net, index) => {
      const ratePercent = rates[index] as string;
      const goods = net.goods.plus(share(2 * index));
      const deposit = net.deposit.plus(share(2 * index + 1));
      const regularGoods = net.regularGoods.plus(vatOn(net.regularGoods, ratePercent));
      return {
        goods,
        regularGoods: ExactDecimal.max(regularGoods, goods),
        deposit,
        tax: share(2 * index).plus(share(2 * index + 1)),
        net: net.goods.plus(net.deposit),
        ratePercent,
      };
    }),
    charges: chargeNets.map((net, index) => {
      const tax = share(2 * nets.length + index);
      return { amount: net.plus(tax), net, tax, ratePercent: chargeRates[index] as string };
    }),
    taxes,
  };
}

/** One line on its own: a document of one line, so its VAT is exactly round(rate × its net). */
export function priceLine(line: CartTotalsLine, basis: PriceBasis): LineFigures {
  return priceDocument([line], [], basis).lines[0] as LineFigures;
}

/** Sums line figures: the figures of a cart, a shipment or an order. */
export function sumLineFigures(
  lines: readonly Omit<LineFigures, 'ratePercent'>[],
): Omit<LineFigures, 'ratePercent'> {
  return lines.reduce<Omit<LineFigures, 'ratePercent'>>(
    (sum, line) => ({
      goods: sum.goods.plus(line.goods),
      regularGoods: sum.regularGoods.plus(line.regularGoods),
      deposit: sum.deposit.plus(line.deposit),
      tax: sum.tax.plus(line.tax),
      net: sum.net.plus(line.net),
    }),
    { goods: zero(), regularGoods: zero(), deposit: zero(), tax: zero(), net: zero() },
  );
}

/** Summed figures as the summary reads them (see CartTotals). */
export function toCartTotals(sum: Omit<LineFigures, 'ratePercent' | 'net'>): CartTotals {
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

/** The cart as one document without fees (before the shipments are known). */
export function computeCartTotals(lines: readonly CartTotalsLine[], basis: PriceBasis): CartTotals {
  return toCartTotals(sumLineFigures(priceDocument(lines, [], basis).lines));
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
