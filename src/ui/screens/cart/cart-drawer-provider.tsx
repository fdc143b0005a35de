import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo, useState } from 'react';
import { selectIsDemo } from '../../../machines/session';
import { useCartRef } from '../../hooks/cart-hooks';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useBackCloses } from '../../hooks/use-back-closes';
import { CartDrawerContext, CartDrawerOpenContext } from '../../hooks/use-open-cart';
import { CartDrawer } from './cart-drawer';

/**
 * Holds whether the cart drawer is open (view state: it matters to no flow) and renders the drawer
 * once for the whole layout, so the header button, the product dialog and reorder open the same one.
 * A demo user has no cart (spec point 6): no drawer, and the go-to-cart actions hide.
 */
export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const cart = useCartRef();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const value = useMemo(() => ({ openCart: () => setOpen(true), closeCart: () => setOpen(false) }), []);
  const hasCart = !isDemo && cart !== undefined;
  // Back closes the drawer and stays on the page it was opened over
  useBackCloses(hasCart && open, () => setOpen(false));
  // Same element tree with or without a cart: the cart's code arrives after the layout has rendered,
  // and a changed wrapper would remount the whole page (and lose what the customer was typing).
  return (
    <CartDrawerContext.Provider value={hasCart ? value : null}>
      <CartDrawerOpenContext.Provider value={hasCart && open}>
        {children}
        {hasCart && <CartDrawer cart={cart} open={open} onClose={() => setOpen(false)} />}
      </CartDrawerOpenContext.Provider>
    </CartDrawerContext.Provider>
  );
}
