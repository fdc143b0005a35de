import type { SnapshotFrom } from 'xstate';
import type { addToCartMachine } from './add-to-cart.machine';

export type AddToCartSnapshot = SnapshotFrom<typeof addToCartMachine>;

/** The add button shows a spinner. */
export const selectIsAdding = (s: AddToCartSnapshot): boolean => s.hasTag('busy');
/** A disabled "in cart" label and a go-to-cart action replace the button. */
export const selectIsInCart = (s: AddToCartSnapshot): boolean => s.matches('inCart');
/** False while adding or in the cart, and for a product without stock (the machine's guard). */
export const selectCanAdd = (s: AddToCartSnapshot): boolean =>
  s.can({ type: 'addToCart.requested', quantity: 1, unit: 0 });
