import type { SnapshotFrom } from 'xstate';
import { cartTotalsLines, type LineFigures, sumAmounts } from '../../domain/cart-totals';
import { centsText, type PriceBasis } from '../../domain/pricing';
import { priceShipments } from '../../domain/shipment-figures';
import { rateTaxesText } from '../../domain/tax-per-rate';
import type { CartItem, CartTotals, DecimalString, RateTax, Unit } from '../../domain/types';
import type { OrderPreview } from '../../services/api/orders';
import type { cartQuoteMachine } from './cart-quote.machine';

export type CartQuoteSnapshot = SnapshotFrom<typeof cartQuoteMachine>;

/** The quote when it matches the cart's lines; null while it is worked out again or failed. */
export const selectCurrentQuote = (s: CartQuoteSnapshot): OrderPreview | null =>
  s.matches('quoted') ? s.context.quote : null;
export const selectIsQuoteUpdating = (s: CartQuoteSnapshot): boolean => s.hasTag('updating');
export const selectHasQuoteFailed = (s: CartQuoteSnapshot): boolean => s.matches('failed');
/** The backend has no order preview: the summary stays at the total before fees, which the supplier adds. */
export const selectIsQuoteUnavailable = (s: CartQuoteSnapshot): boolean => s.matches('unavailable');

export interface ShipmentCharge {
  name: string;
  amount: DecimalString;
}

export interface ShipmentQuote {
  warehouseId: number;
  warehouse: string;
  /** the shipment's goods and deposit on the customer's basis */
  goods: DecimalString;
  charges: ShipmentCharge[];
  /** charges that fall away with `missing` more goods from this warehouse */
  avoidable: AvoidableCharge[];
}

export interface AvoidableCharge extends ShipmentCharge {
  /** 'delivery_fee' reads as "for free delivery"; any other charge is named */
  code: string;
  missing: DecimalString;
}

export interface QuotedCartFigures {
  shipments: ShipmentQuote[];
  /** goods + deposit + every shipment's charges: what Order commits to (the preview's total) */
  total: DecimalString;
  /** the lines' figures, each shipment priced as one document (decision 007) */
  goods: CartTotals;
  /** each cart line's figures in its shipment, in the order of the items given: they add up to `goods` */
  lines: LineFigures[];
  /** VAT per rate over the shipments, fees included; empty on the net basis */
  taxes: RateTax[];
  /** every VAT of the order, fees included */
  tax: DecimalString;
}

/**
 * The drawer's figures computed here by the same rule as the server (`priceShipments`), with the
 * server's split into shipments and its fees: each shipment one document, its fees lines at their own
 * rate. Null when a cart line is not in the quote (the quote is for other lines). A fee from a server
 * that sends no rate is taken as it is, without VAT.
 */
export function quotedCartFigures(
  items: readonly CartItem[],
  units: readonly Unit[],
  basis: PriceBasis,
  quote: OrderPreview,
): QuotedCartFigures | null {
  const quoted = new Set(quote.suborders.flatMap((suborder) => suborder.items.map((line) => line.product)));
  if (items.some((item) => !quoted.has(item.product.id))) return null;
  let lines: ReturnType<typeof cartTotalsLines>;
  try {
    lines = cartTotalsLines(items, units);
  } catch {
    return null;
  }
  const positions = quote.suborders.map((suborder) => {
    const own = new Set(suborder.items.map((line) => line.product));
    return items.flatMap((item, index) => (own.has(item.product.id) ? [index] : []));
  });
  const shipmentsIn = quote.suborders.map((suborder, shipment) => {
    return {
      lines: (positions[shipment] as number[]).map((index) => lines[index] as (typeof lines)[number]),
      charges: suborder.extraCharges.map((charge) =>
        charge.netAmount !== undefined && charge.taxRatePercent !== undefined
          ? { amount: charge.netAmount, taxRatePercent: charge.taxRatePercent }
          : { amount: charge.amount, taxRatePercent: '0' },
      ),
    };
  });
  const priced = priceShipments(shipmentsIn, basis);
  const lineFigures: LineFigures[] = [];
  positions.forEach((indices, shipment) => {
    indices.forEach((index, position) => {
      lineFigures[index] = priced.shipments[shipment]?.lines[position] as LineFigures;
    });
  });
  return {
    goods: priced.goods,
    lines: lineFigures,
    shipments: quote.suborders.map((suborder, index): ShipmentQuote => {
      const shipment = priced.shipments[index];
      return {
        warehouseId: suborder.warehouse.id,
        warehouse: suborder.warehouse.name,
        goods: shipment ? sumAmounts([shipment.goods.total]) : '0.00',
        charges: suborder.extraCharges.map(({ name }, position) => ({
          name,
          amount: shipment?.charges[position] ? centsText(shipment.charges[position].amount) : '0.00',
        })),
        avoidable: (suborder.avoidableCharges ?? []).map(({ code, name, amount, missing }) => ({
          code,
          name,
          amount,
          missing,
        })),
      };
    }),
    total: centsText(priced.total),
    taxes: rateTaxesText(priced.taxes).map((rate) => ({
      ratePercent: rate.rate_percent,
      net: rate.net,
      tax: rate.tax,
      gross: rate.gross,
    })),
    tax: centsText(priced.tax),
  };
}
