import type { Order, Suborder } from '../../../domain/types';

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
