import { createContext, useContext } from 'react';

/** Opens the cart drawer from anywhere in the main layout (header button, product dialog); closes it for a link that leaves it. */
export const CartDrawerContext = createContext<{ openCart: () => void; closeCart: () => void } | null>(null);

/** null outside the main layout (or for a demo user, who has no cart): hide go-to-cart actions then. */
export function useOpenCart(): (() => void) | null {
  return useContext(CartDrawerContext)?.openCart ?? null;
}

/** Closes the drawer: a link inside it that opens another page (Make a standing order). */
export function useCloseCart(): (() => void) | undefined {
  return useContext(CartDrawerContext)?.closeCart;
}

/**
 * Whether the cart drawer is open, for what must keep clear of it (the toasts). Its own context: the
 * go-to-cart actions reading `useOpenCart` do not re-render when the drawer opens or closes.
 */
export const CartDrawerOpenContext = createContext(false);

export function useIsCartOpen(): boolean {
  return useContext(CartDrawerOpenContext);
}
