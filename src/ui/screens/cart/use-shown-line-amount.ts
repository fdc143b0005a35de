import { useSelector } from '@xstate/react';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { PriceBasis } from '../../../domain/pricing';
import type { Unit } from '../../../domain/types';
import type { CartActorRef } from '../../../machines/cart';
import {
  currentShownLineAmount,
  type ShownLineAmount,
  sameShownLineAmount,
  selectQuoteRef,
} from '../../../machines/cart';

/**
 * One line's share of the cart's figures, following both the cart's items and the drawer's quote (the
 * summary reads the same computation). A change of either re-renders only the lines whose own figures
 * moved: each line compares its own entry, and the cart is priced once per change, not per line.
 */
export function useShownLineAmount(
  cart: CartActorRef,
  productId: number,
  units: readonly Unit[] | null,
  basis: PriceBasis,
): ShownLineAmount | null {
  const quoteRef = useSelector(cart, selectQuoteRef);
  const kept = useRef<ShownLineAmount | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscriptions = [cart.subscribe(onChange), quoteRef?.subscribe(onChange)];
      return () => {
        for (const subscription of subscriptions) subscription?.unsubscribe();
      };
    },
    [cart, quoteRef],
  );
  const read = () => {
    const next = units ? currentShownLineAmount(cart, productId, units, basis) : null;
    // the same object while the figures are equal, so React sees no change
    if (!sameShownLineAmount(kept.current, next)) kept.current = next;
    return kept.current;
  };
  return useSyncExternalStore(subscribe, read);
}
