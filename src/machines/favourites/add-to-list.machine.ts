import { assign, fromPromise, setup } from 'xstate';
import type { DecimalString, FavouriteListSummary } from '../../domain/types';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import {
  type FavouriteWriteProblem,
  isFinalRefusal,
  isRefusalError,
  tellListChanged,
  toFavouriteWriteProblem,
} from './favourite-lists.machine';

/** The product a menu is opened on, and the quantity and unit a new line keeps. */
export interface AddToListInput {
  productId: number;
  quantity: DecimalString;
  unit: number;
}

/** One write: put the product on the list (PUT) or take it off (DELETE). */
export interface ListItemWrite {
  listId: number;
  remove: boolean;
}

export interface WriteItemInput extends ListItemWrite {
  productId: number;
  quantity: DecimalString;
  unit: number;
}

export interface AddToListContext extends AddToListInput {
  /** the write running, or the last one (a retry repeats it) */
  write: ListItemWrite | null;
  problem: FavouriteWriteProblem | null;
}

export type AddToListEvent =
  /** a list's item was chosen: `onList` is whether the product is on it now (then it comes off) */
  | { type: 'addToList.toggled'; listId: number; onList: boolean }
  /** the generic failure's "try again": the last write once more */
  | { type: 'addToList.retried' };

/**
 * One opened add-to-list menu: toggles a product on the caller's own lists. Each answer is
 * the list as it is now, handed to the app's collection (`favourites.listChanged`) so every star and
 * mark follows. A new list from the menu is the create machine's (favourite-list-create.machine.ts).
 */
export const addToListMachine = setup({
  types: {
    context: {} as AddToListContext,
    events: {} as AddToListEvent,
    input: {} as AddToListInput,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindAddToList` */
    writeItem: notBound<FavouriteListSummary, WriteItemInput>('addToList.writeItem'),
  },
  guards: {
    canRetry: ({ context }) =>
      context.write !== null && context.problem !== null && !isFinalRefusal(context.problem),
    isRefusal: (_, params: { error: unknown }) => isRefusalError(params.error),
  },
  actions: {
    startWrite: assign((_, params: ListItemWrite) => ({ write: params, problem: null })),
    clearProblem: assign({ problem: null }),
    keepProblem: assign((_, params: { error: unknown }) => ({
      problem: toFavouriteWriteProblem(params.error),
    })),
    /** the app's collection shows the change; a no-op here, bound by `bindAddToList` */
    notifyLists: (_, _params: { list: FavouriteListSummary }) => undefined,
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'addToList',
  context: ({ input }) => ({
    productId: input.productId,
    quantity: input.quantity,
    unit: input.unit,
    write: null,
    problem: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        "The Add to list panel lists the user's own lists as checkboxes, ticked where the product is on the list, with New list below. If the last change failed, a message says why (with Retry when trying again can help).",
      on: {
        'addToList.toggled': {
          target: 'writing',
          actions: {
            type: 'startWrite',
            params: ({ event }) => ({ listId: event.listId, remove: event.onList }),
          },
        },
        'addToList.retried': { guard: 'canRetry', target: 'writing', actions: 'clearProblem' },
      },
    },
    writing: {
      description:
        'The list just ticked or unticked shows a spinner while the server adds the product (with the quantity and unit shown) to it or takes it off; other ticks wait until it answers.',
      tags: 'busy',
      invoke: {
        id: 'writeItem',
        src: 'writeItem',
        input: ({ context }) => ({
          listId: context.write?.listId ?? 0,
          remove: context.write?.remove ?? false,
          productId: context.productId,
          quantity: context.quantity,
          unit: context.unit,
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'notifyLists', params: ({ event }) => ({ list: event.output }) }, 'clearProblem'],
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'idle',
            actions: [
              { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
  },
});

/** The menu bound to the ports: PUT or DELETE on the list's item, the answer sent to the collection. */
export const bindAddToList = (ports: Ports) =>
  provideReporting(
    addToListMachine.provide({
      actors: {
        writeItem: fromPromise<FavouriteListSummary, WriteItemInput>(({ input, signal }) =>
          untilAborted(
            signal,
            input.remove
              ? ports.api.removeFavouriteItem(input.listId, input.productId, { signal })
              : ports.api.putFavouriteItem(
                  input.listId,
                  { product: input.productId, quantity: input.quantity, unit: input.unit },
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
