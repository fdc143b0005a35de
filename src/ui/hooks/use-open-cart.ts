import { createContext, useContext } from 'react';

/** Opens the cart drawer from anywhere in the main layout (header button, product dialog). */
export const CartDrawerContext = createContext<{ openCart: () => void } | null>(null);

/** null outside the main layout (or for a demo user, who has no cart): hide go-to-cart actions then. */
export function useOpenCart(): (() => void) | null {
  return useContext(CartDrawerContext)?.openCart ?? null;
}
