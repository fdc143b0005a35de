// Edges: shipments (cart lines and net fees per warehouse) in, Decimal cents and CartTotals out. The one
// computation the cart drawer (with the server's split), the preview and the stored order share.
import type Decimal from 'decimal.js';
import {
  type CartTotalsLine,
  type DocumentCharge,
  type DocumentFigures,
  priceDocument,
  sumLineFigures,
  toCartTotals,
} from './cart-totals';
import { ExactDecimal } from './decimal';
import type { PriceBasis } from './pricing';
import { type RateFigures, sumRateFigures } from './tax-per-rate';
import type { CartTotals } from './types';

export interface ShipmentInput<L extends CartTotalsLine = CartTotalsLine> {
  lines: readonly L[];
  charges: readonly DocumentCharge[];
}

export interface PricedShipment extends DocumentFigures {
  /** the sums of its lines' figures */
  goods: CartTotals;
  /** its fees on the basis */
  chargesTotal: Decimal;
  /** every VAT it contains: its lines' and its fees' (zero on the net basis) */
  tax: Decimal;
  /** goods + deposit + fees */
  total: Decimal;
}

export interface PricedShipments {
  shipments: PricedShipment[];
  /** the sums of every line's figures (goods, deposit, the goods' VAT) */
  goods: CartTotals;
  /** per rate over all shipments, fees included: each shipment's VAT is round(rate × its net) */
  taxes: RateFigures[];
  /** every VAT the order contains, fees included */
  tax: Decimal;
  /** what the customer is charged: goods + deposit + fees */
  total: Decimal;
}

const sum = (values: readonly Decimal[]) =>
  values.reduce((total, value) => total.plus(value), new ExactDecimal(0));

/**
 * Each shipment is one document (what one invoice covers: decision 007), priced with its own fees;
 * the order's figures are the sums of its shipments', so lines add up to shipments and shipments to
 * the order to the cent.
 */
export function priceShipments(shipments: readonly ShipmentInput[], basis: PriceBasis): PricedShipments {
  const priced = shipments.map((shipment): PricedShipment => {
    const figures = priceDocument(shipment.lines, shipment.charges, basis);
    const lines = sumLineFigures(figures.lines);
    const charges = sum(figures.charges.map((charge) => charge.amount));
    return {
      ...figures,
      goods: toCartTotals(lines),
      chargesTotal: charges,
      tax: lines.tax.plus(sum(figures.charges.map((charge) => charge.tax))),
      total: lines.goods.plus(lines.deposit).plus(charges),
    };
  });
  return {
    shipments: priced,
    goods: toCartTotals(sumLineFigures(priced.flatMap((shipment) => shipment.lines))),
    taxes: sumRateFigures(priced.map((shipment) => shipment.taxes)),
    tax: sum(priced.map((shipment) => shipment.tax)),
    total: sum(priced.map((shipment) => shipment.total)),
  };
}
