import type { SnapshotFrom } from 'xstate';
import type { addToCartMachine } from './add-to-cart.machine';

export type AddToCartSnapshot = SnapshotFrom<typeof addToCartMachine>;

/** The add button shows a spinner. */
export const selectIsAdding = (s: AddToCartSnapshot): boolean => s.hasTag('busy');
/** A disabled "in cart" label and a go-to-cart action replace the button. */
export const selectIsInCart = (s: AddToCartSnapshot): boolean => s.matches('inCart');
/**
 * Whether the chosen amount can be added now (the machine's guard: not while adding or in the cart, never
 * for a product without stock or below one piece). Null quantity or unit: the dialog has none to offer.
 */
export const selectCanAdd = (
  s: AddToCartSnapshot,
  quantity: number | null = 1,
  unitId: number | null = 0,
): boolean =>
  quantity !== null && unitId !== null && s.can({ type: 'addToCart.requested', quantity, unit: unitId });
