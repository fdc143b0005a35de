import {
  type CartTotalsLine,
  type ChargeFigures,
  type LineFigures,
  priceDocument,
  sumLineFigures,
} from '../../src/domain/cart-totals';
import type { Decimal } from '../../src/domain/decimal';
import { centsText, type PriceBasis } from '../../src/domain/pricing';
import { type PricedShipment, priceShipments } from '../../src/domain/shipment-figures';
import type { RateFigures } from '../../src/domain/tax-per-rate';
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
  /** the VAT its lines contain (their shares of each rate's VAT) */
  tax: Decimal;
  /** goods + deposit before fees, priced on their own: what the delivery fee threshold compares */
  goodsTotal: Decimal;
  /** its fees, each on the basis with its net, rate and VAT share */
  extraCharges: PricedCharge[];
  /** charges more goods from this warehouse would avoid, with how much more */
  avoidableCharges: AvoidableCharge[];
  /** per rate, fees included: each rate's VAT is round(rate × net) (decision 007); empty on the net basis */
  taxes: RateFigures[];
  /** every VAT the suborder contains: its lines' and its fees' */
  allTax: Decimal;
  /** goods + deposit + extra charges */
  total: Decimal;
}

/** A suborder's fee: `amount` is on the order's basis (gross on the gross basis). */
export interface PricedCharge extends ExtraCharge {
  net: string;
  taxRatePercent: string;
  tax: string;
}

export interface PricedOrder<L extends PricingLine = PricingLine> {
  basis: PriceBasis;
  /** the sums of every line's figures (goods, deposit, the goods' VAT), fees not included */
  totals: CartTotals;
  suborders: PricedSuborder<L>[];
  /** per rate over all suborders, fees included */
  taxes: RateFigures[];
  /** every VAT of the order, fees included: what "includes VAT" under the total means */
  tax: Decimal;
  /** what the customer is charged: the sum of the suborders' totals */
  total: Decimal;
}

/**
 * Prices lines on the customer's one basis (decisions 005 and 007) and splits them into one
 * suborder per warehouse (warehouse id order, lines in the order given). Each suborder is one
 * document with its fees (`priceShipments`): VAT per rate on its nets, fees taxed at their own rate.
 * Every figure is a sum of line figures, so lines add up to suborders and suborders to the order,
 * to the cent, as the client computes them for the same split. `orderCharges` are the order's own
 * (one per drop, as the minimum order fee): the first suborder carries them, taxed as its other fees.
 */
export function priceOrder<L extends PricingLine>(
  lines: readonly L[],
  basis: PriceBasis,
  orderCharges: readonly ExtraCharge[] = [],
): PricedOrder<L> {
  const warehouseIds = [...new Set(lines.map((line) => line.warehouseId))].sort((a, b) => a - b);
  const toTotalsLine = (line: L): CartTotalsLine => ({
    product: line.product,
    quantity: line.quantity,
    unitMultiplier: line.multiplier,
  });
  const groups = warehouseIds.map((warehouseId, index) => {
    const own = lines.filter((line) => line.warehouseId === warehouseId);
    // The threshold compares the goods before fees, so a fee cannot move its own threshold.
    const before = sumLineFigures(priceDocument(own.map(toTotalsLine), [], basis).lines);
    const goodsTotal = before.goods.plus(before.deposit);
    const charges = extraChargesFor(warehouseId, goodsTotal);
    return { warehouseId, own, goodsTotal, charges: index === 0 ? [...charges, ...orderCharges] : charges };
  });
  const priced = priceShipments(
    groups.map((group) => ({
      lines: group.own.map(toTotalsLine),
      charges: group.charges.map((charge) => ({
        amount: charge.amount,
        taxRatePercent: charge.taxRatePercent,
      })),
    })),
    basis,
  );

  const suborders = groups.map((group, index): PricedSuborder<L> => {
    const shipment = priced.shipments[index] as PricedShipment;
    const own = group.own.map((line, position): PricedLine<L> => {
      const figures = shipment.lines[position] as LineFigures;
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
    return {
      warehouseId: group.warehouseId,
      lines: own,
      goods: summed.goods,
      discount: summed.regularGoods.minus(summed.goods),
      deposit: summed.deposit,
      tax: summed.tax,
      goodsTotal: group.goodsTotal,
      extraCharges: group.charges.map((charge, position) => {
        const figures = shipment.charges[position] as ChargeFigures;
        return {
          code: charge.code,
          name: charge.name,
          amount: centsText(figures.amount),
          net: centsText(figures.net),
          taxRatePercent: charge.taxRatePercent,
          tax: centsText(figures.tax),
        };
      }),
      avoidableCharges: avoidableChargesFor(group.goodsTotal, basis),
      taxes: shipment.taxes,
      allTax: shipment.tax,
      total: shipment.total,
    };
  });

  return {
    basis,
    totals: priced.goods,
    suborders,
    taxes: priced.taxes,
    tax: priced.tax,
    total: priced.total,
  };
}

/** The same order priced again with the order's own charges (the minimum order fee) on its first suborder. */
export function withOrderCharges<L extends PricingLine>(
  priced: PricedOrder<L>,
  orderCharges: readonly ExtraCharge[],
): PricedOrder<L> {
  if (orderCharges.length === 0) return priced;
  const lines = priced.suborders.flatMap((suborder) => suborder.lines.map((entry) => entry.line));
  return priceOrder(lines, priced.basis, orderCharges);
}
