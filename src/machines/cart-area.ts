import { bindCart } from './cart.machine';
import { bindNotificationReads } from './notification-reads.machine';
import { bindOrdersResource } from './orders.machine';
import type { Ports } from './ports';

/**
 * The cart, its lines, the checkout, the orders and notification mark-read, with the money rules they bring (decimal.js),
 * bound to the ports. The app loads this module in the background after start, so the login route
 * does not ship it.
 */
export const bindCartArea = (ports: Ports) => ({
  cart: bindCart(ports),
  orders: bindOrdersResource(ports),
  // marking a notification read is only needed once someone has signed in: it stays out of the login route
  notificationReads: bindNotificationReads(ports),
});
export type CartArea = ReturnType<typeof bindCartArea>;
