import { type LineFigures, priceLine, sumLineFigures, toCartTotals } from '../../src/domain/cart-totals';
import { type Decimal, ExactDecimal } from '../../src/domain/decimal';
import type { PriceBasis } from '../../src/domain/pricing';
import type { CampaignProduct, CartTotals, Product } from '../../src/domain/types';
import {
  type AvoidableCharge,
  avoidableChargesFor,
  type ExtraCharge,
  extraChargesFor,
} from './extra-charges';

/** What pricing needs of a line: a checked order line (line-rules.ts) or a seeded one. */
export interface PricingLine {
  /** the campaign product when a campaign prices the line */
  product: Product | CampaignProduct;
  /** in the line's unit */
  quantity: string;
  /** primary units per one of the line's unit */
  multiplier: Decimal;
  warehouseId: number;
}

/** One line's figures on the order's basis, in cents (decision 005, `priceLine`). */
export interface PricedLine<L extends PricingLine = PricingLine> {
  line: L;
  /** the goods at the price paid: an order item's `amount` */
  goods: Decimal;
  /** regular − paid, already taken off goods */
  discount: Decimal;
  deposit: Decimal;
  /** VAT contained in goods + deposit; zero on the net basis */
  tax: Decimal;
  figures: LineFigures;
}

export interface PricedSuborder<L extends PricingLine = PricingLine> {
  warehouseId: number;
  lines: PricedLine<L>[];
  /** sums of its lines */
  goods: Decimal;
  discount: Decimal;
  deposit: Decimal;
  tax: Decimal;
  /** goods + deposit: what the delivery fee threshold compares */
  goodsTotal: Decimal;
  extraCharges: ExtraCharge[];
  /** charges more goods from this warehouse would avoid, with how much more */
  avoidableCharges: AvoidableCharge[];
  /** goods + deposit + extra charges */
  total: Decimal;
}

export interface PricedOrder<L extends PricingLine = PricingLine> {
  basis: PriceBasis;
  /** the sums of every line's figures: what computeCartItemsTotals gives for these lines on the basis */
  totals: CartTotals;
  suborders: PricedSuborder<L>[];
  /** what the customer is charged: the sum of the suborders' totals */
  total: Decimal;
}

const sum = (values: readonly Decimal[]) =>
  values.reduce((total, value) => total.plus(value), new ExactDecimal(0));

/**
 * Prices lines on the customer's one basis (decision 005) with the domain's `priceLine`, and splits
 * them into one suborder per warehouse (warehouse id order, lines in the order given) with each
 * suborder's extra charges. Every figure is a sum of line figures, so lines add up to suborders and
 * suborders to the order, to the cent; the totals equal the client's cart totals for the same lines.
 */
export function priceOrder<L extends PricingLine>(lines: readonly L[], basis: PriceBasis): PricedOrder<L> {
  const warehouseIds = [...new Set(lines.map((line) => line.warehouseId))].sort((a, b) => a - b);

  const suborders = warehouseIds.map((warehouseId): PricedSuborder<L> => {
    const own = lines
      .filter((line) => line.warehouseId === warehouseId)
      .map((line): PricedLine<L> => {
        const figures = priceLine(
          { product: line.product, quantity: line.quantity, unitMultiplier: line.multiplier },
          basis,
        );
        return {
          line,
          goods: figures.goods,
          discount: figures.regularGoods.minus(figures.goods),
          deposit: figures.deposit,
          tax: figures.tax,
          figures,
        };
      });
    const summed = sumLineFigures(own.map((entry) => entry.figures));
    const goodsTotal = summed.goods.plus(summed.deposit);
    const extraCharges = extraChargesFor(warehouseId, goodsTotal);
    return {
      warehouseId,
      lines: own,
      goods: summed.goods,
      discount: summed.regularGoods.minus(summed.goods),
      deposit: summed.deposit,
      tax: summed.tax,
      goodsTotal,
      extraCharges,
      avoidableCharges: avoidableChargesFor(goodsTotal),
      total: goodsTotal.plus(sum(extraCharges.map((charge) => new ExactDecimal(charge.amount)))),
    };
  });

  return {
    basis,
    totals: toCartTotals(sumLineFigures(suborders.flatMap((s) => s.lines.map((entry) => entry.figures)))),
    suborders,
    total: sum(suborders.map((suborder) => suborder.total)),
  };
}
