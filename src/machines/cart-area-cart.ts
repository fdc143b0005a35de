/** The cart's machines (lines, quote, checkout) and the checkout's draft store: the cart area's second step (cart-area.ts). */
export { browserCheckoutDraftStore } from '../services/checkout-draft';
export { bindCart } from './cart.machine';
