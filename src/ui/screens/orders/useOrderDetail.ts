import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Order } from '../../../domain/types';
import { selectApi } from '../../../machines/app.selectors';
import { orderDetailMachine } from '../../../machines/order-detail.machine';
import { useAppActor } from '../../app/AppActorContext';

export type OrderDetailRef = ActorRefFrom<typeof orderDetailMachine>;

/** The order detail machine of one screen: shows a passed-along order at once, else fetches it. */
export function useOrderDetail(orderId: number, order: Order | null): OrderDetailRef {
  const api = useSelector(useAppActor(), selectApi);
  return useActorRef(orderDetailMachine, { input: { api, orderId, order } });
}
