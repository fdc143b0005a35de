import { useSelector } from '@xstate/react';
import type { Unit } from '../../../domain/types';
import {
  type CartActorRef,
  cartFigures,
  selectCartItems,
  selectCurrentQuote,
  selectQuoteRef,
} from '../../../machines/cart';
import { type MinimumOrderHint, selectMinimumOrderHint } from '../../../machines/checkout';
import { type CheckoutRef, usePriceBasis } from '../../hooks/cart-hooks';

const sameHint = (a: MinimumOrderHint | null, b: MinimumOrderHint | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.missing === b.missing &&
    a.minimum === b.minimum &&
    a.mode === b.mode &&
    a.fee === b.fee &&
    a.day === b.day);

/**
 * The minimum order hint for the cart as it shows it: the goods subtotal of the summary (the same
 * computation, on the customer's basis) against the rule the checkout holds. Null while the cart
 * cannot be priced, once the minimum is reached, or when none applies.
 */
export function useMinimumOrderHint(
  cart: CartActorRef,
  checkout: CheckoutRef,
  units: readonly Unit[] | null,
): MinimumOrderHint | null {
  const items = useSelector(cart, selectCartItems);
  const quoteRef = useSelector(cart, selectQuoteRef);
  const quote = useSelector(quoteRef, (s) => (s ? selectCurrentQuote(s) : null));
  const basis = usePriceBasis();
  const goods =
    units && items.length > 0 ? (cartFigures(items, units, basis, quote)?.totals.subtotal ?? null) : null;
  return useSelector(checkout, (s) => (goods === null ? null : selectMinimumOrderHint(s, goods)), sameHint);
}
