import type { Order } from '../../domain/types';
import type { Ports } from '../kernel/ports';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';

/**
 * The company's orders, newest first (spec point 4 "Data loading": loaded lazily, on the
 * orders page or the home table). Reloaded after an order is placed; cleared on sign-out.
 */
export const ordersResource = createResourceMachine<Order[]>('orders');

export const bindOrdersResource = ({ api }: Ports) =>
  bindResource(ordersResource, (signal) => api.orders({ signal }));
