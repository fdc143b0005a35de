import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Order } from '../../domain/types';
import { selectOrders } from '../../machines/orders.selectors';
import { useOrdersRef } from './cartHooks';

const none: Order[] = [];

/** The orders resource as a view needs it; asking for it loads it the first time (spec point 4). */
export function useOrders() {
  const orders = useOrdersRef();
  useEffect(() => orders?.send({ type: 'resource.load' }), [orders]);
  const list = useSelector(orders, (s) => (s ? selectOrders(s) : none), shallowEqual);
  const status = useSelector(orders, (s) => (s ? String(s.value) : 'new'));
  const hasValue = useSelector(orders, (s) => s?.context.value != null);
  return {
    orders: list,
    loading: !hasValue && status !== 'rejected',
    /** the list could not be loaded (a failed reload keeps the previous one on screen) */
    failed: status === 'rejected' && !hasValue,
    retry: () => orders?.send({ type: 'resource.load' }),
  };
}
