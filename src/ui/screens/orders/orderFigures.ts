import Decimal from 'decimal.js';
import type { Order, OrderItem, Suborder } from '../../../domain/types';

// The order answer carries each line's net amount and tax but no order-level subtotal or tax,
// so the detail adds them up here, exactly, for display only (the server's total is shown as is).
const sum = (values: readonly string[]) =>
  values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed();

/** A line's amount with its tax ("total amount" of spec point 3). */
export const lineTotal = (item: OrderItem) => new Decimal(item.price).plus(item.taxPrice).toFixed();

export function orderFigures(order: Order) {
  const items = order.suborders.flatMap((suborder) => suborder.items);
  return {
    subtotal: sum(items.map((item) => item.price)),
    taxes: sum(items.map((item) => item.taxPrice)),
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
