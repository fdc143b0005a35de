import type { SnapshotFrom } from 'xstate';
import { sumAmounts } from '../domain/cart-totals';
import type { CartTotals, DecimalString } from '../domain/types';
import type { OrderPreview } from '../services/api/orders';
import type { cartQuoteMachine } from './cart-quote.machine';

export type CartQuoteSnapshot = SnapshotFrom<typeof cartQuoteMachine>;

/** The quote when it matches the cart's lines; null while it is worked out again or failed. */
export const selectCurrentQuote = (s: CartQuoteSnapshot): OrderPreview | null =>
  s.matches('quoted') ? s.context.quote : null;
export const selectIsQuoteUpdating = (s: CartQuoteSnapshot): boolean => s.hasTag('updating');
export const selectHasQuoteFailed = (s: CartQuoteSnapshot): boolean => s.matches('failed');

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

export interface DrawerFigures {
  shipments: ShipmentQuote[];
  /** the cart's total plus every shipment's charges: what Order commits to */
  total: DecimalString;
}

/**
 * The drawer's shipments and grand total: the cart's own figures (the lines it lists) plus the fees
 * the server quoted per warehouse, so the lines, the shares and the total shown add up.
 */
export function drawerFigures(totals: CartTotals, quote: OrderPreview): DrawerFigures {
  const shipments = quote.suborders.map(
    (suborder): ShipmentQuote => ({
      warehouseId: suborder.warehouse.id,
      warehouse: suborder.warehouse.name,
      goods: sumAmounts([suborder.subtotal, suborder.depositTotal]),
      charges: suborder.extraCharges.map(({ name, amount }) => ({ name, amount })),
      avoidable: (suborder.avoidableCharges ?? []).map(({ code, name, amount, missing }) => ({
        code,
        name,
        amount,
        missing,
      })),
    }),
  );
  return {
    shipments,
    total: sumAmounts([totals.total, ...shipments.flatMap((s) => s.charges.map((c) => c.amount))]),
  };
}
