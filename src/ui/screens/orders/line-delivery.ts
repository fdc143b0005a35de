import { toDecimal } from '../../../domain/decimal';
import type { DecimalString, OrderItem, Suborder } from '../../../domain/types';

/** What arrived of an order line: all of it, or less than was ordered. */
type LineDelivery = { kind: 'full' } | { kind: 'short'; delivered: DecimalString };

/** States in which the supplier has reported the suborder delivered. */
const deliveredStates = new Set(['delivered', 'invoiced']);

/**
 * Whether the supplier reported the suborder's delivery, so its lines show what arrived. A backend
 * without suborder reports never says so: its lines look as they always did.
 */
export const isDeliveryReported = (suborder: Pick<Suborder, 'status' | 'timeline' | 'items'>): boolean =>
  (suborder.timeline !== undefined && deliveredStates.has(suborder.status)) ||
  suborder.items.some((item) => item.deliveredQuantity != null);

/** A line the report does not name arrived in full; one with less than its quantity is short. */
export function lineDelivery(item: Pick<OrderItem, 'quantity' | 'deliveredQuantity'>): LineDelivery {
  const delivered = item.deliveredQuantity;
  if (delivered == null || toDecimal(delivered).gte(toDecimal(item.quantity))) return { kind: 'full' };
  return { kind: 'short', delivered };
}

/** How many of the suborder's lines arrived short, and how many came as another product. */
export function deliveryDifferences(items: readonly OrderItem[]): { short: number; substituted: number } {
  return {
    short: items.filter((item) => lineDelivery(item).kind === 'short').length,
    substituted: items.filter((item) => item.substitute != null).length,
  };
}
