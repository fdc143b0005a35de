import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Order } from '../../domain/types';
import type { OrdersSnapshot } from '../../machines/orders';
import {
  selectAreOrdersLoading,
  selectHasOrdersList,
  selectOrders,
  selectOrdersRejected,
} from '../../machines/orders';
import { useOrdersRef } from './cart-hooks';

const none: Order[] = [];

/**
 * The orders resource as a view needs it, the list through `select` (all, open, closed, latest);
 * asking for it loads it the first time (spec point 4).
 */
export function useOrders(select: (s: OrdersSnapshot) => Order[] = selectOrders) {
  const orders = useOrdersRef();
  useEffect(() => orders?.send({ type: 'resource.load' }), [orders]);
  const list = useSelector(orders, (s) => (s ? select(s) : none), shallowEqual);
  const loading = useSelector(orders, (s) => (s ? selectAreOrdersLoading(s) : true));
  const rejected = useSelector(orders, (s) => (s ? selectOrdersRejected(s) : false));
  const hasValue = useSelector(orders, (s) => (s ? selectHasOrdersList(s) : false));
  return {
    orders: list,
    loading,
    /** the list could not be loaded (a failed reload keeps the previous one on screen) */
    failed: rejected && !hasValue,
    retry: () => orders?.send({ type: 'resource.load' }),
  };
}
