import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup, stateIn } from 'xstate';
import { decreaseQuantity, increaseQuantity, type QuantityMax } from '../domain/quantity';
import type { CartItem } from '../domain/types';
import type { PortalApi } from '../services/api';
import type { CartLineWritten } from '../services/api/cart';
import { cartLineWrite, confirmedItem, shownQuantity, untilAborted } from './cart.calls';
import { type ErrorInfo, toErrorInfo } from './errorInfo';

/** Spec point 9: quantity changes wait this long for the next click before one PUT goes out. */
export const CART_QUANTITY_DEBOUNCE_MS = 250;

/** How long a changed unit can be undone (issue 8: 5 boxes must never silently replace 5 pieces). */
export const UNIT_UNDO_WINDOW_MS = 5000;

/** A quantity and unit the line wants stored. */
export interface LineChange {
  quantity: number;
  unit: number;
}

export interface CartLineContext {
  /** the line as the server last confirmed it */
  item: CartItem;
  /** what the line SHOWS: the customer's latest input, never replaced by an older server answer */
  quantity: number;
  unit: number;
  /** what the running PUT sends, to tell whether a newer change waits behind it */
  sent: LineChange | null;
  /** the change that failed, sent again by `line.retried` */
  failedChange: LineChange | null;
  /** the quantity and unit before the last unit change, while Undo is offered (`editable.unitUndo.offered`) */
  undoTo: LineChange | null;
  error: ErrorInfo | null;
  /** injected dependency; not data */
  api: PortalApi;
}

export type CartLineEvent =
  | { type: 'line.increased'; max: QuantityMax }
  | { type: 'line.decreased'; max: QuantityMax }
  | { type: 'line.quantityChanged'; quantity: number }
  | { type: 'line.unitChanged'; unit: number }
  /** Undo of the last unit change: the previous quantity and unit come back and are saved */
  | { type: 'line.undoRequested' }
  | { type: 'line.removeRequested' }
  | { type: 'line.removeConfirmed' }
  | { type: 'line.removeCancelled' }
  | { type: 'line.retried' }
  | { type: 'line.errorDismissed' }
  /** from the cart: the server's line after a refetch or a replace made elsewhere */
  | { type: 'line.serverUpdated'; item: CartItem };

export interface CartLineInput {
  api: PortalApi;
  item: CartItem;
}

/** What the line tells the cart (systemId `cart`): the session-level cart follows the server. */
export type CartLineReport =
  | { type: 'cart.itemReplaced'; item: CartItem }
  | { type: 'cart.itemRemoved'; productId: number };

type QuantityEvent = Extract<
  CartLineEvent,
  { type: 'line.increased' | 'line.decreased' | 'line.quantityChanged' }
>;

/** The quantity a quantity event asks for, by the quantity control rules (spec point 4). */
function requestedQuantity(current: number, event: QuantityEvent): number {
  if (event.type === 'line.quantityChanged') return event.quantity;
  const next =
    event.type === 'line.increased'
      ? increaseQuantity(current, event.max)
      : decreaseQuantity(current, event.max);
  return next ?? current;
}

const isNotFound = (error: unknown) => toErrorInfo(error).status === 404;

export const cartLineMachine = setup({
  types: {
    context: {} as CartLineContext,
    events: {} as CartLineEvent,
    input: {} as CartLineInput,
    tags: {} as 'saving' | 'removing',
  },
  delays: { quantityDebounce: CART_QUANTITY_DEBOUNCE_MS, unitUndoWindow: UNIT_UNDO_WINDOW_MS },
  actors: {
    saveLine: fromPromise<CartLineWritten, { api: PortalApi; item: CartItem; change: LineChange }>(
      ({ input, signal }) =>
        untilAborted(
          signal,
          input.api.updateCartItem(
            input.item.id,
            cartLineWrite(input.item.product, input.change.quantity, input.change.unit),
            { signal },
          ),
        ),
    ),
    removeLine: fromPromise<void, { api: PortalApi; id: number }>(({ input, signal }) =>
      untilAborted(signal, input.api.removeCartItem(input.id, { signal })),
    ),
  },
  guards: {
    /** the debounced quantity differs from the server's (+1 then −1 sends nothing) */
    differsFromServer: ({ context }) =>
      context.quantity !== shownQuantity(context.item) || context.unit !== context.item.unit,
    /** the customer changed the line while the PUT ran: the newer value goes out next */
    changedWhileSaving: ({ context }) =>
      context.sent !== null &&
      (context.quantity !== context.sent.quantity || context.unit !== context.sent.unit),
    isOtherUnit: ({ context, event }) => event.type === 'line.unitChanged' && event.unit !== context.unit,
    /** Undo applies only while it is offered */
    undoOffered: stateIn('#cartLine.editable.unitUndo.offered'),
    /** a save's answer counts only while the save region runs one */
    lineSaving: stateIn('#cartLine.editable.save.saving'),
    /** a DELETE that finds no line: it is gone, which is what the customer asked for */
    lineAlreadyGone: ({ event }) => isNotFound((event as { error?: unknown }).error),
  },
  actions: {
    takeQuantity: assign({
      quantity: ({ context, event }) =>
        event.type === 'line.increased' ||
        event.type === 'line.decreased' ||
        event.type === 'line.quantityChanged'
          ? requestedQuantity(context.quantity, event)
          : context.quantity,
    }),
    /** a new unit keeps the quantity; what the line was before is kept for Undo */
    takeUnit: assign(({ context, event }) =>
      event.type === 'line.unitChanged' && event.unit !== context.unit
        ? { unit: event.unit, undoTo: { quantity: context.quantity, unit: context.unit } }
        : {},
    ),
    /** Undo: the quantity and unit from before the unit change are shown (and saved next) */
    takeUndo: assign(({ context }) => ({
      quantity: context.undoTo?.quantity ?? context.quantity,
      unit: context.undoTo?.unit ?? context.unit,
    })),
    forgetUndo: assign({ undoTo: null }),
    markSent: assign({ sent: ({ context }) => ({ quantity: context.quantity, unit: context.unit }) }),
    keepConfirmed: assign(({ context }, params: { written: CartLineWritten }) => ({
      item: confirmedItem(context.item.product, params.written),
      sent: null,
      error: null,
    })),
    /** the line shows the server's value again; the customer's change waits for Retry */
    restoreServerValue: assign(({ context }, params: { error: unknown }) => ({
      failedChange: { quantity: context.quantity, unit: context.unit },
      quantity: shownQuantity(context.item),
      unit: context.item.unit,
      sent: null,
      error: toErrorInfo(params.error),
    })),
    keepRemoveError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    takeFailedChange: assign(({ context }) => ({
      quantity: context.failedChange?.quantity ?? context.quantity,
      unit: context.failedChange?.unit ?? context.unit,
      failedChange: null,
      error: null,
    })),
    clearError: assign({ error: null, failedChange: null }),
    /** a newer server line while nothing is pending: show it */
    showServerItem: assign(({ event, context }) =>
      event.type === 'line.serverUpdated'
        ? { item: event.item, quantity: shownQuantity(event.item), unit: event.item.unit }
        : { item: context.item },
    ),
    /** a newer server line while the customer's change is pending: keep their value on screen */
    keepServerItem: assign({
      item: ({ event, context }) => (event.type === 'line.serverUpdated' ? event.item : context.item),
    }),
    /** the cart is reached by its systemId; without one (a line on its own) nobody is told */
    reportReplaced: enqueueActions(({ system, enqueue }, params: { item: CartItem }) => {
      const cart = system.get('cart');
      const report: CartLineReport = { type: 'cart.itemReplaced', item: params.item };
      if (cart) enqueue.sendTo(cart, report);
    }),
    reportRemoved: enqueueActions(({ system, enqueue }, params: { productId: number }) => {
      const cart = system.get('cart');
      const report: CartLineReport = { type: 'cart.itemRemoved', productId: params.productId };
      if (cart) enqueue.sendTo(cart, report);
    }),
  },
}).createMachine({
  id: 'cartLine',
  context: ({ input }) => ({
    item: input.item,
    quantity: shownQuantity(input.item),
    unit: input.item.unit,
    sent: null,
    failedChange: null,
    undoTo: null,
    error: null,
    api: input.api,
  }),
  initial: 'editable',
  states: {
    /** the line can be changed: its save flow beside the Undo offer of a unit change */
    editable: {
      type: 'parallel',
      states: {
        save: {
          initial: 'idle',
          on: {
            // Undo while nothing runs, while debouncing or after a failure: the earlier line goes out now
            'line.undoRequested': {
              guard: 'undoOffered',
              target: '.saving',
              actions: ['clearError', 'takeUndo'],
            },
          },
          states: {
            idle: {
              on: {
                'line.increased': { target: 'debouncing', actions: 'takeQuantity' },
                'line.decreased': { target: 'debouncing', actions: 'takeQuantity' },
                'line.quantityChanged': { target: 'debouncing', actions: 'takeQuantity' },
                'line.unitChanged': { guard: 'isOtherUnit', target: 'saving', actions: 'takeUnit' },
                'line.removeRequested': '#cartLine.confirmingRemoval',
                'line.serverUpdated': { actions: 'showServerItem' },
              },
            },
            debouncing: {
              on: {
                'line.increased': { target: 'debouncing', reenter: true, actions: 'takeQuantity' },
                'line.decreased': { target: 'debouncing', reenter: true, actions: 'takeQuantity' },
                'line.quantityChanged': { target: 'debouncing', reenter: true, actions: 'takeQuantity' },
                'line.unitChanged': { target: 'saving', actions: 'takeUnit' },
                'line.serverUpdated': { actions: 'keepServerItem' },
              },
              after: {
                quantityDebounce: [{ guard: 'differsFromServer', target: 'saving' }, { target: 'idle' }],
              },
            },
            saving: {
              tags: 'saving',
              entry: 'markSent',
              invoke: {
                id: 'saveLine',
                src: 'saveLine',
                input: ({ context }) => ({
                  api: context.api,
                  item: context.item,
                  change: { quantity: context.quantity, unit: context.unit },
                }),
                onDone: [
                  {
                    guard: 'changedWhileSaving',
                    target: 'saving',
                    reenter: true,
                    actions: [
                      { type: 'keepConfirmed', params: ({ event }) => ({ written: event.output }) },
                      { type: 'reportReplaced', params: ({ context }) => ({ item: context.item }) },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'keepConfirmed', params: ({ event }) => ({ written: event.output }) },
                      { type: 'reportReplaced', params: ({ context }) => ({ item: context.item }) },
                    ],
                  },
                ],
                onError: {
                  target: 'saveFailed',
                  actions: { type: 'restoreServerValue', params: ({ event }) => ({ error: event.error }) },
                },
              },
              on: {
                'line.serverUpdated': { actions: 'keepServerItem' },
              },
              initial: 'sending',
              states: {
                sending: {
                  on: {
                    'line.increased': { target: 'queued', actions: 'takeQuantity' },
                    'line.decreased': { target: 'queued', actions: 'takeQuantity' },
                    'line.quantityChanged': { target: 'queued', actions: 'takeQuantity' },
                    'line.unitChanged': { target: 'queued', actions: 'takeUnit' },
                    // the running PUT is not cut off: the earlier line goes out when it answers
                    'line.undoRequested': { guard: 'undoOffered', target: 'queued', actions: 'takeUndo' },
                  },
                },
                /** a newer change waits; it is sent as soon as the running PUT answers */
                queued: {
                  on: {
                    'line.increased': { actions: 'takeQuantity' },
                    'line.decreased': { actions: 'takeQuantity' },
                    'line.quantityChanged': { actions: 'takeQuantity' },
                    'line.unitChanged': { actions: 'takeUnit' },
                    'line.undoRequested': { guard: 'undoOffered', actions: 'takeUndo' },
                  },
                },
              },
            },
            saveFailed: {
              on: {
                'line.retried': { target: 'saving', actions: 'takeFailedChange' },
                'line.increased': { target: 'debouncing', actions: ['clearError', 'takeQuantity'] },
                'line.decreased': { target: 'debouncing', actions: ['clearError', 'takeQuantity'] },
                'line.quantityChanged': { target: 'debouncing', actions: ['clearError', 'takeQuantity'] },
                'line.unitChanged': {
                  guard: 'isOtherUnit',
                  target: 'saving',
                  actions: ['clearError', 'takeUnit'],
                },
                'line.errorDismissed': { target: 'idle', actions: 'clearError' },
                'line.removeRequested': { target: '#cartLine.confirmingRemoval', actions: 'clearError' },
                'line.serverUpdated': { actions: 'showServerItem' },
              },
            },
          },
        },
        /**
         * After a unit change the line offers Undo for a while. A quantity change, Undo itself, or a failed
         * save (the line shows the server's value again, with Retry) ends the offer.
         */
        unitUndo: {
          initial: 'hidden',
          states: {
            hidden: {
              entry: 'forgetUndo',
              on: { 'line.unitChanged': { guard: 'isOtherUnit', target: 'offered' } },
            },
            offered: {
              after: { unitUndoWindow: 'hidden' },
              on: {
                'line.unitChanged': { guard: 'isOtherUnit', target: 'offered', reenter: true },
                'line.undoRequested': 'hidden',
                'line.increased': 'hidden',
                'line.decreased': 'hidden',
                'line.quantityChanged': 'hidden',
                'xstate.error.actor.saveLine': { guard: 'lineSaving', target: 'hidden' },
              },
            },
          },
        },
      },
    },
    confirmingRemoval: {
      on: {
        'line.removeConfirmed': 'removing',
        'line.removeCancelled': 'editable',
      },
    },
    removing: {
      tags: 'removing',
      invoke: {
        id: 'removeLine',
        src: 'removeLine',
        input: ({ context }) => ({ api: context.api, id: context.item.id }),
        onDone: {
          target: 'removed',
          actions: {
            type: 'reportRemoved',
            params: ({ context }) => ({ productId: context.item.product.id }),
          },
        },
        onError: [
          {
            guard: 'lineAlreadyGone',
            target: 'removed',
            actions: {
              type: 'reportRemoved',
              params: ({ context }) => ({ productId: context.item.product.id }),
            },
          },
          {
            target: 'removeFailed',
            actions: { type: 'keepRemoveError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    removeFailed: {
      on: {
        'line.retried': { target: 'removing', actions: 'clearError' },
        'line.removeCancelled': { target: 'editable', actions: 'clearError' },
        'line.errorDismissed': { target: 'editable', actions: 'clearError' },
      },
    },
    removed: { type: 'final' },
  },
});

export type CartLineRef = ActorRefFrom<typeof cartLineMachine>;
