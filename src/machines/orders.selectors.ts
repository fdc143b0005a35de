import type { SnapshotFrom } from 'xstate';
import type { Order } from '../domain/types';
import type { ErrorInfo } from './errorInfo';
import type { ordersResource } from './orders.machine';

export type OrdersSnapshot = SnapshotFrom<typeof ordersResource>;

/** Spec point 9: the home table shows the 5 latest orders. */
export const LATEST_ORDERS_COUNT = 5;

const noOrders: Order[] = [];

/** Newest first, as the server sends them. */
export const selectOrders = (s: OrdersSnapshot): Order[] => s.context.value ?? noOrders;
export const selectLatestOrders = (s: OrdersSnapshot, count = LATEST_ORDERS_COUNT): Order[] =>
  selectOrders(s).slice(0, count);
/** Spec point 4 "Order": open and closed are told apart by isFinalized. */
export const selectOpenOrders = (s: OrdersSnapshot): Order[] => selectOrders(s).filter((o) => !o.isFinalized);
export const selectClosedOrders = (s: OrdersSnapshot): Order[] =>
  selectOrders(s).filter((o) => o.isFinalized);
export const selectOrdersError = (s: OrdersSnapshot): ErrorInfo | null => s.context.error;
export const selectAreOrdersLoading = (s: OrdersSnapshot): boolean =>
  s.matches('loading') || s.matches('new');
