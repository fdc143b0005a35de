import type { StandingOrderSource } from '../../../machines/standing-orders';

// The standing orders' own paths, beside the route table: the login route ships only the menu's entry
// (`paths.standingOrders`), the rest loads with this area.

export const standingOrderPaths = {
  list: '/standing-orders/',
  /** /standing-orders/{id}/: one series with its next deliveries */
  series: (seriesId: number) => `/standing-orders/${seriesId}/`,
  /** the create form, with where the lines come from */
  create: (source: StandingOrderSource) =>
    `/standing-orders/new/?${new URLSearchParams(
      source.kind === 'list'
        ? { source: 'list', id: String(source.listId) }
        : source.kind === 'order'
          ? { source: 'order', id: String(source.orderId) }
          : { source: 'cart' },
    )}`,
  /** an order placed from a delivery */
  order: (orderId: number) => `/orders/${orderId}`,
} as const;

export const standingOrderPatterns = {
  create: '/standing-orders/new/',
  series: '/standing-orders/:id/',
} as const;

/** The source named by the create form's query; null when it names none that exists. */
export function sourceFromSearch(search: string): StandingOrderSource | null {
  const query = new URLSearchParams(search);
  const id = Number(query.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  switch (query.get('source')) {
    case 'list':
      return validId ? { kind: 'list', listId: id } : null;
    case 'order':
      return validId ? { kind: 'order', orderId: id } : null;
    case 'cart':
      return { kind: 'cart' };
    default:
      return null;
  }
}
