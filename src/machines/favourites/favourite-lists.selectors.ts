import type { SnapshotFrom } from 'xstate';
import type { FavouriteListSummary } from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { favouriteListsMachine } from './favourite-lists.machine';

export type FavouriteListsSnapshot = SnapshotFrom<typeof favouriteListsMachine>;
export type FavouriteListsStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected' | 'notOffered';

const none: FavouriteListSummary[] = [];

/** Where the lists are: a fetch reads as `loading` (the first) or `reloading` (lists shown stay). */
export const selectFavouriteListsStatus = (s: FavouriteListsSnapshot): FavouriteListsStatus =>
  typeof s.value === 'string' ? s.value : s.value.fetching;
/** Nothing to show yet: the first load has not answered. */
export const selectAreFavouriteListsLoading = (s: FavouriteListsSnapshot): boolean =>
  s.context.lists === null && (s.matches('new') || s.matches({ fetching: 'loading' }));
/** The backend turned out to have no favourite lists: every list control hides. */
export const selectFavouriteListsNotOffered = (s: FavouriteListsSnapshot): boolean => s.matches('notOffered');
export const selectFavouriteListsFailed = (s: FavouriteListsSnapshot): boolean => s.matches('rejected');
export const selectFavouriteListsError = (s: FavouriteListsSnapshot): ErrorInfo | null =>
  s.matches('rejected') ? s.context.error : null;
/** Every visible list, own ones first (the server's order); empty until loaded. */
export const selectFavouriteLists = (s: FavouriteListsSnapshot): FavouriteListSummary[] =>
  s.context.lists ?? none;
export const selectHasLoadedFavouriteLists = (s: FavouriteListsSnapshot): boolean => s.context.lists !== null;
/** The caller's own lists: the ones a product can be put on. */
export const selectOwnFavouriteLists = (s: FavouriteListsSnapshot): FavouriteListSummary[] =>
  selectFavouriteLists(s).filter((list) => list.editable);
/** Colleagues' lists shared with the company (usable, not changeable). */
export const selectSharedByColleagues = (s: FavouriteListsSnapshot): FavouriteListSummary[] =>
  selectFavouriteLists(s).filter((list) => !list.editable);
export const selectFavouriteListById = (s: FavouriteListsSnapshot, id: number): FavouriteListSummary | null =>
  selectFavouriteLists(s).find((list) => list.id === id) ?? null;
/** The ids of the lists (own or shared) the product is on. */
export const selectListIdsHolding = (s: FavouriteListsSnapshot, productId: number): number[] =>
  selectFavouriteLists(s)
    .filter((list) => list.productIds.includes(productId))
    .map((list) => list.id);
/** Whether the product is on any list the caller sees (the star is filled). */
export const selectIsOnAnyList = (s: FavouriteListsSnapshot, productId: number): boolean =>
  selectFavouriteLists(s).some((list) => list.productIds.includes(productId));
