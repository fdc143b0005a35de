import type { SnapshotFrom } from 'xstate';
import { computeCartItemsTotals, shownCartTotal, showsAmountLine } from '../domain/cart-totals';
import type { CartItem, CartTotals, Unit } from '../domain/types';
import type { PortalApi } from '../services/api';
import type { appMachine } from './app.machine';
import { type CartItemError, type cartMachine, lineId } from './cart.machine';
import type { CartLineRef } from './cart-line.machine';
import type { ErrorInfo } from './errorInfo';

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export const selectCartItems = (s: CartSnapshot): CartItem[] => s.context.items;
export const selectItemCount = (s: CartSnapshot): number => s.context.items.length;
/** "no items": only once the cart is known (a cart still loading is not empty) */
export const selectIsCartEmpty = (s: CartSnapshot): boolean =>
  (s.matches('resolved') || s.matches('reloading')) && s.context.items.length === 0;
export const selectIsCartLoading = (s: CartSnapshot): boolean => s.hasTag('loading');
export const selectCartError = (s: CartSnapshot): ErrorInfo | null => s.context.error;
export const selectItemError = (s: CartSnapshot): CartItemError | null => s.context.itemError;
export const selectCartItem = (s: CartSnapshot, productId: number): CartItem | undefined =>
  s.context.items.find((item) => item.product.id === productId);
export const selectIsInCart = (s: CartSnapshot, productId: number): boolean => !!selectCartItem(s, productId);

/** The line actors in the cart's order (compare with shallowEqual on the refs). */
export const selectLineRefs = (s: CartSnapshot): { productId: number; ref: CartLineRef }[] =>
  s.context.items.flatMap((item) => {
    const ref = (s.children as Record<string, CartLineRef | undefined>)[lineId(item.product.id)];
    return ref ? [{ productId: item.product.id, ref }] : [];
  });

/**
 * Totals recomputed from the items on every change (spec points 4 and 5), never stored. Null while
 * a line's unit is missing from `units` (units not loaded yet): the summary shows its loading text.
 */
export function selectCartTotals(s: CartSnapshot, units: readonly Unit[]): CartTotals | null {
  try {
    return computeCartItemsTotals(s.context.items, units);
  } catch {
    return null;
  }
}

/** The total the summary shows: with tax when tax applies, else without; 2 decimals. */
export function selectShownCartTotal(
  s: CartSnapshot,
  units: readonly Unit[],
  taxApplies: boolean,
): string | null {
  const totals = selectCartTotals(s, units);
  return totals ? shownCartTotal(totals, taxApplies) : null;
}

/** The discount line shows only when greater than 0. */
export const selectShowsDiscount = (s: CartSnapshot, units: readonly Unit[]): boolean => {
  const totals = selectCartTotals(s, units);
  return totals !== null && showsAmountLine(totals.discountAmount);
};

/** The deposit line shows only when greater than 0. */
export const selectShowsDeposit = (s: CartSnapshot, units: readonly Unit[]): boolean => {
  const totals = selectCartTotals(s, units);
  return totals !== null && showsAmountLine(totals.depositTotal);
};

/** The app's API client, for the machines a view creates (add to cart, order detail, reorder). */
export const selectApi = (s: SnapshotFrom<typeof appMachine>): PortalApi => s.context.api;
