// Edges: a domain Order in, decimal strings out. The order detail's figures, summed exactly here so
// no view adds money (decision 005 for orders that carry their basis; older orders as they were stored).

import { showsAmountLine, sumAmounts } from './cart-totals';
import type { PriceBasis } from './pricing';
import type { Order, OrderItem, RateTax, Suborder } from './types';

export interface OrderLineFigures {
  /** the goods on the order's basis (net, before tax, on an older order) */
  amount: string;
  /** the line's deposit; null on an older order, which stored none per line */
  deposit: string | null;
  /** what the line costs: goods and deposit (older orders: net amount and tax) */
  total: string;
}

export function orderLineFigures(item: OrderItem): OrderLineFigures {
  if (item.deposit !== undefined)
    return { amount: item.price, deposit: item.deposit, total: sumAmounts([item.price, item.deposit]) };
  return { amount: item.price, deposit: null, total: sumAmounts([item.price, item.taxPrice]) };
}

export interface OrderSummaryFigures {
  /** the basis the figures are on; null for an older order (net amounts with tax added) */
  basis: PriceBasis | null;
  subtotal: string;
  /** null when there is none to show (spec point 5: only when greater than zero) */
  discount: string | null;
  /** on a basis: the VAT contained in the total; on an older order: the tax added to it */
  taxes: string;
  /** the VAT per rate, fees included (decision 007); undefined on older orders */
  taxesByRate: RateTax[] | undefined;
  depositTotal: string | null;
  extraCharges: string;
}

const itemsOf = (suborders: readonly Suborder[]) => suborders.flatMap((suborder) => suborder.items);

/**
 * The order's summary. On a basis: goods + deposit + extra charges = the order's total, VAT shown as
 * contained. An older server that sends no order-level figures: the lines' amounts and taxes summed.
 */
export function orderSummaryFigures(order: Order): OrderSummaryFigures {
  const items = itemsOf(order.suborders);
  const discount = order.discountAmount ?? '0';
  const depositTotal =
    order.depositTotal ??
    sumAmounts(items.flatMap((item) => (item.deposit === undefined ? [] : [item.deposit])));
  return {
    basis: order.priceBasis ?? null,
    subtotal: order.subtotal ?? sumAmounts(items.map((item) => item.price)),
    discount: showsAmountLine(discount) ? discount : null,
    taxes: order.tax ?? sumAmounts(items.map((item) => item.taxPrice)),
    taxesByRate: order.taxes,
    depositTotal: showsAmountLine(depositTotal) ? depositTotal : null,
    extraCharges: sumAmounts(
      order.suborders.flatMap((suborder) => suborder.extraCharges.map((charge) => charge.amount)),
    ),
  };
}
