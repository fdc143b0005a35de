import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  type DELIVERY_DATE_INVALID_KEY,
  type DELIVERY_DATE_REQUIRED_KEY,
  type DELIVERY_DATE_TOO_LATE_KEY,
  defaultDeliveryDate,
  minimumDeliveryDate,
  validateDeliveryDate,
} from '../domain/dates';
import type { IsoDate, OrderSubmission, OrderSubmissionItem } from '../domain/types';
import type { OrderPreview } from '../services/api/orders';
import { untilAborted } from './cart.calls';
import { type ErrorInfo, toErrorInfo } from './errorInfo';
import { notBound } from './not-bound';
import type { Ports } from './ports';

export type { OrderPreview } from '../services/api/orders';

export type DeliveryDateErrorKey =
  | typeof DELIVERY_DATE_REQUIRED_KEY
  | typeof DELIVERY_DATE_INVALID_KEY
  | typeof DELIVERY_DATE_TOO_LATE_KEY;

export interface CheckoutContext {
  /** the cart's lines as order lines, as the cart last told them (`checkout.itemsChanged`) */
  items: OrderSubmissionItem[];
  /** yyyy-mm-dd, or '' when the customer emptied the date input */
  deliveryDate: IsoDate | '';
  minDeliveryDate: IsoDate;
  isPreorder: boolean;
  customerNote: string;
  dateError: DeliveryDateErrorKey | null;
  /** the order being placed, fixed when the customer pressed Order: a retry sends exactly this */
  submission: OrderSubmission | null;
  preview: OrderPreview | null;
  /**
   * One per attempt to place `submission` (crypto.randomUUID), sent again on every retry, so a
   * repeated submit can only ever answer the first order. A changed submission gets a new one.
   */
  idempotencyKey: string | null;
  orderId: number | null;
  error: ErrorInfo | null;
}

export type CheckoutEvent =
  | { type: 'checkout.dateChanged'; date: string }
  | { type: 'checkout.preorderChanged'; isPreorder: boolean }
  | { type: 'checkout.noteChanged'; note: string }
  | { type: 'checkout.submitted' }
  | { type: 'checkout.confirmed' }
  | { type: 'checkout.cancelled' }
  | { type: 'checkout.retried' }
  | { type: 'checkout.finished' }
  /** from the cart after every change of its lines (the order is placed with the lines as they stand) */
  | { type: 'checkout.itemsChanged'; items: OrderSubmissionItem[] }
  /** from the cart when it is cleared (sign-out): back to a fresh form, any call dropped */
  | { type: 'checkout.reset' };

export interface PreviewOrderInput {
  submission: OrderSubmission;
}

export interface PlaceOrderInput {
  submission: OrderSubmission;
  idempotencyKey: string;
}

/** What the checkout tells the cart (systemId `cart`): it refetches, since the server emptied it. */
export type CheckoutReport = { type: 'cart.orderPlaced'; orderId: number };

/** The clock the form's dates are counted from (tests fix it with fake timers). */
const clock = () => new Date();

const freshForm = (now: Date) => ({
  deliveryDate: defaultDeliveryDate(now),
  minDeliveryDate: minimumDeliveryDate(now),
  isPreorder: false,
  customerNote: '',
  dateError: null,
  submission: null,
  preview: null,
  idempotencyKey: null,
  orderId: null,
  error: null,
});

const sameSubmission = (a: OrderSubmission | null, b: OrderSubmission) =>
  JSON.stringify(a) === JSON.stringify(b);

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** both bound by `bindCheckout` */
    previewOrder: notBound<OrderPreview, PreviewOrderInput>('checkout.previewOrder'),
    placeOrder: notBound<number, PlaceOrderInput>('checkout.placeOrder'),
  },
  guards: {
    dateIsWrong: ({ context }) => !validateDeliveryDate(context.deliveryDate, clock()).ok,
    hasItems: ({ context }) => context.items.length > 0,
  },
  actions: {
    takeDate: assign({
      deliveryDate: ({ context, event }) =>
        event.type === 'checkout.dateChanged' ? event.date.trim() : context.deliveryDate,
      dateError: null,
    }),
    takePreorder: assign({
      isPreorder: ({ context, event }) =>
        event.type === 'checkout.preorderChanged' ? event.isPreorder : context.isPreorder,
    }),
    takeItems: assign((_, params: { items: OrderSubmissionItem[] }) => ({ items: params.items })),
    takeNote: assign({
      customerNote: ({ context, event }) =>
        event.type === 'checkout.noteChanged' ? event.note : context.customerNote,
    }),
    showDateError: assign({
      dateError: ({ context }) => {
        const result = validateDeliveryDate(context.deliveryDate, clock());
        return result.ok ? null : result.messageKey;
      },
    }),
    fixSubmission: assign(({ context }) => {
      const submission: OrderSubmission = {
        items: context.items,
        expectedDeliveryDate: context.deliveryDate,
        isPreorder: context.isPreorder,
        customerNote: context.customerNote,
      };
      const sameAttempt = sameSubmission(context.submission, submission);
      return {
        submission,
        idempotencyKey: sameAttempt ? context.idempotencyKey : null,
        dateError: null,
        preview: null,
        error: null,
      };
    }),
    keepPreview: assign((_, params: { preview: OrderPreview }) => ({ preview: params.preview })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    clearError: assign({ error: null }),
    keepOrder: assign((_, params: { orderId: number }) => ({
      orderId: params.orderId,
      idempotencyKey: null,
      submission: null,
      error: null,
    })),
    /** the cart is reached by its systemId; without one (a checkout on its own) nobody is told */
    reportOrder: enqueueActions(({ system, enqueue }, params: { orderId: number }) => {
      const cart = system.get('cart');
      const report: CheckoutReport = { type: 'cart.orderPlaced', orderId: params.orderId };
      if (cart) enqueue.sendTo(cart, report);
    }),
    /** a retry keeps the attempt's key; a new attempt draws one */
    ensureIdempotencyKey: assign({
      idempotencyKey: ({ context }) => context.idempotencyKey ?? globalThis.crypto.randomUUID(),
    }),
    resetForm: assign(() => freshForm(clock())),
  },
}).createMachine({
  id: 'checkout',
  context: () => ({ items: [], ...freshForm(clock()) }),
  on: {
    'checkout.reset': { target: '.editing', actions: 'resetForm' },
    'checkout.itemsChanged': {
      actions: { type: 'takeItems', params: ({ event }) => ({ items: event.items }) },
    },
  },
  initial: 'editing',
  states: {
    editing: {
      description:
        'The cart drawer shows the lines with the checkout form: delivery date (a week from today at the earliest), a pre-order box, a note and the Order button. Pressing Order with a missing or too early date shows an error under the date and sends nothing.',
      on: {
        'checkout.dateChanged': { actions: 'takeDate' },
        'checkout.preorderChanged': { actions: 'takePreorder' },
        'checkout.noteChanged': { actions: 'takeNote' },
        // Spec point 4: without a (valid) date the error shows and nothing is sent.
        'checkout.submitted': [
          { guard: 'dateIsWrong', actions: 'showDateError' },
          { guard: 'hasItems', target: 'previewing', actions: 'fixSubmission' },
        ],
      },
    },
    previewing: {
      description:
        'The confirmation dialog opens with a spinner ("Working out the shipments…") while the server splits the order into shipments per warehouse; the form stays as typed. The customer may only cancel, back to the form.',
      tags: 'busy',
      invoke: {
        id: 'previewOrder',
        src: 'previewOrder',
        input: ({ context }) => ({ submission: context.submission as OrderSubmission }),
        onDone: {
          target: 'confirming',
          actions: { type: 'keepPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'previewFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'checkout.cancelled': 'editing' },
    },
    previewFailed: {
      description:
        'The confirmation dialog says the split into shipments could not be shown. The customer may try again, confirm the order anyway, or cancel back to the form.',
      on: {
        'checkout.retried': { target: 'previewing', actions: 'clearError' },
        'checkout.confirmed': { target: 'submitting', actions: 'clearError' },
        'checkout.cancelled': { target: 'editing', actions: 'clearError' },
      },
    },
    confirming: {
      description:
        'The confirmation dialog shows the requested delivery date and the order split into shipments per warehouse, each with its contact and total. The customer confirms the order or cancels back to the form.',
      on: {
        'checkout.confirmed': 'submitting',
        'checkout.cancelled': 'editing',
      },
    },
    // No submit or confirm handler here: a submit already in progress is ignored (spec point 4).
    submitting: {
      description:
        "The order is being placed: the dialog's Confirm order button shows a spinner, and it and Cancel are disabled, so a second click cannot place a second order.",
      tags: 'busy',
      entry: 'ensureIdempotencyKey',
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({
          submission: context.submission as OrderSubmission,
          idempotencyKey: context.idempotencyKey as string,
        }),
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'keepOrder', params: ({ event }) => ({ orderId: event.output }) },
            { type: 'reportOrder', params: ({ event }) => ({ orderId: event.output }) },
          ],
        },
        onError: {
          target: 'submitFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** the cart is as it was; Retry sends the same order with the same key */
    submitFailed: {
      description:
        'The dialog closes and the cart drawer says the order could not be placed and the cart is unchanged. The customer may try again (the very same order is sent once more) or close the message and go on editing.',
      on: {
        'checkout.retried': { target: 'submitting', actions: 'clearError' },
        'checkout.cancelled': { target: 'editing', actions: 'clearError' },
      },
    },
    succeeded: {
      description:
        'The cart drawer shows the thank-you view with the new order number and links to the orders or back to shopping. Closing the drawer starts a fresh checkout form.',
      on: { 'checkout.finished': { target: 'editing', actions: 'resetForm' } },
    },
  },
});

/** The checkout with its calls bound to the API (composition root, through `bindCart`). */
export const bindCheckout = ({ api }: Ports) =>
  checkoutMachine.provide({
    actors: {
      previewOrder: fromPromise<OrderPreview, PreviewOrderInput>(({ input, signal }) =>
        untilAborted(signal, api.previewOrder(input.submission.items, { signal })),
      ),
      placeOrder: fromPromise<number, PlaceOrderInput>(({ input, signal }) =>
        untilAborted(signal, api.placeOrder(input.submission, input.idempotencyKey, { signal })),
      ),
    },
  });
