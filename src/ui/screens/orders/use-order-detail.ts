import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Order } from '../../../domain/types';
import { bindOrderDetail, type orderDetailMachine } from '../../../machines/orders';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';

export type OrderDetailRef = ActorRefFrom<typeof orderDetailMachine>;

/**
 * The order detail machine of one screen: shows a passed-along order at once, else fetches it (or
 * finds it in the order list, where the backend has no detail call).
 */
export function useOrderDetail(orderId: number, order: Order | null): OrderDetailRef {
  const canLoadDetail = useCapability('orderDetail');
  return useActorRef(useBoundMachine(bindOrderDetail), {
    ...usePortalInspection(),
    input: { orderId, order, canLoadDetail },
  });
}
