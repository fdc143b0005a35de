import {
  type ActorRefFrom,
  assign,
  type EventObject,
  enqueueActions,
  fromPromise,
  type MachineContext,
  setup,
} from 'xstate';
import { nameCollator } from '../../domain/name-collation';
import type { FavouriteListSummary } from '../../domain/types';
import { isApiError } from '../../services/api';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

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

// The write problems of every favourite-list machine (add to list, create, one list), worded by views.

/** Why a favourite-list write did not go through: the server's code (`list_limit`…) and status. */
export interface FavouriteWriteProblem {
  code: string | null;
  status: number | null;
}

/** The server's refusals a view words on their own; anything else is the generic message with a retry. */
export const FAVOURITE_REFUSAL_CODES = ['list_limit', 'line_limit', 'name_taken', 'not_owner'] as const;

export const toFavouriteWriteProblem = (error: unknown): FavouriteWriteProblem => ({
  code: isApiError(error) ? error.code : null,
  status: toErrorInfo(error).status,
});

/** A 4xx is the server saying no (shown, not reported); a 5xx, network or parse failure is reported. */
export const isRefusalError = (error: unknown): boolean => {
  const { status } = toErrorInfo(error);
  return status !== null && status >= 400 && status < 500;
};

/** A refusal retrying cannot fix (the limits, a taken name, another's list). */
export const isFinalRefusal = (problem: FavouriteWriteProblem | null): boolean =>
  problem !== null && (FAVOURITE_REFUSAL_CODES as readonly (string | null)[]).includes(problem.code);

/** The translation key of a problem: one per known code, else the generic one (with a retry). */
export function favouriteProblemKey(problem: FavouriteWriteProblem): `favourites.errors.${string}` {
  switch (problem.code) {
    case 'list_limit':
      return 'favourites.errors.listLimit';
    case 'line_limit':
      return 'favourites.errors.lineLimit';
    case 'name_taken':
      return 'favourites.errors.nameTaken';
    case 'not_owner':
      return 'favourites.errors.notOwner';
    default:
      return 'favourites.errors.failed';
  }
}

const LIST_NAME_ORDER: Intl.CollatorOptions = { sensitivity: 'base', numeric: true };

/**
 * The server's order (docs/api.md "Favourite lists"): the caller's own lists first, then the shared
 * lists of colleagues, each group by name; so a list patched in lands where a reload would put it.
 */
export function sortFavouriteLists(lists: readonly FavouriteListSummary[]): FavouriteListSummary[] {
  const byName = nameCollator(undefined, LIST_NAME_ORDER);
  return [...lists].sort(
    (a, b) => Number(b.editable) - Number(a.editable) || byName.compare(a.name, b.name) || a.id - b.id,
  );
}

/**
 * The signed-in user's favourite lists (systemId `favouriteLists`, spawned with the cart area): the
 * add-to-list menus, the "on a list" marks and the /favourites/ index read it. Lazy like a resource
 * (spec point 4): new → loading → resolved | rejected; a reload keeps the lists on screen.
 */
export const favouriteListsMachine = setup({
  types: {
    context: {} as FavouriteListsContext,
    events: {} as FavouriteListsEvent,
  },
  actors: {
    loadLists: notBound<FavouriteListSummary[]>('favouriteLists.loadLists'),
  },
  guards: {
    hasLists: ({ context }) => context.lists !== null,
    /** the backend has no favourite lists at all (a capability it lacks) */
    isMissingCall: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
  },
  actions: {
    keepLists: assign((_, params: { lists: FavouriteListSummary[] }) => ({
      lists: sortFavouriteLists(params.lists),
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetLists: assign({ lists: null, error: null }),
    putList: assign(({ context }, params: { list: FavouriteListSummary }) =>
      context.lists === null
        ? {}
        : {
            lists: sortFavouriteLists([
              ...context.lists.filter((list) => list.id !== params.list.id),
              params.list,
            ]),
          },
    ),
    dropList: assign(({ context }, params: { id: number }) =>
      context.lists === null ? {} : { lists: context.lists.filter((list) => list.id !== params.id) },
    ),
    /** spec point 8: a no-op unless bound (`bindFavouriteLists` reports) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'favouriteLists',
  context: { lists: null, error: null },
  initial: 'new',
  on: {
    'favourites.cleared': { target: '.new', actions: 'forgetLists' },
    // a write elsewhere shows at once, in any state; before the first load there is nothing to patch
    'favourites.listChanged': {
      actions: { type: 'putList', params: ({ event }) => ({ list: event.list }) },
    },
    'favourites.listRemoved': {
      actions: { type: 'dropList', params: ({ event }) => ({ id: event.id }) },
    },
  },
  states: {
    new: {
      description:
        'The favourite lists are not fetched yet (and are forgotten at sign-out); they load as soon as the lists page, a product\'s star or an "On a list" mark needs them.',
      on: { 'favourites.load': 'fetching.loading', 'favourites.reload': 'fetching.loading' },
    },
    fetching: {
      description:
        'The lists are being fetched from the server: the first time, or afresh while the ones already shown stay.',
      initial: 'loading',
      invoke: {
        id: 'loadLists',
        src: 'loadLists',
        onDone: {
          target: 'resolved',
          actions: { type: 'keepLists', params: ({ event }) => ({ lists: event.output }) },
        },
        // lists already shown stay, so a view keeps showing them next to the error
        onError: [
          {
            guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
            target: 'notOffered',
            actions: 'forgetLists',
          },
          {
            target: 'rejected',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
      states: {
        loading: {
          description:
            'The lists page (and the Add to list panel) says "Loading your lists…" while the user\'s lists and those colleagues share are fetched.',
        },
        reloading: {
          description:
            'The lists stay on screen while they are fetched afresh; they update in place when the answer arrives.',
        },
      },
    },
    resolved: {
      description:
        'The lists page shows My lists and Shared by colleagues with each list\'s name, number of products, visibility and last change (or "No lists yet."); products on a list show their mark. A list created, renamed or deleted elsewhere shows at once.',
      on: { 'favourites.reload': 'fetching.reloading' },
    },
    notOffered: {
      description:
        'The backend has no favourite lists (a capability it lacks): no star, mark or Add to list shows, the lists page says it is not offered, and the lists are not asked for again.',
    },
    rejected: {
      description:
        'The lists page shows an error with Try again (the lists already shown stay, if any); the Add to list panel says "Your lists could not be loaded." with Retry.',
      on: {
        'favourites.load': [
          { guard: 'hasLists', target: 'fetching.reloading' },
          { target: 'fetching.loading' },
        ],
        'favourites.reload': [
          { guard: 'hasLists', target: 'fetching.reloading' },
          { target: 'fetching.loading' },
        ],
      },
    },
  },
});

export type FavouriteListsRef = ActorRefFrom<typeof favouriteListsMachine>;

/** The collection with its load bound to the API; failures are reported (spec point 8). */
export const bindFavouriteLists = ({ api }: Ports) =>
  provideReporting(
    favouriteListsMachine.provide({
      actors: {
        loadLists: fromPromise<FavouriteListSummary[], void>(({ signal }) =>
          untilAborted(signal, api.favouriteLists({ signal })),
        ),
      },
    }),
    api,
  );

/**
 * The bound action of every machine that writes a list (one list, add to list, new list): the app's
 * favourite lists take the list as the server now has it (none running: nothing to tell).
 */
export const tellListChanged = <TContext extends MachineContext, TEvent extends EventObject>({
  favouriteLists,
}: Pick<Ports, 'favouriteLists'>) =>
  enqueueActions<TContext, TEvent, { list: FavouriteListSummary }, TEvent, never, never, never>(
    ({ enqueue }, params) => {
      const lists = favouriteLists();
      if (lists) enqueue.sendTo(lists, { type: 'favourites.listChanged', list: params.list });
    },
  );
