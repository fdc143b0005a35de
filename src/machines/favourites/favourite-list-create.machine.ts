import { assign, fromPromise, sendTo, setup } from 'xstate';
import { favouriteListNameError } from '../../domain/favourite-rules';
import type { FavouriteLineWrite, FavouriteListSummary } from '../../domain/types';
import { bindDraftKeeper, type DraftKeeperEvent, keepsNothing } from '../kernel/draft-keeper';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { type FavouriteListCreateDraft, favouriteListCreateDraftSlot } from './favourite-list-create.draft';
import {
  type FavouriteWriteProblem,
  isFinalRefusal,
  isRefusalError,
  tellListChanged,
  toFavouriteWriteProblem,
} from './favourite-lists.machine';

export interface FavouriteListCreateInput {
  /** the switch's first position: the index's form starts private */
  shared?: boolean;
}

export interface CreateListInput {
  name: string;
  shared: boolean;
  items: FavouriteLineWrite[];
}

export type ListNameError = NonNullable<ReturnType<typeof favouriteListNameError>>;

export interface FavouriteListCreateContext {
  name: string;
  shared: boolean;
  /** shown once a submit found the name wrong; cleared by typing */
  nameError: ListNameError | null;
  /** the lines the new list starts with (the menu's product, a quick-order preview's rows) */
  items: FavouriteLineWrite[];
  problem: FavouriteWriteProblem | null;
  created: FavouriteListSummary | null;
}

export type FavouriteListCreateEvent =
  | { type: 'favouriteListCreate.nameChanged'; name: string }
  | { type: 'favouriteListCreate.sharedChanged'; shared: boolean }
  /** create the list with these first lines (none for an empty list) */
  | { type: 'favouriteListCreate.submitted'; items: FavouriteLineWrite[] }
  | { type: 'favouriteListCreate.retried' }
  /** after a success: a fresh form for another list */
  | { type: 'favouriteListCreate.restarted' }
  /** from the draft keeper on start (the lists page's form): what was typed before a reload */
  | { type: 'favouriteListCreate.draftRestored'; draft: FavouriteListCreateDraft };

/**
 * A new favourite list: the index's "New list" form, the add-to-list menu's "new list" and
 * the quick order's "Save as list". The name is checked as the server checks it; one POST creates the
 * list with its lines, and the answer goes to the app's collection. A refusal keeps what was typed.
 */
export const favouriteListCreateMachine = setup({
  types: {
    context: {} as FavouriteListCreateContext,
    events: {} as FavouriteListCreateEvent,
    input: {} as FavouriteListCreateInput,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindFavouriteListCreate` */
    createList: notBound<FavouriteListSummary, CreateListInput>('favouriteListCreate.createList'),
    /** keeps the name and switch across a reload; bound by `bindNewListForm` for the lists page's form only */
    draft: keepsNothing<FavouriteListCreateDraft>(),
  },
  guards: {
    nameValid: ({ context }) => favouriteListNameError(context.name) === null,
    canRetry: ({ context }) =>
      context.problem !== null &&
      !isFinalRefusal(context.problem) &&
      favouriteListNameError(context.name) === null,
    isRefusal: (_, params: { error: unknown }) => isRefusalError(params.error),
  },
  actions: {
    changeName: assign((_, params: { name: string }) => ({ name: params.name, nameError: null })),
    changeShared: assign((_, params: { shared: boolean }) => ({ shared: params.shared })),
    showNameError: assign(({ context }) => ({ nameError: favouriteListNameError(context.name) })),
    keepItems: assign((_, params: { items: FavouriteLineWrite[] }) => ({
      items: params.items,
      problem: null,
    })),
    clearProblem: assign({ problem: null }),
    keepProblem: assign((_, params: { error: unknown }) => ({
      problem: toFavouriteWriteProblem(params.error),
    })),
    keepCreated: assign((_, params: { list: FavouriteListSummary }) => ({
      created: params.list,
      items: [],
      problem: null,
    })),
    restoreDraft: assign((_, params: { draft: FavouriteListCreateDraft }) => ({
      name: params.draft.name,
      shared: params.draft.shared,
    })),
    saveDraft: sendTo(
      'draft',
      ({ context }): DraftKeeperEvent<FavouriteListCreateDraft> => ({
        type: 'draft.saved',
        draft: { name: context.name, shared: context.shared },
      }),
    ),
    clearDraft: sendTo('draft', {
      type: 'draft.cleared',
    } satisfies DraftKeeperEvent<FavouriteListCreateDraft>),
    startOver: assign({ name: '', nameError: null, items: [], problem: null, created: null }),
    /** the app's collection shows the new list; a no-op here, bound by `bindFavouriteListCreate` */
    notifyLists: (_, _params: { list: FavouriteListSummary }) => undefined,
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'favouriteListCreate',
  context: ({ input }) => ({
    name: '',
    shared: input.shared ?? false,
    nameError: null,
    items: [],
    problem: null,
    created: null,
  }),
  invoke: { id: 'draft', src: 'draft' },
  initial: 'editing',
  states: {
    editing: {
      description:
        'The New list form shows the list name, on the lists page a "Share with my company" switch, and Create list (in the Add to list panel and the quick order it starts with the product or rows at hand). An empty or too long name, or a refusal such as a name already taken, shows a message under the form, with Retry when trying again can help.',
      on: {
        'favouriteListCreate.nameChanged': {
          actions: [{ type: 'changeName', params: ({ event }) => ({ name: event.name }) }, 'saveDraft'],
        },
        'favouriteListCreate.sharedChanged': {
          actions: [{ type: 'changeShared', params: ({ event }) => ({ shared: event.shared }) }, 'saveDraft'],
        },
        'favouriteListCreate.draftRestored': {
          actions: [{ type: 'restoreDraft', params: ({ event }) => ({ draft: event.draft }) }, 'saveDraft'],
        },
        'favouriteListCreate.submitted': [
          {
            guard: 'nameValid',
            target: 'creating',
            actions: { type: 'keepItems', params: ({ event }) => ({ items: event.items }) },
          },
          { actions: 'showNameError' },
        ],
        'favouriteListCreate.retried': { guard: 'canRetry', target: 'creating', actions: 'clearProblem' },
      },
    },
    creating: {
      description: 'Create list shows a spinner and is disabled while the server creates the list.',
      tags: 'busy',
      invoke: {
        id: 'createList',
        src: 'createList',
        input: ({ context }) => ({ name: context.name.trim(), shared: context.shared, items: context.items }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'keepCreated', params: ({ event }) => ({ list: event.output }) },
            'clearDraft',
            { type: 'notifyLists', params: ({ event }) => ({ list: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: [
              { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    created: {
      description:
        'The form is replaced by "List … created." with an Open list link (on the lists page also Create another list); the new list appears among the user\'s lists at once.',
      on: { 'favouriteListCreate.restarted': { target: 'editing', actions: 'startOver' } },
    },
  },
});

/** The form bound to the ports: one POST, the answer sent to the collection, failures reported. */
export const bindFavouriteListCreate = (ports: Ports) =>
  provideReporting(
    favouriteListCreateMachine.provide({
      actors: {
        createList: fromPromise<FavouriteListSummary, CreateListInput>(({ input, signal }) =>
          untilAborted(
            signal,
            ports.api.createFavouriteList(
              {
                name: input.name,
                shared: input.shared,
                ...(input.items.length > 0 ? { items: input.items } : {}),
              },
              { signal },
            ),
          ),
        ),
      },
      actions: {
        notifyLists: tellListChanged(ports),
      },
    }),
    ports.api,
  );

/**
 * The lists page's "New list" form: the same form, with what was typed kept across a reload until the
 * list is created (the add-to-list menu's and the quick order's forms keep nothing: they belong to a moment).
 */
export const bindNewListForm = (ports: Ports) =>
  bindFavouriteListCreate(ports).provide({
    actors: {
      draft: bindDraftKeeper(ports, favouriteListCreateDraftSlot, 'signedIn', (draft) => ({
        type: 'favouriteListCreate.draftRestored' as const,
        draft,
      })),
    },
  });
