import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { computeCartItemsTotals, showsAmountLine } from '../../domain/cart-totals';
import type { PriceBasis } from '../../domain/pricing';
import type { CartItem, CartTotals, Unit } from '../../domain/types';
import type { checkoutMachine } from '../checkout';
import type { ErrorInfo } from '../kernel/errorInfo';
import { type cartMachine, lineId } from './cart.machine';
import type { CartLineRef } from './cart-line.machine';
import type { CartQuoteRef } from './cart-quote.machine';

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export const selectCartItems = (s: CartSnapshot): CartItem[] => s.context.items;
export const selectItemCount = (s: CartSnapshot): number => s.context.items.length;
/** "no items": only once the cart is known (a cart still loading is not empty) */
export const selectIsCartEmpty = (s: CartSnapshot): boolean =>
  (s.matches('resolved') || s.matches('reloading')) && s.context.items.length === 0;
export const selectIsCartLoading = (s: CartSnapshot): boolean => s.hasTag('loading');
export const selectCartError = (s: CartSnapshot): ErrorInfo | null => s.context.error;
const selectCartItem = (s: CartSnapshot, productId: number): CartItem | undefined =>
  s.context.items.find((item) => item.product.id === productId);
export const selectIsInCart = (s: CartSnapshot, productId: number): boolean => !!selectCartItem(s, productId);

/** The first line whose quantity control shows text that is no quantity (Order waits for it); null: none. */
export const selectInvalidLineItem = (s: CartSnapshot): CartItem | null => {
  const [first] = s.context.invalidLines;
  return first === undefined ? null : (selectCartItem(s, first) ?? null);
};

/** The line actors in the cart's order (compare with shallowEqual on the refs). */
export const selectLineRefs = (s: CartSnapshot): { productId: number; ref: CartLineRef }[] =>
  s.context.items.flatMap((item) => {
    const ref = (s.children as Record<string, CartLineRef | undefined>)[lineId(item.product.id)];
    return ref ? [{ productId: item.product.id, ref }] : [];
  });

/**
 * Totals recomputed from the items on every change (spec points 4 and 5), never stored, on the
 * customer's one price basis (decision 005): the sums of the lines the drawer shows. Null while a
 * line's unit is missing from `units` (units not loaded yet): the summary shows its loading text.
 */
export function selectCartTotals(
  s: CartSnapshot,
  units: readonly Unit[],
  basis: PriceBasis,
): CartTotals | null {
  try {
    return computeCartItemsTotals(s.context.items, units, basis);
  } catch {
    return null;
  }
}

/** What the summary shows of the totals: the saving and the deposit lines only when greater than 0. */
export interface CartSummaryFigures {
  totals: CartTotals;
  showsDiscount: boolean;
  showsDeposit: boolean;
}

export function selectCartSummary(
  s: CartSnapshot,
  units: readonly Unit[],
  basis: PriceBasis,
): CartSummaryFigures | null {
  const totals = selectCartTotals(s, units, basis);
  if (!totals) return null;
  return {
    totals,
    showsDiscount: showsAmountLine(totals.discountAmount),
    showsDeposit: showsAmountLine(totals.depositTotal),
  };
}

/** The drawer's quote (fees per shipment), invoked by the cart as `quote`. */
export const selectQuoteRef = (s: CartSnapshot): CartQuoteRef | undefined =>
  (s.children as { quote?: CartQuoteRef }).quote;

/** The checkout the cart invokes (id `checkout`); it lives as long as the cart. */
export const selectCheckoutRef = (s: CartSnapshot): ActorRefFrom<typeof checkoutMachine> | undefined =>
  (s.children as { checkout?: ActorRefFrom<typeof checkoutMachine> }).checkout;

/**
 * One product's line actor (a list row of a product in the cart edits this line in place);
 * undefined while the product has no line.
 */
export const selectLineRefOf = (s: CartSnapshot, productId: number): CartLineRef | undefined =>
  (s.children as Record<string, CartLineRef | undefined>)[lineId(productId)];
