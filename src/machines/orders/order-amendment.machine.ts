import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { IsoDate, Order, OrderAmendment, Product, Unit } from '../../domain/types';
import { cutoffCountdownMachine } from '../checkout';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import {
  type AmendmentDraft,
  addProduct,
  amendmentOf,
  changeLineUnit,
  draftOf,
  hasDraftChanges,
  isDraftComplete,
  removeLine,
  stepLineQuantity,
  typeLineQuantity,
} from './order-amendment.draft';
import { type AmendmentRefusal, refusalKind, toAmendmentRefusal } from './order-amendment.refusal';

export interface OrderAmendmentInput {
  order: Order;
  /** the backend changes and cancels orders (capability `orderAmendment`) */
  offered: boolean;
  /** the units resource's value: the stock maximum per unit needs it (null: no limit known yet) */
  units: Unit[] | null;
}

export interface AmendOrderInput {
  orderId: number;
  amendment: OrderAmendment;
}

export interface CancelOrderInput {
  orderId: number;
  version: number;
}

export interface LoadOrderInput {
  orderId: number;
}

export interface OrderAmendmentContext {
  /** the order as the server last answered it: the version a change is sent against */
  order: Order;
  offered: boolean;
  units: Unit[] | null;
  draft: AmendmentDraft;
  /** what the buyer is doing: a change opens the draft, a cancel asks first */
  operation: 'change' | 'cancel';
  /** the cut-off passed while the page was open (the countdown said so) */
  passed: boolean;
  /** the server's refusal of the last send: shown at the line, the day, or above the draft */
  refusal: AmendmentRefusal | null;
  error: ErrorInfo | null;
}

export type OrderAmendmentEvent =
  | { type: 'amendment.changeRequested' }
  | { type: 'amendment.cancelRequested' }
  | { type: 'amendment.quantityTyped'; key: string; text: string }
  | { type: 'amendment.quantityStepped'; key: string; step: 'increase' | 'decrease' }
  | { type: 'amendment.unitChanged'; key: string; unit: number }
  | { type: 'amendment.lineRemoved'; key: string }
  /** from search (one of its first unit) or a favourite list (its preferred quantity and unit) */
  | { type: 'amendment.productAdded'; product: Product; preferred?: { quantity: number; unit: number } }
  | { type: 'amendment.dayChanged'; day: IsoDate }
  | { type: 'amendment.noteChanged'; note: string }
  | { type: 'amendment.reviewRequested' }
  | { type: 'amendment.editRequested' }
  | { type: 'amendment.sendRequested' }
  | { type: 'amendment.retried' }
  | { type: 'amendment.closeRequested' }
  | { type: 'amendment.leaveConfirmed' }
  | { type: 'amendment.leaveCancelled' }
  | { type: 'amendment.cancelConfirmed' }
  | { type: 'amendment.cancelDismissed' }
  | { type: 'amendment.dismissed' }
  | { type: 'amendment.unitsKnown'; units: Unit[] | null }
  /** from the countdown child: the last instant a change is accepted has passed */
  | { type: 'checkout.cutoffPassed' };

/** The order detail shows the order the server answered (a new version, cancelled, or changed elsewhere). */
export type OrderAmendmentEmitted = { type: 'amendment.orderReplaced'; order: Order };

const failure = (event: unknown) => (event as { error?: unknown }).error;

export const orderAmendmentMachine = setup({
  types: {
    context: {} as OrderAmendmentContext,
    events: {} as OrderAmendmentEvent,
    emitted: {} as OrderAmendmentEmitted,
    input: {} as OrderAmendmentInput,
    tags: {} as 'busy' | 'editing',
  },
  actors: {
    countdown: cutoffCountdownMachine,
    /** PUT the draft. Bound by `bindOrderAmendment`. */
    amendOrder: notBound<Order, AmendOrderInput>('orderAmendment.amendOrder'),
    /** POST the cancel. Bound by `bindOrderAmendment`. */
    cancelOrder: notBound<Order, CancelOrderInput>('orderAmendment.cancelOrder'),
    /** the order as it is now, after another change came first. Bound by `bindOrderAmendment`. */
    loadOrder: notBound<Order, LoadOrderInput>('orderAmendment.loadOrder'),
  },
  guards: {
    notAmendable: ({ context }) => !context.offered || !context.order.amendableUntil,
    isAmendable: ({ context }) => context.offered && !!context.order.amendableUntil,
    hasPassed: ({ context }) => context.passed,
    /** something to send: a complete draft that differs from the order (an unchanged one would only add a version) */
    canReview: ({ context }) =>
      isDraftComplete(context.draft) && hasDraftChanges(context.draft, context.order),
    hasChanges: ({ context }) => hasDraftChanges(context.draft, context.order),
    isCancel: ({ context }) => context.operation === 'cancel',
    isChange: ({ context }) => context.operation === 'change',
    isCutoffRefusal: ({ event }) => refusalKind(failure(event)) === 'cutoffPassed',
    isChangedRefusal: ({ event }) => refusalKind(failure(event)) === 'changed',
    isInvalidRefusal: ({ event }) => refusalKind(failure(event)) === 'invalid',
  },
  actions: {
    /** the countdown follows the order's last instant for changes (none: it stops) */
    watchCutoff: sendTo('countdown', ({ context }) =>
      context.order.amendableUntil
        ? { type: 'countdown.watch' as const, cutoffAt: context.order.amendableUntil }
        : { type: 'countdown.stop' as const },
    ),
    markPassed: assign({ passed: true }),
    startChange: assign(({ context }) => ({
      operation: 'change' as const,
      draft: draftOf(context.order),
      refusal: null,
      error: null,
    })),
    startCancel: assign({ operation: 'cancel' as const, refusal: null, error: null }),
    editDraft: assign(({ context }, params: { edit: (draft: AmendmentDraft) => AmendmentDraft }) => ({
      draft: params.edit(context.draft),
    })),
    keepUnits: assign((_, params: { units: Unit[] | null }) => ({ units: params.units })),
    clearFailure: assign({ refusal: null, error: null }),
    keepRefusal: assign((_, params: { error: unknown }) => ({
      refusal: toAmendmentRefusal(params.error),
      error: toErrorInfo(params.error),
    })),
    /** the server's answer is the order now: keep it, and tell the order page (it shows this version) */
    takeOrder: enqueueActions(({ enqueue }, params: { order: Order }) => {
      enqueue.assign({ order: params.order });
      enqueue.emit({ type: 'amendment.orderReplaced', order: params.order });
    }),
  },
}).createMachine({
  id: 'orderAmendment',
  context: ({ input }) => ({
    order: input.order,
    offered: input.offered,
    units: input.units,
    draft: draftOf(input.order),
    operation: 'change',
    passed: false,
    refusal: null,
    error: null,
  }),
  // the time left to change the order, counted in the customer's clock (the checkout's countdown)
  invoke: { id: 'countdown', src: 'countdown' },
  on: {
    'amendment.unitsKnown': {
      actions: { type: 'keepUnits', params: ({ event }) => ({ units: event.units }) },
    },
    // while a change is being edited the editor stays (nothing typed is lost); sending says the rest
    'checkout.cutoffPassed': { actions: 'markPassed' },
  },
  initial: 'open',
  states: {
    open: {
      description:
        'The order page offers "Change order" and "Cancel order" with the time left ("Changes possible until Monday 18:00 (2 h 14 min left)"), updated every minute.',
      entry: 'watchCutoff',
      always: [
        { guard: 'notAmendable', target: 'closed' },
        { guard: 'hasPassed', target: 'expired' },
      ],
      on: {
        'amendment.changeRequested': { target: 'editing', actions: 'startChange' },
        'amendment.cancelRequested': { target: 'confirmingCancel', actions: 'startCancel' },
        'checkout.cutoffPassed': { target: 'expired', actions: 'markPassed' },
      },
    },
    closed: {
      description:
        'The order can no longer be changed (cancelled, past its cut-off, in delivery, or a backend without changes): neither Change order nor Cancel order is offered.',
    },
    expired: {
      description:
        'The cut-off passed while the page was open: Change order and Cancel order are gone and a notice says "Changes were possible until Monday 18:00; this order can no longer be changed."',
    },
    editing: {
      description:
        "The order's lines open as a draft: each with its quantity control, unit and Remove; Add a product (search, favourite lists); the delivery day and the note; Review changes; Close. A refusal of the last send shows at its line, the day or above the lines.",
      tags: 'editing',
      on: {
        'amendment.quantityTyped': {
          actions: {
            type: 'editDraft',
            params: ({ context, event }) => ({
              edit: (draft) => typeLineQuantity(draft, event.key, event.text, context.units),
            }),
          },
        },
        'amendment.quantityStepped': {
          actions: {
            type: 'editDraft',
            params: ({ context, event }) => ({
              edit: (draft) => stepLineQuantity(draft, event.key, event.step, context.units),
            }),
          },
        },
        'amendment.unitChanged': {
          actions: {
            type: 'editDraft',
            params: ({ context, event }) => ({
              edit: (draft) => changeLineUnit(draft, event.key, event.unit, context.units),
            }),
          },
        },
        'amendment.lineRemoved': {
          actions: {
            type: 'editDraft',
            params: ({ event }) => ({ edit: (draft) => removeLine(draft, event.key) }),
          },
        },
        'amendment.productAdded': {
          actions: {
            type: 'editDraft',
            params: ({ context, event }) => ({
              edit: (draft) => addProduct(draft, event.product, context.units, event.preferred),
            }),
          },
        },
        'amendment.dayChanged': {
          actions: {
            type: 'editDraft',
            params: ({ event }) => ({ edit: (draft) => ({ ...draft, day: event.day }) }),
          },
        },
        'amendment.noteChanged': {
          actions: {
            type: 'editDraft',
            params: ({ event }) => ({ edit: (draft) => ({ ...draft, note: event.note }) }),
          },
        },
        'amendment.reviewRequested': { guard: 'canReview', target: 'reviewing' },
        'amendment.closeRequested': [{ guard: 'hasChanges', target: 'confirmingLeave' }, { target: 'open' }],
      },
    },
    confirmingLeave: {
      description:
        'A dialog asks "Discard your changes to this order?" with Discard changes and Keep editing; nothing has been sent.',
      tags: 'editing',
      on: {
        'amendment.leaveConfirmed': 'open',
        'amendment.leaveCancelled': 'editing',
      },
    },
    reviewing: {
      description:
        'The changes are listed before sending: lines added, removed and changed, the new day and note; Send changes and Back to editing.',
      tags: 'editing',
      on: {
        'amendment.sendRequested': 'sending',
        'amendment.editRequested': 'editing',
      },
    },
    sending: {
      description: 'Send changes shows a spinner and the draft waits while the new version is stored.',
      tags: ['busy', 'editing'],
      entry: 'clearFailure',
      invoke: {
        id: 'amendOrder',
        src: 'amendOrder',
        input: ({ context }) => ({
          orderId: context.order.id,
          amendment: amendmentOf(context.draft, context.order),
        }),
        onDone: {
          target: 'open',
          actions: { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: [
          {
            guard: 'isCutoffRefusal',
            target: 'refused',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'isChangedRefusal',
            target: 'reloading',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'isInvalidRefusal',
            target: 'editing',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    confirmingCancel: {
      description:
        'A dialog asks "Cancel order #…?" with Cancel order and Keep order; nothing has been sent.',
      on: {
        'amendment.cancelConfirmed': 'cancelling',
        'amendment.cancelDismissed': 'open',
      },
    },
    cancelling: {
      description: "The dialog's Cancel order shows a spinner while the order is cancelled.",
      tags: 'busy',
      entry: 'clearFailure',
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: context.order.id, version: context.order.version ?? 1 }),
        onDone: {
          target: 'open',
          actions: { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: [
          {
            guard: 'isCutoffRefusal',
            target: 'refused',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'isChangedRefusal',
            target: 'reloading',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    refused: {
      description:
        'The server refused it: "This order can no longer be changed: its cut-off was Monday 18:00." Change order and Cancel order are gone; OK closes the message.',
      on: { 'amendment.dismissed': 'closed' },
    },
    reloading: {
      description:
        'Another change to the order came first: the order as it is now is fetched ("Loading the current order…"); nothing of the draft is sent.',
      tags: 'busy',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.order.id }),
        onDone: {
          target: 'changedElsewhere',
          actions: { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    changedElsewhere: {
      description:
        'A notice says "Someone else changed this order first. The order below is the current one; your changes were not sent." with Change again (a new draft from the current order) and OK.',
      on: {
        'amendment.changeRequested': { guard: 'isAmendable', target: 'editing', actions: 'startChange' },
        'amendment.dismissed': 'open',
      },
    },
    failed: {
      description:
        'No answer or a server fault: "The order could not be changed. Your changes are kept." (or "could not be cancelled") with Try again, Back to editing for a change, and Close.',
      on: {
        'amendment.retried': [{ guard: 'isCancel', target: 'cancelling' }, { target: 'sending' }],
        'amendment.editRequested': { guard: 'isChange', target: 'editing' },
        'amendment.dismissed': 'open',
      },
    },
  },
});

/** Changing and cancelling bound to the ports: the amendment calls and the order detail call. */
export const bindOrderAmendment = ({ api }: Ports) =>
  orderAmendmentMachine.provide({
    actors: {
      amendOrder: fromPromise<Order, AmendOrderInput>(({ input, signal }) =>
        untilAborted(signal, api.amendOrder(input.orderId, input.amendment, { signal })),
      ),
      cancelOrder: fromPromise<Order, CancelOrderInput>(({ input, signal }) =>
        untilAborted(signal, api.cancelOrder(input.orderId, input.version, { signal })),
      ),
      loadOrder: fromPromise<Order, LoadOrderInput>(({ input, signal }) =>
        untilAborted(signal, api.order(input.orderId, { signal })),
      ),
    },
  });
