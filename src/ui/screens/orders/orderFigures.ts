import Decimal from 'decimal.js';
import { showsAmountLine } from '../../../domain/cart-totals';
import type { Order, OrderItem, Suborder } from '../../../domain/types';

// An older server sends no order-level figures: then the detail adds up the lines' net amounts and
// taxes, exactly, for display only (the server's total is shown as is) and shows no discount or deposit.
const sum = (values: readonly string[]) =>
  values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed();

/** A line's amount with its tax ("total amount" of spec point 3). */
export const lineTotal = (item: OrderItem) => new Decimal(item.price).plus(item.taxPrice).toFixed();

export function orderFigures(order: Order) {
  const items = order.suborders.flatMap((suborder) => suborder.items);
  const discount = order.discountAmount ?? '0';
  const depositTotal = order.depositTotal ?? '0';
  return {
    subtotal: order.subtotal ?? sum(items.map((item) => item.price)),
    /** null when there is none to show (spec point 5: only when greater than zero) */
    discount: showsAmountLine(discount) ? discount : null,
    taxes: order.tax ?? sum(items.map((item) => item.taxPrice)),
    depositTotal: showsAmountLine(depositTotal) ? depositTotal : null,
    extraCharges: sum(
      order.suborders.flatMap((suborder) => suborder.extraCharges.map((charge) => charge.amount)),
    ),
  };
}

/** The latest estimated delivery among the suborders: when everything should have arrived. */
export function latestDelivery(suborders: readonly Suborder[]): string | null {
  const dates = suborders.flatMap((suborder) =>
    suborder.estimatedDeliveryDate ? [suborder.estimatedDeliveryDate] : [],
  );
  return dates.sort().at(-1) ?? null;
}

/** The delivery date the customer asked for at checkout, else when the suborders are expected. */
export const orderDeliveryDate = (order: Order): string | null =>
  order.expectedDeliveryDate ?? latestDelivery(order.suborders);
