import { cartMachine } from './cart.machine';
import { ordersResource } from './orders.machine';

/**
 * The cart, its lines, the checkout and the orders, with the money rules they bring (decimal.js).
 * The app loads this module in the background after start, so the login route does not ship it.
 */
export const cartArea = { cart: cartMachine, orders: ordersResource };
export type CartArea = typeof cartArea;
