import { paths } from '../../app/routes';

// The order list's tab lives in the address: `/orders/` shows the open orders,
// `/orders/?tab=closed` the closed ones, so Back and a reload keep the tab.

export type OrdersTab = 'open' | 'closed';

/** The query parameter that holds the tab; anything but "closed" (or none) is the open orders. */
const TAB_PARAMETER = 'tab';

export const ordersTabs: readonly OrdersTab[] = ['open', 'closed'];

export function ordersTabFromSearch(search: string): OrdersTab {
  return new URLSearchParams(search).get(TAB_PARAMETER) === 'closed' ? 'closed' : 'open';
}

/** The order list on a tab: the open tab is the plain path. */
export function ordersListPath(tab: OrdersTab): string {
  return tab === 'closed' ? `${paths.orders}?${new URLSearchParams({ [TAB_PARAMETER]: tab })}` : paths.orders;
}
