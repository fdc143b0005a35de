import type { SnapshotFrom } from 'xstate';
import type { ErrorInfo } from '../kernel/errorInfo';
import type {
  favouriteListToCartMachine,
  ToCartLine,
  UnavailableListLine,
} from './favourite-list-to-cart.machine';

export type FavouriteListToCartSnapshot = SnapshotFrom<typeof favouriteListToCartMachine>;

export const selectToCartBusy = (s: FavouriteListToCartSnapshot): boolean => s.hasTag('busy');
export const selectToCartDone = (s: FavouriteListToCartSnapshot): boolean => s.matches('done');
export const selectToCartAdded = (s: FavouriteListToCartSnapshot): ToCartLine[] => s.context.added;
export const selectToCartReplaced = (s: FavouriteListToCartSnapshot): ToCartLine[] => s.context.replaced;
export const selectToCartUnavailable = (s: FavouriteListToCartSnapshot): UnavailableListLine[] =>
  s.context.unavailable;
export const selectToCartError = (s: FavouriteListToCartSnapshot): ErrorInfo | null =>
  s.matches('failed') ? s.context.error : null;
