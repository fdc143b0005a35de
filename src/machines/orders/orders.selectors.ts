import type { SnapshotFrom } from 'xstate';
import type { Order } from '../../domain/types';
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
/** The list is known (a failed reload keeps the previous one on screen). */
export const selectHasOrdersList = (s: OrdersSnapshot): boolean => s.context.value != null;
export const selectOrdersRejected = (s: OrdersSnapshot): boolean => s.matches('rejected');
export const selectAreOrdersLoading = (s: OrdersSnapshot): boolean =>
  s.matches('loading') || s.matches('new');
