import { type ActorRefFrom, assign, enqueueActions, fromPromise, raise, setup, stateIn } from 'xstate';
import { isQuantityControlDisabled, type QuantityMax } from '../../domain/quantity';
import {
  maxQuantityFor,
  quantityDecreased,
  quantityIncreased,
  typeQuantity,
} from '../../domain/quantity-control';
import type { CartItem, Unit } from '../../domain/types';
import type { CartLineWritten } from '../../services/api/cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { cartLineWrite, confirmedItem, shownQuantity } from './cart.calls';
import { type LineRefusal, refusalOffer, toLineRefusal } from './cart-line.refusal';

/** Spec point 9: quantity changes wait this long for the next click before one PUT goes out. */
export const CART_QUANTITY_DEBOUNCE_MS = 250;

/** How long a changed unit can be undone: 5 boxes must never silently replace 5 pieces. */
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
  /** why the server refused the failed change (`editable.save.failed.saveRefused`); null otherwise */
  refusal: LineRefusal | null;
  /** the units resource's value (the cart passes it on); null until it resolves: no maximum then */
  units: Unit[] | null;
  /**
   * Text typed into the quantity control that is not a valid quantity, with the quantity the line had
   * then: the control shows it (with the message) until the quantity moves. Null otherwise.
   */
  invalidText: { text: string; atQuantity: number } | null;
}

export type CartLineEvent =
  /** plus and minus of the quantity control: the line applies its own maximum (stock in the unit) and
   * goes on with the quantity they ask for as `line.quantityChanged` */
  | { type: 'line.increased' }
  | { type: 'line.decreased' }
  /** what the customer typed into the quantity control (valid text becomes `line.quantityChanged`) */
  | { type: 'line.quantityTyped'; text: string }
  /** a valid quantity (typed text, parsed and clamped by the line) */
  | { type: 'line.quantityChanged'; quantity: number }
  /** from the cart: the units resource resolved (the maximum is counted in them) */
  | { type: 'line.unitsLoaded'; units: Unit[] }
  | { type: 'line.unitChanged'; unit: number }
  /** Undo of the last unit change: the previous quantity and unit come back and are saved */
  | { type: 'line.undoRequested' }
  | { type: 'line.removeRequested' }
  | { type: 'line.removeConfirmed' }
  | { type: 'line.removeCancelled' }
  | { type: 'line.retried' }
  /** a change refused for stock: the most of the refused unit that stock allows is saved instead */
  | { type: 'line.mostAccepted' }
  | { type: 'line.errorDismissed' }
  /** from the cart: the server's line after a refetch or a replace made elsewhere */
  | { type: 'line.serverUpdated'; item: CartItem };

export interface CartLineInput {
  item: CartItem;
  units?: Unit[] | null;
}

export interface SaveLineInput {
  item: CartItem;
  change: LineChange;
}

export interface RemoveLineInput {
  id: number;
}

/** What the line tells the cart (systemId `cart`): the session-level cart follows the server. */
export type CartLineReport =
  | { type: 'cart.itemReplaced'; item: CartItem }
  | { type: 'cart.itemRemoved'; productId: number }
  /** a change is on its way (debouncing, saving, removing); the checkout waits for it */
  | { type: 'cart.lineBusy'; productId: number }
  | { type: 'cart.lineSettled'; productId: number }
  /** a change or removal was refused: settled, and an order waiting for it is not sent */
  | { type: 'cart.lineFailed'; productId: number }
  /** the quantity control shows text that is no quantity: the cart is not ordered until it is fixed */
  | { type: 'cart.lineInvalid'; productId: number; invalid: boolean };

/** Spec point 4: the most the stock allows in the line's unit (no limit while the units are unknown). */
export const lineMaxOf = (context: Pick<CartLineContext, 'item' | 'unit' | 'units'>): QuantityMax =>
  maxQuantityFor(context.item.product, context.unit, context.units);

/** The quantity plus or minus asks for, by the quantity control rules (domain/quantity-control). */
function steppedQuantity(context: CartLineContext, step: 'up' | 'down'): number {
  const next =
    step === 'up'
      ? quantityIncreased(context.quantity, lineMaxOf(context))
      : quantityDecreased(context.quantity, lineMaxOf(context));
  return next.quantity ?? context.quantity;
}

/** Whether the quantity control shows text that is no quantity: the cart's Order waits for it. */
const validityReport = (context: CartLineContext, invalid: boolean): CartLineReport => ({
  type: 'cart.lineInvalid',
  productId: context.item.product.id,
  invalid,
});

const isNotFound = (error: unknown) => toErrorInfo(error).status === 404;

/** The refusal kept for the line: the stock figure the server sent, else the line's own for that unit. */
function refusalOf(context: CartLineContext, error: unknown): LineRefusal | null {
  const refusal = toLineRefusal(error);
  if (refusal?.code !== 'not_enough_stock' || refusal.maxQuantity !== null) return refusal;
  return { ...refusal, maxQuantity: lineMaxOf(context) };
}

export const cartLineMachine = setup({
  types: {
    context: {} as CartLineContext,
    events: {} as CartLineEvent,
    input: {} as CartLineInput,
    tags: {} as 'saving' | 'removing',
  },
  delays: { quantityDebounce: CART_QUANTITY_DEBOUNCE_MS, unitUndoWindow: UNIT_UNDO_WINDOW_MS },
  actors: {
    /** both bound by `bindCartLine` */
    saveLine: notBound<CartLineWritten, SaveLineInput>('cartLine.saveLine'),
    removeLine: notBound<void, RemoveLineInput>('cartLine.removeLine'),
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
    lineSaving: stateIn('#cartLine.editable.save.pending.saving'),
    /** a DELETE that finds no line: it is gone, which is what the customer asked for */
    lineAlreadyGone: ({ event }) => isNotFound((event as { error?: unknown }).error),
    /** the server refused the change for a reason: sending it again cannot succeed */
    isRefusal: ({ event }) => toLineRefusal((event as { error?: unknown }).error) !== null,
    /** the refusal leaves something the stock allows */
    offersMost: ({ context }) => context.refusal !== null && refusalOffer(context.refusal) === 'takeMost',
  },
  actions: {
    /** plus and minus: the quantity they ask for goes on as `line.quantityChanged` */
    stepQuantity: raise(({ context }, params: { step: 'up' | 'down' }) => ({
      type: 'line.quantityChanged' as const,
      quantity: steppedQuantity(context, params.step),
    })),
    takeQuantity: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'line.quantityChanged') return;
      enqueue.assign({ quantity: event.quantity, invalidText: null });
      if (context.invalidText) {
        const cart = system.get('cart');
        if (cart) enqueue.sendTo(cart, validityReport(context, false));
      }
    }),
    /**
     * Runs after an action that moved the quantity another way (server, Undo, Retry): text typed at
     * the earlier quantity is no longer shown, so it no longer holds up the order.
     */
    forgetInvalidText: enqueueActions(({ context, enqueue, system }) => {
      if (!context.invalidText || context.invalidText.atQuantity === context.quantity) return;
      enqueue.assign({ invalidText: null });
      const cart = system.get('cart');
      if (cart) enqueue.sendTo(cart, validityReport(context, false));
    }),
    /** typed text: a valid quantity goes on as `line.quantityChanged` (when it differs), invalid text is shown */
    takeTypedText: enqueueActions(({ context, enqueue, system }, params: { text: string }) => {
      const max = lineMaxOf(context);
      // a disabled control (no stock in this unit) takes nothing
      if (isQuantityControlDisabled(max)) return;
      const typed = typeQuantity(params.text, max);
      if (typed.quantity === null) {
        enqueue.assign({ invalidText: { text: params.text, atQuantity: context.quantity } });
        if (!context.invalidText) {
          const cart = system.get('cart');
          if (cart) enqueue.sendTo(cart, validityReport(context, true));
        }
        return;
      }
      enqueue.assign({ invalidText: null });
      if (context.invalidText) {
        const cart = system.get('cart');
        if (cart) enqueue.sendTo(cart, validityReport(context, false));
      }
      if (typed.quantity !== context.quantity)
        enqueue.raise({ type: 'line.quantityChanged', quantity: typed.quantity });
    }),
    takeUnits: assign((_, params: { units: Unit[] }) => ({ units: params.units })),
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
      refusal: refusalOf(context, params.error),
    })),
    keepRemoveError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    takeFailedChange: assign(({ context }) => ({
      quantity: context.failedChange?.quantity ?? context.quantity,
      unit: context.failedChange?.unit ?? context.unit,
      failedChange: null,
      error: null,
    })),
    /** the most of the refused unit that stock allows, saved next */
    takeMost: assign(({ context }) => ({
      quantity: context.refusal?.maxQuantity ?? context.quantity,
      unit: context.failedChange?.unit ?? context.unit,
      failedChange: null,
      error: null,
      refusal: null,
    })),
    clearError: assign({ error: null, failedChange: null, refusal: null }),
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
    /** busy, settled or failed: the cart tells the checkout whether any change is still on its way */
    reportProgress: enqueueActions(
      ({ context, system, enqueue }, params: { progress: 'lineBusy' | 'lineSettled' | 'lineFailed' }) => {
        const cart = system.get('cart');
        const report: CartLineReport = {
          type: `cart.${params.progress}`,
          productId: context.item.product.id,
        };
        if (cart) enqueue.sendTo(cart, report);
      },
    ),
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
    refusal: null,
    units: input.units ?? null,
    invalidText: null,
  }),
  on: {
    'line.unitsLoaded': { actions: { type: 'takeUnits', params: ({ event }) => ({ units: event.units }) } },
  },
  initial: 'editable',
  states: {
    editable: {
      description:
        "The line in the cart drawer shows the product's image, name and unit price, the quantity with minus and plus, the unit choice, the line amount and a bin button; the customer may change the quantity or unit, or remove the line.",
      type: 'parallel',
      // plus, minus and typed text all become one `line.quantityChanged` (the quantity control rules)
      on: {
        'line.increased': { actions: { type: 'stepQuantity', params: { step: 'up' } } },
        'line.decreased': { actions: { type: 'stepQuantity', params: { step: 'down' } } },
        'line.quantityTyped': {
          actions: { type: 'takeTypedText', params: ({ event }) => ({ text: event.text }) },
        },
      },
      states: {
        save: {
          description:
            "Whether the line's latest change has been saved: quiet, on its way (waiting for typing to pause, then saving), or failed.",
          initial: 'idle',
          on: {
            // from quiet or after a failure (the message goes); while saving, `pending.saving` queues them
            'line.quantityChanged': {
              target: '.pending.debouncing',
              actions: ['clearError', 'takeQuantity'],
            },
            'line.unitChanged': {
              guard: 'isOtherUnit',
              target: '.pending.saving',
              actions: ['clearError', 'takeUnit'],
            },
            'line.undoRequested': {
              guard: 'undoOffered',
              target: '.pending.saving',
              actions: ['clearError', 'takeUndo', 'forgetInvalidText'],
            },
            'line.serverUpdated': { actions: ['showServerItem', 'forgetInvalidText'] },
          },
          states: {
            idle: {
              description: 'The line shows what the server has; nothing is being saved.',
              entry: { type: 'reportProgress', params: { progress: 'lineSettled' } },
              on: { 'line.removeRequested': '#cartLine.confirmingRemoval' },
            },
            pending: {
              description:
                'A change is on its way: the line shows the new amount with "Saving…" under it; the checkout waits for it.',
              entry: { type: 'reportProgress', params: { progress: 'lineBusy' } },
              // a newer server line while the customer's change is pending: their value stays on screen
              on: { 'line.serverUpdated': { actions: 'keepServerItem' } },
              initial: 'debouncing',
              states: {
                debouncing: {
                  description:
                    'The customer is changing the quantity; it is saved once the clicks or typing pause for a quarter of a second (each change starts the wait again).',
                  after: {
                    quantityDebounce: [
                      { guard: 'differsFromServer', target: 'saving' },
                      { target: '#cartLine.editable.save.idle' },
                    ],
                  },
                },
                saving: {
                  description:
                    'The line shows "Saving…" with a small spinner while the server saves the quantity or unit; the customer may keep changing it.',
                  tags: 'saving',
                  entry: 'markSent',
                  invoke: {
                    id: 'saveLine',
                    src: 'saveLine',
                    input: ({ context }) => ({
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
                        target: '#cartLine.editable.save.idle',
                        actions: [
                          { type: 'keepConfirmed', params: ({ event }) => ({ written: event.output }) },
                          { type: 'reportReplaced', params: ({ context }) => ({ item: context.item }) },
                        ],
                      },
                    ],
                    onError: [
                      {
                        guard: 'isRefusal',
                        target: '#cartLine.editable.save.failed.saveRefused',
                        actions: [
                          { type: 'restoreServerValue', params: ({ event }) => ({ error: event.error }) },
                          'forgetInvalidText',
                        ],
                      },
                      {
                        target: '#cartLine.editable.save.failed.saveFailed',
                        actions: [
                          { type: 'restoreServerValue', params: ({ event }) => ({ error: event.error }) },
                          'forgetInvalidText',
                        ],
                      },
                    ],
                  },
                  // the running PUT is not cut off: a change made meanwhile goes out when it answers
                  on: {
                    'line.quantityChanged': { target: '.queued', actions: 'takeQuantity' },
                    'line.unitChanged': { target: '.queued', actions: 'takeUnit' },
                    'line.undoRequested': {
                      guard: 'undoOffered',
                      target: '.queued',
                      actions: ['takeUndo', 'forgetInvalidText'],
                    },
                  },
                  initial: 'sending',
                  states: {
                    sending: {
                      description: 'The line shows "Saving…" while the change is sent to the server.',
                    },
                    queued: {
                      description:
                        'The line shows "Saving…"; a newer change the customer made meanwhile waits and is sent as soon as the server answers the previous one.',
                    },
                  },
                },
              },
            },
            failed: {
              description:
                'The change was not saved: the line shows the saved quantity and unit again with a message; changing the quantity or unit again, Close or Remove end it.',
              entry: { type: 'reportProgress', params: { progress: 'lineFailed' } },
              // entered only through a child: a refusal the server explains, or any other failure
              initial: 'saveFailed',
              on: {
                'line.errorDismissed': { target: 'idle', actions: 'clearError' },
                'line.removeRequested': { target: '#cartLine.confirmingRemoval', actions: 'clearError' },
              },
              states: {
                saveFailed: {
                  description:
                    'The change got no usable answer (no connection, a server fault): the line shows the saved quantity and unit again, with "The change could not be saved.", Try again and Close; changing the quantity or unit again also clears the message.',
                  on: {
                    'line.retried': {
                      target: '#cartLine.editable.save.pending.saving',
                      actions: ['takeFailedChange', 'forgetInvalidText'],
                    },
                  },
                },
                saveRefused: {
                  description:
                    'The server refused the change for a reason: the line shows the saved quantity and unit again with the reason in the interface language (not enough stock with the most the stock allows, out of stock, not sold in this unit, no longer in the cart…) and what can succeed instead of Try again: the most the stock allows, or Remove; Close dismisses it, and changing the quantity or unit again also clears it.',
                  on: {
                    'line.mostAccepted': {
                      guard: 'offersMost',
                      target: '#cartLine.editable.save.pending.saving',
                      actions: ['takeMost', 'forgetInvalidText'],
                    },
                  },
                },
              },
            },
          },
        },
        unitUndo: {
          description:
            "After a unit change the line offers Undo for five seconds. A quantity change, Undo itself, or a failed save (the line shows the server's value again, with Try again) ends the offer.",
          initial: 'hidden',
          states: {
            hidden: {
              description: 'No Undo offer shows under the line.',
              entry: 'forgetUndo',
              on: { 'line.unitChanged': { guard: 'isOtherUnit', target: 'offered' } },
            },
            offered: {
              description:
                'Under the line a note says "Now … instead of …" with an Undo button, for five seconds after the unit was changed.',
              after: { unitUndoWindow: 'hidden' },
              on: {
                'line.unitChanged': { guard: 'isOtherUnit', target: 'offered', reenter: true },
                'line.undoRequested': 'hidden',
                'line.quantityChanged': 'hidden',
                'xstate.error.actor.saveLine': { guard: 'lineSaving', target: 'hidden' },
              },
            },
          },
        },
      },
    },
    confirmingRemoval: {
      description:
        'A dialog asks "Remove this item?" naming the product, with Remove and Cancel; the line stays as it is behind it.',
      on: {
        'line.removeConfirmed': 'removing',
        'line.removeCancelled': 'editable',
      },
    },
    removing: {
      description: "The line's bin button shows a spinner and is disabled while the server removes the line.",
      tags: 'removing',
      entry: { type: 'reportProgress', params: { progress: 'lineBusy' } },
      invoke: {
        id: 'removeLine',
        src: 'removeLine',
        input: ({ context }) => ({ id: context.item.id }),
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
      description: 'The line stays and says "The item could not be removed." with Try again and Close.',
      entry: { type: 'reportProgress', params: { progress: 'lineFailed' } },
      // whichever way the customer leaves the message, it is gone
      exit: 'clearError',
      on: {
        'line.retried': 'removing',
        'line.removeCancelled': 'editable',
        'line.errorDismissed': 'editable',
      },
    },
    removed: {
      description:
        "The line has disappeared from the cart drawer and the cart's count and totals no longer include it.",
      type: 'final',
    },
  },
});

/** The line with its calls bound to the API (composition root, through `bindCart`). */
export const bindCartLine = ({ api }: Ports) =>
  cartLineMachine.provide({
    actors: {
      saveLine: fromPromise<CartLineWritten, SaveLineInput>(({ input, signal }) =>
        untilAborted(
          signal,
          api.updateCartItem(
            input.item.id,
            cartLineWrite(input.item.product, input.change.quantity, input.change.unit),
            { signal },
          ),
        ),
      ),
      removeLine: fromPromise<void, RemoveLineInput>(({ input, signal }) =>
        untilAborted(signal, api.removeCartItem(input.id, { signal })),
      ),
    },
  });

export type CartLineRef = ActorRefFrom<typeof cartLineMachine>;
