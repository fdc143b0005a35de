import type { SnapshotFrom } from 'xstate';
import type { ErrorInfo } from '../kernel/errorInfo';
import type {
  ChangedListLine,
  favouriteListToCartMachine,
  ToCartLine,
  UnavailableListLine,
} from './favourite-list-to-cart.machine';

export type FavouriteListToCartSnapshot = SnapshotFrom<typeof favouriteListToCartMachine>;

export const selectToCartBusy = (s: FavouriteListToCartSnapshot): boolean => s.hasTag('busy');
export const selectToCartDone = (s: FavouriteListToCartSnapshot): boolean =>
  s.matches({ ready: { accepting: 'done' } });
export const selectToCartAdded = (s: FavouriteListToCartSnapshot): ToCartLine[] => s.context.added;
/** Lines whose product was in the cart: its line before and after, added to or replaced. */
export const selectToCartChanged = (s: FavouriteListToCartSnapshot): ChangedListLine[] => s.context.changed;
/** Whether lines of products already in the cart add to their quantity or replace it. */
export const selectToCartMode = (s: FavouriteListToCartSnapshot) => s.context.mode;
export const selectToCartUnavailable = (s: FavouriteListToCartSnapshot): UnavailableListLine[] =>
  s.context.unavailable;
export const selectToCartError = (s: FavouriteListToCartSnapshot): ErrorInfo | null =>
  s.matches({ ready: 'failed' }) ? s.context.error : null;
