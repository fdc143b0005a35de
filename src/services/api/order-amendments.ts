import type { Order, OrderAmendment } from '../../domain/types';
import type { HttpClient } from './client';
import { idSegment } from './id-segment';
import { orderWire, toOrder } from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

/**
 * Changing or cancelling a placed order until its cut-off (docs/api.md "Order changes", capability
 * `orderAmendment`). Both send the version the buyer saw: a change made meanwhile by another tab or
 * user answers 409 `order_changed`; after the cut-off 409 `order_cutoff_passed`; lines, day and minimum
 * are checked as for a new order (400).
 */
export interface OrderAmendmentsApi {
  /** PUT /netb2b/orders/{id}/: stores a new version of the order; answers the order as it is now */
  amendOrder(orderId: number, amendment: OrderAmendment, options?: CallOptions): Promise<Order>;
  /** POST /netb2b/orders/{id}/cancel/: answers the cancelled order */
  cancelOrder(orderId: number, version: number, options?: CallOptions): Promise<Order>;
}

const orderPath = (id: number) => `netb2b/orders/${idSegment(id)}/`;

export function orderAmendmentsApi(http: HttpClient): OrderAmendmentsApi {
  return {
    amendOrder: (orderId, amendment, options = {}) =>
      http.call(
        {
          method: 'put',
          path: orderPath(orderId),
          json: {
            version: amendment.version,
            items: amendment.items,
            expected_delivery_date: amendment.expectedDeliveryDate,
            ...(amendment.customerNote === undefined ? {} : { customer_note: amendment.customerNote }),
          },
          signal: options.signal,
        },
        orderWire,
        toOrder,
      ),
    cancelOrder: (orderId, version, options = {}) =>
      http.call(
        {
          method: 'post',
          path: `${orderPath(orderId)}cancel/`,
          json: { version },
          signal: options.signal,
        },
        orderWire,
        toOrder,
      ),
  };
}
