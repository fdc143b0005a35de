import { type ActorRefFrom, setup } from 'xstate';
import type { FavouriteListSummary } from '../domain/types';
import type { ErrorInfo } from './errorInfo';
import { notBound } from './not-bound';
import type { Ports } from './ports';

// PLACEHOLDER (issue 12 contract): the helper who owns this file replaces the chart; the exported
// names, the context shape and the events below are the contract other files rely on.

export interface FavouriteListsContext {
  /** the caller's lists and the company's shared ones; null until first loaded */
  lists: FavouriteListSummary[] | null;
  error: ErrorInfo | null;
}

export type FavouriteListsEvent =
  /** a view needs the lists: loads the first time, retries after a failure, a no-op once loaded */
  | { type: 'favourites.load' }
  | { type: 'favourites.reload' }
  /** a list was created or changed elsewhere (one-list screen, add-to-list): put in or replace by id */
  | { type: 'favourites.listChanged'; list: FavouriteListSummary }
  /** a list was deleted elsewhere */
  | { type: 'favourites.listRemoved'; id: number }
  /** sign-out: the next user starts from nothing (the app sends it) */
  | { type: 'favourites.cleared' };

/**
 * The signed-in user's favourite lists (systemId `favouriteLists`, spawned with the cart area): the
 * add-to-list menus, the "on a list" marks and the /favourites/ index read it.
 */
export const favouriteListsMachine = setup({
  types: {
    context: {} as FavouriteListsContext,
    events: {} as FavouriteListsEvent,
  },
  actors: {
    loadLists: notBound<FavouriteListSummary[]>('favouriteLists.loadLists'),
  },
}).createMachine({
  id: 'favouriteLists',
  context: { lists: null, error: null },
  initial: 'new',
  states: { new: {} },
});

export type FavouriteListsRef = ActorRefFrom<typeof favouriteListsMachine>;

export const bindFavouriteLists = (_ports: Ports) => favouriteListsMachine;
