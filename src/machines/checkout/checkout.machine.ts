import { and, assign, enqueueActions, fromCallback, fromPromise, not, sendTo, setup } from 'xstate';
import { maximumDeliveryDate } from '../../domain/dates';
import type { UnservedReason } from '../../domain/delivery-calendar/types';
import type { MinimumOrderRule } from '../../domain/minimum-order';
import type { DeliveryAddress, IsoDate, OrderSubmission, OrderSubmissionItem } from '../../domain/types';
import { ApiError, isApiError } from '../../services/api';
import type { OrderPreview } from '../../services/api/orders';
import type { CompanyDeliveryCalendar } from '../../services/api/wire/delivery-calendar';
import type { CheckoutDraft } from '../../services/checkout-draft';
import { failedOffline, offlineLayer } from '../../services/offline/offline-cart';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { SLOW_ANSWER_MS } from '../kernel/slow-answer';
import { untilAborted } from '../kernel/until-aborted';
import { clock } from './clock';
import { type CutoffCountdownEvent, cutoffCountdownMachine } from './cutoff-countdown.machine';
import {
  checkDeliveryDate,
  cutoffOf,
  type DeliveryDateErrorKey,
  earliestDeliveryDate,
  firstDeliveryDate,
  nextDeliveryDate,
} from './delivery-day';

export type { OrderPreview } from '../../services/api/orders';
export type { CheckoutDraft } from '../../services/checkout-draft';

/**
 * An order of the cart's lines, with the ids of every line the drawer showed (`cart_lines`): the server
 * refuses it (409 cart_changed) when the cart holds other lines by then, such as one another tab added.
 */

export type { DeliveryDateErrorKey } from './delivery-day';

/**
 * The date moved with the cart open, said in a notice: the chosen day's cut-off passed (to the next
 * served day), or another delivery address was chosen whose route does not serve it (to its earliest).
 */
export interface DateMove {
  from: IsoDate;
  to: IsoDate;
  cause: 'cutoffPassed' | 'addressChanged';
}

/** A company delivery address the order can go to: one the server has keyed. */
export type CheckoutAddress = DeliveryAddress & { pk: number };

export interface CheckoutContext {
  /** the cart's lines as order lines, as the cart last told them (`checkout.itemsChanged`) */
  items: OrderSubmissionItem[];
  /** yyyy-mm-dd, or '' when the customer emptied the date input */
  deliveryDate: IsoDate | '';
  minDeliveryDate: IsoDate;
  /** a year from today: the date input's `max` (later dates get cart.deliveryDateTooLate) */
  maxDeliveryDate: IsoDate;
  isPreorder: boolean;
  customerNote: string;
  dateError: DeliveryDateErrorKey | null;
  /** why the delivery calendar refuses the typed day (the message names the route, holiday or closure) */
  dateRefusal: UnservedReason | null;
  /**
   * The supplier's delivery calendar for the company (`checkout.calendarLoaded`); null: none applies,
   * not loaded (yet), or its load failed, and the specification's rule holds (today + 7, any day).
   */
  calendar: CompanyDeliveryCalendar | null;
  /**
   * The company's delivery addresses (`checkout.addressesLoaded`): with several the form offers the
   * choice; empty when none, not loaded (yet) or the load failed (no choice, no address sent).
   */
  deliveryAddresses: CheckoutAddress[];
  /** the address the order goes to: its route decides the served days and the cut-off */
  deliveryAddressId: number | null;
  /** the company's own minimum order value (it wins over the route's); null: none or not known */
  minimumOrder: MinimumOrderRule | null;
  /** the customer typed or picked a date (or a draft brought one): a calendar arriving later keeps it */
  dateChosen: boolean;
  /** the last move of the date past a cut-off, for the notice (`form.dateMoved`) */
  dateMoved: DateMove | null;
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
  /** a cart line is debouncing, saving or being removed (the cart says so: `checkout.savesChanged`) */
  savesPending: boolean;
  /** a cart line shows text that is no quantity (`checkout.linesInvalidChanged`): Order waits for the fix */
  linesInvalid: boolean;
  /**
   * False once the preview turned out to be missing (capability `orderPreview`): the confirmation
   * shows the cart's own summary and says the supplier adds delivery fees and charges. Read by the
   * view only; the chart branches on the preview call's error.
   */
  previewOffered: boolean;
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
  | { type: 'checkout.reset' }
  /** from the cart: whether any line still has a change on its way to the server */
  | { type: 'checkout.savesChanged'; pending: boolean }
  /** from the cart: a line's change (or removal) was refused while the order waited for it */
  | { type: 'checkout.saveFailed' }
  /** from the cart: whether any line shows text that is no quantity (the saved quantity is not what it shows) */
  | { type: 'checkout.linesInvalidChanged'; invalid: boolean }
  /** from the draft store on start: what this user had typed (and was sending) before a reload */
  | { type: 'checkout.draftRestored'; draft: CheckoutDraft }
  /** send the order found pending after a reload again (same body, same key) */
  | { type: 'checkout.resumed' }
  /** forget the order found pending after a reload */
  | { type: 'checkout.discarded' }
  /** from the calendar loader once someone is signed in: the company's calendar (null: the specification's rule) */
  | {
      type: 'checkout.calendarLoaded';
      calendar: CompanyDeliveryCalendar | null;
      /** the company's own minimum order value, when the answer has one */
      minimumOrder?: MinimumOrderRule | null;
    }
  /** from the calendar loader: the calendar could not be read (the specification's rule holds) */
  | { type: 'checkout.calendarFailed'; error: unknown }
  /** from the countdown: the chosen day's cut-off has passed */
  | { type: 'checkout.cutoffPassed' }
  /** from the form each time it shows: read the company's delivery addresses (again), as they are now */
  | { type: 'checkout.addressesNeeded' }
  /** from the address loader: the company's delivery addresses */
  | { type: 'checkout.addressesLoaded'; addresses: DeliveryAddress[] }
  /** from the address loader: they could not be read (no choice shown, no address sent) */
  | { type: 'checkout.addressesFailed'; error: unknown }
  /** the customer chose the delivery address the order goes to */
  | { type: 'checkout.addressChanged'; addressId: number };

/** What the checkout tells its draft store (`draftStore`): keep this draft, or forget it. */
export type DraftStoreEvent = { type: 'draft.saved'; draft: CheckoutDraft } | { type: 'draft.cleared' };

/** The server refused the order because a cart line it names changed meanwhile (409 cart_changed). */
export const isCartChanged = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.code === 'cart_changed';

/** The server refused the order as below the minimum order value (the cart changed in another tab). */
export const isMinimumNotReached = (error: unknown): boolean =>
  isApiError(error) && error.status === 400 && error.code === 'minimum_order_not_reached';

export interface PreviewOrderInput {
  submission: OrderSubmission;
}

export interface PlaceOrderInput {
  submission: OrderSubmission;
  idempotencyKey: string;
}

/** What the checkout tells the cart (systemId `cart`): it refetches, since the server emptied it. */
export type CheckoutReport = { type: 'cart.orderPlaced'; orderId: number };

/** What the checkout asks of the cart when the server says the cart changed: fetch it afresh. */
export type CheckoutCartRequest = { type: 'cart.fetch' };

const freshForm = (now: Date, calendar: CompanyDeliveryCalendar | null, addressId: number | null) => ({
  deliveryDate: firstDeliveryDate(calendar, now, addressId),
  minDeliveryDate: earliestDeliveryDate(calendar, now, addressId),
  maxDeliveryDate: maximumDeliveryDate(now),
  isPreorder: false,
  customerNote: '',
  dateError: null,
  dateRefusal: null,
  dateChosen: false,
  dateMoved: null,
  submission: null,
  preview: null,
  idempotencyKey: null,
  orderId: null,
  error: null,
});

/** The chosen address when it is one of the company's (an address from a draft may be gone). */
export const chosenAddressId = (context: CheckoutContext): number | null =>
  context.deliveryAddresses.some((address) => address.pk === context.deliveryAddressId)
    ? context.deliveryAddressId
    : null;

/**
 * The addresses as loaded: the one chosen before (a draft) stays when it is still the company's,
 * else the first. The form's days follow its route unless the customer chose a date.
 */
const withAddresses = (context: CheckoutContext, addresses: DeliveryAddress[], now: Date) => {
  const keyed = addresses.filter((address): address is CheckoutAddress => address.pk !== null);
  const addressId = keyed.some((a) => a.pk === context.deliveryAddressId)
    ? context.deliveryAddressId
    : (keyed[0]?.pk ?? null);
  return {
    deliveryAddresses: keyed,
    deliveryAddressId: addressId,
    minDeliveryDate: earliestDeliveryDate(context.calendar, now, addressId),
    deliveryDate: context.dateChosen
      ? context.deliveryDate
      : firstDeliveryDate(context.calendar, now, addressId),
  };
};

const draftOf = (context: CheckoutContext): CheckoutDraft => ({
  deliveryDate: context.deliveryDate,
  deliveryAddressId: context.deliveryAddressId,
  isPreorder: context.isPreorder,
  customerNote: context.customerNote,
  pending:
    context.submission && context.idempotencyKey
      ? { submission: context.submission, idempotencyKey: context.idempotencyKey }
      : null,
});

const sameSubmission = (a: OrderSubmission | null, b: OrderSubmission) =>
  JSON.stringify(a) === JSON.stringify(b);

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as 'busy',
  },
  delays: { slowAnswer: SLOW_ANSWER_MS },
  actors: {
    /** both bound by `bindCheckout` */
    previewOrder: notBound<OrderPreview, PreviewOrderInput>('checkout.previewOrder'),
    placeOrder: notBound<number, PlaceOrderInput>('checkout.placeOrder'),
    /** bound by `bindCheckout`: keeps the order on this device (the outbox) to be sent once online */
    queueOrder: notBound<void, PlaceOrderInput>('checkout.queueOrder'),
    /**
     * Keeps the draft across reloads (`bindCheckout`: the tab's sessionStorage, per user) and answers
     * `checkout.draftRestored` once the user is known. Unbound, nothing is kept.
     */
    draftStore: fromCallback<DraftStoreEvent>(() => undefined),
    /**
     * Reads the company's delivery calendar whenever someone signs in (`bindCheckout`) and answers
     * `checkout.calendarLoaded` or `checkout.calendarFailed`. Unbound: the specification's rule.
     */
    deliveryCalendar: fromCallback(() => undefined),
    /**
     * Reads the company's delivery addresses on each `checkout.addressesNeeded` while someone is
     * signed in (`bindCheckout`) and answers `checkout.addressesLoaded` or `checkout.addressesFailed`.
     * Unbound: no choice, no address sent.
     */
    deliveryAddresses: fromCallback<CheckoutEvent>(() => undefined),
    /** counts down to the chosen day's cut-off and says when it passed */
    cutoffCountdown: cutoffCountdownMachine,
  },
  guards: {
    /** the browser was offline when the order was sent: no request left this device */
    wentOffline: (_, params: { error: unknown }) =>
      isApiError(params.error) && params.error.code === 'offline',
    dateIsWrong: ({ context }) =>
      !checkDeliveryDate(context.deliveryDate, context.calendar, clock(), chosenAddressId(context)).ok,
    /** the chosen address is one of the company's (one chosen before they were read is not) */
    knownAddress: ({ context, event }) =>
      event.type === 'checkout.addressChanged' &&
      context.deliveryAddresses.some((address) => address.pk === event.addressId),
    /** the newly chosen address's route does not serve the chosen day (no calendar: every address is alike) */
    addressMovesDate: ({ context, event }) =>
      event.type === 'checkout.addressChanged' &&
      context.calendar !== null &&
      context.deliveryDate !== '' &&
      !checkDeliveryDate(context.deliveryDate, context.calendar, clock(), event.addressId).ok,
    hasItems: ({ context }) => context.items.length > 0,
    savesPending: ({ context }) => context.savesPending,
    linesInvalid: ({ context }) => context.linesInvalid,
    hasPendingOrder: ({ event }) => event.type === 'checkout.draftRestored' && event.draft.pending !== null,
    cartChanged: ({ event }) => isCartChanged((event as { error?: unknown }).error),
    minimumNotReached: ({ event }) => isMinimumNotReached((event as { error?: unknown }).error),
    isMissingCall: ({ event }) => toErrorInfo((event as { error?: unknown }).error).missingCall === true,
  },
  actions: {
    takeDate: assign({
      deliveryDate: ({ context, event }) =>
        event.type === 'checkout.dateChanged' ? event.date.trim() : context.deliveryDate,
      dateError: null,
      dateRefusal: null,
      dateChosen: true,
    }),
    takePreorder: assign({
      isPreorder: ({ context, event }) =>
        event.type === 'checkout.preorderChanged' ? event.isPreorder : context.isPreorder,
    }),
    takeItems: assign((_, params: { items: OrderSubmissionItem[] }) => ({ items: params.items })),
    takeSaves: assign((_, params: { pending: boolean }) => ({ savesPending: params.pending })),
    takeLinesInvalid: assign((_, params: { invalid: boolean }) => ({ linesInvalid: params.invalid })),
    losePreview: assign({ previewOffered: false }),
    takeNote: assign({
      customerNote: ({ context, event }) =>
        event.type === 'checkout.noteChanged' ? event.note : context.customerNote,
    }),
    /** the form as typed before the reload, and the order that was on its way then */
    takeDraft: assign(({ context }, params: { draft: CheckoutDraft }) => {
      const wanted = params.draft.deliveryAddressId ?? null;
      // an address the company no longer has keeps the one chosen now (none read yet: kept for them)
      const addressId =
        wanted !== null &&
        (context.deliveryAddresses.length === 0 ||
          context.deliveryAddresses.some((address) => address.pk === wanted))
          ? wanted
          : context.deliveryAddressId;
      return {
        deliveryDate: params.draft.deliveryDate,
        deliveryAddressId: addressId,
        minDeliveryDate: earliestDeliveryDate(context.calendar, clock(), addressId),
        isPreorder: params.draft.isPreorder,
        customerNote: params.draft.customerNote,
        dateChosen: true,
        submission: params.draft.pending?.submission ?? null,
        idempotencyKey: params.draft.pending?.idempotencyKey ?? null,
      };
    }),
    showDateError: assign(({ context }) => {
      const result = checkDeliveryDate(
        context.deliveryDate,
        context.calendar,
        clock(),
        chosenAddressId(context),
      );
      return result.ok
        ? { dateError: null, dateRefusal: null }
        : { dateError: result.messageKey, dateRefusal: result.reason };
    }),
    /** the earliest served day replaces the specification's today + 7 unless the customer chose a date */
    takeCalendar: assign(
      (
        { context },
        params: { calendar: CompanyDeliveryCalendar | null; minimumOrder: MinimumOrderRule | null },
      ) => {
        const now = clock();
        const addressId = chosenAddressId(context);
        return {
          calendar: params.calendar,
          minimumOrder: params.minimumOrder,
          minDeliveryDate: earliestDeliveryDate(params.calendar, now, addressId),
          deliveryDate: context.dateChosen
            ? context.deliveryDate
            : firstDeliveryDate(params.calendar, now, addressId),
        };
      },
    ),
    /** a sign-out: the next user's company may have another calendar (or none) and other addresses */
    forgetCalendar: assign({
      calendar: null,
      minimumOrder: null,
      deliveryAddresses: [],
      deliveryAddressId: null,
    }),
    takeAddresses: assign(({ context }, params: { addresses: DeliveryAddress[] }) =>
      withAddresses(context, params.addresses, clock()),
    ),
    /**
     * Another address, another route: the days and the cut-off follow it. A day its route does not
     * serve moves to the route's earliest (with the notice); an unchosen day follows the new route.
     */
    takeAddress: assign(({ context, event }) => {
      if (event.type !== 'checkout.addressChanged') return {};
      const now = clock();
      const addressId = event.addressId;
      const from = context.deliveryDate;
      const earliest = firstDeliveryDate(context.calendar, now, addressId);
      const served = checkDeliveryDate(from, context.calendar, now, addressId).ok;
      const moves = context.calendar !== null && from !== '' && !served;
      return {
        deliveryAddressId: addressId,
        minDeliveryDate: earliestDeliveryDate(context.calendar, now, addressId),
        deliveryDate: moves || !context.dateChosen ? earliest : from,
        ...(moves && from !== ''
          ? { dateMoved: { from, to: earliest, cause: 'addressChanged' as const } }
          : {}),
        dateError: null,
        dateRefusal: null,
      };
    }),
    /** the cut-off of the chosen day passed: the next served day, remembered for the notice */
    moveDate: assign(({ context }) => {
      const from = context.deliveryDate;
      const to =
        context.calendar && from
          ? nextDeliveryDate(from, context.calendar, clock(), chosenAddressId(context))
          : null;
      if (!from || to === null) return { dateMoved: null };
      return {
        deliveryDate: to,
        dateMoved: { from, to, cause: 'cutoffPassed' as const },
        dateError: null,
        dateRefusal: null,
      };
    }),
    /** the countdown follows the chosen day: its cut-off when a calendar serves it, nothing otherwise */
    watchCutoff: enqueueActions(({ context, enqueue }) => {
      const cutoff = cutoffOf(context.deliveryDate, context.calendar, clock(), chosenAddressId(context));
      const command: CutoffCountdownEvent = cutoff
        ? { type: 'countdown.watch', cutoffAt: cutoff.cutoffAt }
        : { type: 'countdown.stop' };
      enqueue.sendTo('cutoffCountdown', command);
    }),
    /** bound by `bindCheckout` (provideReporting): a failed calendar load is reported once */
    reportError: (_, _params: ReportErrorParams) => undefined,
    fixSubmission: assign(({ context }) => {
      const addressId = chosenAddressId(context);
      const submission: OrderSubmission = {
        items: context.items,
        cartLines: context.items.flatMap((item) => (item.cartItem === undefined ? [] : [item.cartItem])),
        expectedDeliveryDate: context.deliveryDate,
        isPreorder: context.isPreorder,
        customerNote: context.customerNote,
        ...(addressId === null ? {} : { deliveryAddress: addressId }),
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
    /** an attempt that can never be stored as it is (refused, or discarded): the next one draws a new key */
    forgetAttempt: assign({ submission: null, idempotencyKey: null, preview: null, error: null }),
    /** the cart is reached by its systemId; without one (a checkout on its own) nobody is told */
    reportOrder: enqueueActions(({ system, enqueue }, params: { orderId: number }) => {
      const cart = system.get('cart');
      const report: CheckoutReport = { type: 'cart.orderPlaced', orderId: params.orderId };
      if (cart) enqueue.sendTo(cart, report);
    }),
    /** the drawer shows the cart as the server has it now */
    refetchCart: enqueueActions(({ system, enqueue }) => {
      const cart = system.get('cart');
      const fetch: CheckoutCartRequest = { type: 'cart.fetch' };
      if (cart) enqueue.sendTo(cart, fetch);
    }),
    /** a retry keeps the attempt's key; a new attempt draws one */
    ensureIdempotencyKey: assign({
      idempotencyKey: ({ context }) => context.idempotencyKey ?? globalThis.crypto.randomUUID(),
    }),
    saveDraft: enqueueActions(({ context, enqueue }) => {
      const saved: DraftStoreEvent = { type: 'draft.saved', draft: draftOf(context) };
      enqueue.sendTo('draftStore', saved);
    }),
    clearDraft: enqueueActions(({ enqueue }) => {
      const cleared: DraftStoreEvent = { type: 'draft.cleared' };
      enqueue.sendTo('draftStore', cleared);
    }),
    resetForm: assign(({ context }) => freshForm(clock(), context.calendar, chosenAddressId(context))),
  },
}).createMachine({
  id: 'checkout',
  context: () => ({
    items: [],
    savesPending: false,
    linesInvalid: false,
    previewOffered: true,
    calendar: null,
    minimumOrder: null,
    deliveryAddresses: [],
    deliveryAddressId: null,
    ...freshForm(clock(), null, null),
  }),
  invoke: [
    { id: 'draftStore', src: 'draftStore' },
    { id: 'deliveryCalendar', src: 'deliveryCalendar' },
    { id: 'deliveryAddresses', src: 'deliveryAddresses' },
    { id: 'cutoffCountdown', src: 'cutoffCountdown' },
  ],
  on: {
    'checkout.reset': {
      target: '.form',
      actions: ['forgetCalendar', 'resetForm', 'watchCutoff', 'clearDraft'],
    },
    'checkout.calendarLoaded': {
      actions: [
        {
          type: 'takeCalendar',
          params: ({ event }) => ({ calendar: event.calendar, minimumOrder: event.minimumOrder ?? null }),
        },
        'watchCutoff',
      ],
    },
    // the specification's rule holds, as without a calendar: the order is never held up by it
    'checkout.calendarFailed': {
      actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
    },
    // read when the form shows, not once per sign-in: an address added in Settings meanwhile is offered
    'checkout.addressesNeeded': {
      actions: sendTo('deliveryAddresses', ({ event }) => event),
    },
    'checkout.addressesLoaded': {
      actions: [
        { type: 'takeAddresses', params: ({ event }) => ({ addresses: event.addresses }) },
        'watchCutoff',
      ],
    },
    // no choice is shown and no address sent: the server takes the company's own (as without the choice)
    'checkout.addressesFailed': {
      actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
    },
    'checkout.itemsChanged': {
      actions: { type: 'takeItems', params: ({ event }) => ({ items: event.items }) },
    },
    'checkout.savesChanged': {
      actions: { type: 'takeSaves', params: ({ event }) => ({ pending: event.pending }) },
    },
    'checkout.linesInvalidChanged': {
      actions: { type: 'takeLinesInvalid', params: ({ event }) => ({ invalid: event.invalid }) },
    },
  },
  initial: 'form',
  states: {
    form: {
      description:
        "The cart drawer shows the lines with the checkout form: delivery date (a week from today at the earliest, a year at the latest; with the supplier's delivery calendar only the days its trucks serve, the earliest preselected, with the time left to its cut-off; with several delivery addresses, the one the order goes to, whose route decides those days), a pre-order box, a note and the Order button. What is typed is kept in the tab and comes back after a reload. Pressing Order with a missing, too early or too late date (or a day the calendar does not serve, with its reason) shows an error under the date and sends nothing; a change to a line still on its way is waited for, so the order carries what the customer last chose; while a cart line shows text that is no quantity, Order is disabled (what it shows is not what would be ordered).",
      on: {
        'checkout.dateChanged': { actions: ['takeDate', 'watchCutoff', 'saveDraft'] },
        'checkout.addressChanged': [
          {
            guard: and(['knownAddress', 'addressMovesDate']),
            target: '.dateMoved',
            actions: ['takeAddress', 'watchCutoff', 'saveDraft'],
          },
          { guard: 'knownAddress', actions: ['takeAddress', 'watchCutoff', 'saveDraft'] },
        ],
        'checkout.cutoffPassed': { target: '.dateMoved', actions: ['moveDate', 'watchCutoff', 'saveDraft'] },
        'checkout.preorderChanged': { actions: ['takePreorder', 'saveDraft'] },
        'checkout.noteChanged': { actions: ['takeNote', 'saveDraft'] },
        // spec point 4: a missing or wrong date shows its error and sends nothing
        'checkout.submitted': [
          { guard: and([not('linesInvalid'), 'dateIsWrong']), target: '.editing', actions: 'showDateError' },
          { guard: and([not('linesInvalid'), 'hasItems', 'savesPending']), target: 'waitingForSaves' },
          { guard: and([not('linesInvalid'), 'hasItems']), target: 'previewing', actions: 'fixSubmission' },
        ],
      },
      initial: 'editing',
      states: {
        editing: {
          description:
            'The form with no message above it. While a cart line shows text that is no quantity, a note above the Order button names the line.',
          on: {
            'checkout.draftRestored': [
              {
                guard: 'hasPendingOrder',
                target: '#checkout.resumable',
                actions: [
                  { type: 'takeDraft', params: ({ event }) => ({ draft: event.draft }) },
                  'watchCutoff',
                ],
              },
              {
                actions: [
                  { type: 'takeDraft', params: ({ event }) => ({ draft: event.draft }) },
                  'watchCutoff',
                ],
              },
            ],
          },
        },
        lineSaveFailed: {
          description:
            'Above the form the drawer says a change to the cart could not be saved and the order was not sent; the line shows its own Try again. The form stays as typed; the customer may press Order again or close the message.',
          on: { 'checkout.cancelled': 'editing' },
        },
        dateMoved: {
          description:
            'The cut-off of the chosen delivery day passed while the cart was open: above the form a notice says "The order cut-off for Tuesday 1 December has passed; the delivery date is now Thursday 3 December." and the date shows the next served day. Any confirmation dialog closed, so the order is confirmed with the new date. Likewise when the customer chose a delivery address whose route does not serve the chosen day: "Tuesday 1 December is not a delivery day at this address; the delivery date is now Wednesday 2 December." The customer closes the notice or goes on editing.',
          on: { 'checkout.cancelled': 'editing' },
        },
        minimumNotReached: {
          description:
            'The server refused the order as below the minimum order value for its delivery (the cart changed in another tab): the drawer says so with the amount still missing, above the cart as it is now (fetched afresh); the form stays as typed.',
          on: { 'checkout.cancelled': 'editing' },
        },
        cartChanged: {
          description:
            'The server refused the order because the cart changed while it was being placed: the drawer says "Your cart changed while the order was being placed. Check it and order again." above the cart as it is now (fetched afresh); the form stays as typed.',
          on: { 'checkout.cancelled': 'editing' },
        },
      },
    },
    waitingForSaves: {
      description:
        'The Order button shows a spinner and "Saving your changes…" while changes to the cart\'s lines are still being saved; the order is worked out with them as soon as they are stored.',
      tags: 'busy',
      always: [
        {
          guard: and([not('savesPending'), 'hasItems', not('linesInvalid')]),
          target: 'previewing',
          actions: 'fixSubmission',
        },
        { guard: not('savesPending'), target: 'form' },
      ],
      on: {
        'checkout.saveFailed': 'form.lineSaveFailed',
        'checkout.cutoffPassed': {
          target: '#checkout.form.dateMoved',
          actions: ['moveDate', 'watchCutoff', 'saveDraft'],
        },
      },
    },
    previewing: {
      description:
        'The confirmation dialog opens with a spinner ("Working out the shipments…") while the server splits the order into shipments per warehouse; the form stays as typed. The customer may only cancel, back to the form. A backend known to lack the preview answers at once as a missing call (nothing is sent).',
      tags: 'busy',
      invoke: {
        id: 'previewOrder',
        src: 'previewOrder',
        input: ({ context }) => ({ submission: context.submission as OrderSubmission }),
        onDone: {
          target: 'confirming',
          actions: { type: 'keepPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: [
          // the backend has no preview after all: the same confirmation as without one, not "try again"
          { guard: 'isMissingCall', target: 'confirmingWithoutPreview', actions: 'losePreview' },
          {
            target: 'previewFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: {
        'checkout.cancelled': 'form',
        'checkout.cutoffPassed': {
          target: '#checkout.form.dateMoved',
          actions: ['moveDate', 'watchCutoff', 'saveDraft'],
        },
      },
    },
    previewFailed: {
      description:
        'The confirmation dialog says the split into shipments could not be shown. The customer may try again, confirm the order anyway, or cancel back to the form.',
      // whichever way the customer leaves the message, it is gone
      exit: 'clearError',
      on: {
        'checkout.retried': 'previewing',
        'checkout.confirmed': 'submitting',
        'checkout.cancelled': 'form',
        'checkout.cutoffPassed': {
          target: '#checkout.form.dateMoved',
          actions: ['moveDate', 'watchCutoff', 'saveDraft'],
        },
      },
    },
    confirming: {
      description:
        'The confirmation dialog shows the requested delivery date and the order split into shipments per warehouse, each with its contact and total. The customer confirms the order or cancels back to the form.',
      on: {
        'checkout.confirmed': 'submitting',
        'checkout.cancelled': 'form',
        'checkout.cutoffPassed': {
          target: '#checkout.form.dateMoved',
          actions: ['moveDate', 'watchCutoff', 'saveDraft'],
        },
      },
    },
    confirmingWithoutPreview: {
      description:
        "Without the order preview (a backend with the specification's calls only) the confirmation dialog shows the requested delivery date and the cart's own summary, and says that delivery fees and extra charges are added by the supplier; no split into shipments and no fee figures. The customer confirms the order or cancels back to the form.",
      on: {
        'checkout.confirmed': 'submitting',
        'checkout.cancelled': 'form',
        'checkout.cutoffPassed': {
          target: '#checkout.form.dateMoved',
          actions: ['moveDate', 'watchCutoff', 'saveDraft'],
        },
      },
    },
    // No submit or confirm handler here: a submit already in progress is ignored (spec point 4).
    submitting: {
      description:
        "The order is being placed: the dialog's Confirm order button shows a spinner, so a second click cannot place a second order. The order and its key are kept in the tab until it is confirmed, so a reload can send it again.",
      tags: 'busy',
      entry: ['ensureIdempotencyKey', 'saveDraft'],
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
            'clearDraft',
          ],
        },
        onError: [
          {
            guard: { type: 'wentOffline', params: ({ event }) => ({ error: event.error }) },
            target: 'queueing',
          },
          {
            guard: 'cartChanged',
            target: 'form.cartChanged',
            actions: ['forgetAttempt', 'refetchCart', 'saveDraft'],
          },
          {
            guard: 'minimumNotReached',
            target: 'form.minimumNotReached',
            actions: ['forgetAttempt', 'refetchCart', 'saveDraft'],
          },
          {
            target: 'submitFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Cancel is disabled while the server is expected to answer soon.',
          after: { slowAnswer: 'slow' },
        },
        slow: {
          description:
            'After ten seconds without an answer the dialog says that placing the order is taking longer than usual, and Cancel is enabled.',
          on: { 'checkout.cancelled': '#checkout.submitCancelled' },
        },
      },
    },
    /** the cart is as it was; Retry sends the same order with the same key */
    submitFailed: {
      description:
        'The dialog closes and the cart drawer says the order could not be placed and the cart is unchanged. The customer may try again (the very same order is sent once more) or close the message and go on editing.',
      exit: 'clearError',
      on: {
        'checkout.retried': 'submitting',
        'checkout.cancelled': 'form',
      },
    },
    /** the call was given up here, not on the server: the key stays, so a retry cannot make a second order */
    submitCancelled: {
      description:
        'The dialog closes and the drawer says the order was cancelled here but may still arrive, and that sending it again is safe (it cannot be placed twice). The form and the cart stay; the customer may try again or close the message.',
      on: {
        'checkout.retried': 'submitting',
        'checkout.cancelled': 'form',
      },
    },
    resumable: {
      description:
        'After a reload the drawer says an order was being sent when the page was left, with Send again (the very same order and key: the server answers the first order if it arrived, or places it now) and Discard; the form shows what was typed.',
      on: {
        'checkout.resumed': 'submitting',
        'checkout.discarded': { target: 'form', actions: ['forgetAttempt', 'saveDraft'] },
      },
    },
    queueing: {
      description:
        'The browser is offline: the order, its key and the lines as shown are kept on this device to be sent once the connection returns. The dialog still shows its spinner.',
      tags: 'busy',
      invoke: {
        id: 'queueOrder',
        src: 'queueOrder',
        input: ({ context }) => ({
          submission: context.submission as OrderSubmission,
          idempotencyKey: context.idempotencyKey as string,
        }),
        onDone: { target: 'queued', actions: ['forgetAttempt', 'clearDraft'] },
        onError: {
          target: 'submitFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    queued: {
      description:
        'The cart drawer says the order is waiting to be sent: it goes out by itself once the connection returns (checked first against prices, stock and the cut-off), even after the page was closed and opened again. Closing the message starts a fresh checkout form.',
      on: { 'checkout.finished': { target: 'form', actions: ['resetForm', 'watchCutoff'] } },
    },
    succeeded: {
      description:
        'The cart drawer shows the thank-you view with the new order number and links to the orders or back to shopping. Closing the drawer starts a fresh checkout form.',
      on: { 'checkout.finished': { target: 'form', actions: ['resetForm', 'watchCutoff'] } },
    },
  },
});

/** The signed-in user a draft belongs to (the claims name the user and the company). */
const draftOwner = (ports: Ports): string | null => {
  const claims = ports.session()?.getSnapshot().context.claims;
  return claims ? JSON.stringify([claims.accountName, claims.name]) : null;
};

/**
 * The tab's draft store as the checkout's `draftStore`: restores once the user is known (the cart
 * may start before the session is restored), then keeps what the checkout sends.
 */
const bindDraftStore = (ports: Ports) =>
  fromCallback<DraftStoreEvent>(({ sendBack, receive }) => {
    const store = ports.checkoutDrafts;
    if (!store) return undefined;
    let restored = false;
    const restore = () => {
      const owner = restored ? null : draftOwner(ports);
      if (owner === null) return;
      restored = true;
      const draft = store.read(owner);
      if (draft) sendBack({ type: 'checkout.draftRestored', draft });
    };
    const subscription = ports.session()?.subscribe(restore);
    restore();
    receive((event) => {
      if (event.type === 'draft.cleared') {
        store.clear();
        return;
      }
      const owner = draftOwner(ports);
      if (owner !== null) store.write(owner, event.draft);
    });
    return () => subscription?.unsubscribe();
  });

/**
 * Calls `read` once per signed-in user (the cart may start before the session is restored; a sign-out
 * and another sign-in reads again) and tells the checkout what it answered; a read for a user who has
 * left meanwhile is dropped.
 */
const readPerUser = <T>(
  ports: Ports,
  read: (signal: AbortSignal) => Promise<T>,
  loaded: (answer: T) => CheckoutEvent,
  failed: (error: unknown) => CheckoutEvent,
) =>
  fromCallback(({ sendBack }) => {
    let owner: string | null = null;
    let loading: AbortController | null = null;
    const load = () => {
      const next = draftOwner(ports);
      if (next === owner) return;
      owner = next;
      loading?.abort();
      loading = null;
      if (next === null) return;
      const controller = new AbortController();
      loading = controller;
      read(controller.signal).then(
        (answer) => {
          if (!controller.signal.aborted) sendBack(loaded(answer));
        },
        (error: unknown) => {
          if (!controller.signal.aborted) sendBack(failed(error));
        },
      );
    };
    const subscription = ports.session()?.subscribe(load);
    load();
    return () => {
      subscription?.unsubscribe();
      loading?.abort();
    };
  });

/**
 * The company's delivery addresses (from its company info) as the checkout's `deliveryAddresses`:
 * read on each `checkout.addressesNeeded` while someone is signed in; a read still running when the
 * next one is asked for, or when the user changes, is dropped.
 */
const bindDeliveryAddresses = (ports: Ports) =>
  fromCallback<CheckoutEvent>(({ sendBack, receive }) => {
    let loading: AbortController | null = null;
    let reader: string | null = null;
    const drop = () => {
      loading?.abort();
      loading = null;
    };
    receive((event) => {
      reader = draftOwner(ports);
      if (event.type !== 'checkout.addressesNeeded' || reader === null) return;
      drop();
      const controller = new AbortController();
      loading = controller;
      ports.api.companyInfo({ signal: controller.signal }).then(
        (info) => {
          if (!controller.signal.aborted)
            sendBack({ type: 'checkout.addressesLoaded', addresses: info.deliveryAddresses });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'checkout.addressesFailed', error });
        },
      );
    });
    const subscription = ports.session()?.subscribe(() => {
      if (draftOwner(ports) !== reader) drop();
    });
    return () => {
      subscription?.unsubscribe();
      drop();
    };
  });

/**
 * The company's calendar and its own minimum order value as the checkout's `deliveryCalendar`. A
 * backend without the capability answers at once as a missing call: the specification's rule holds.
 */
const bindDeliveryCalendar = (ports: Ports) =>
  readPerUser(
    ports,
    (signal) => ports.api.deliveryTerms({ signal }),
    (terms) => ({
      type: 'checkout.calendarLoaded',
      calendar: terms.calendar,
      minimumOrder: terms.minimumOrder,
    }),
    (error) => ({ type: 'checkout.calendarFailed', error }),
  );

/** The failure of an order the browser could not send for want of a connection (the chart's `wentOffline`). */
const wentOffline = (error: unknown) =>
  new ApiError(
    { kind: 'network', call: 'POST orders', code: 'offline', cause: error },
    'the browser is offline: the order was not sent',
  );

/**
 * Keeps an order confirmed offline in the outbox, with the cart's lines as the buyer saw them (for the
 * check before it is sent). It goes without cart line ids and without the list of shown lines: lines
 * added offline have no server id yet, and the server takes out of the cart the lines that match.
 */
async function queueOffline(ports: Ports, input: PlaceOrderInput): Promise<void> {
  const layer = offlineLayer();
  const owner = layer?.owner() ?? null;
  if (!layer || owner === null) throw new Error('orders cannot be kept on this device');
  const { cartLines: _shown, ...submission } = input.submission;
  await layer.outbox.queueOrder({
    key: input.idempotencyKey,
    owner,
    queuedAt: new Date().toISOString(),
    submission: { ...submission, items: submission.items.map(({ cartItem: _line, ...item }) => item) },
    lines: ports.cart()?.getSnapshot().context.items ?? [],
    addressId: submission.deliveryAddress ?? null,
    approved: false,
  });
}

/** The checkout with its calls bound to the API (composition root, through `bindCart`). */
export const bindCheckout = (ports: Ports) =>
  provideReporting(checkoutMachine, ports.api).provide({
    actors: {
      // a backend known to lack the preview answers at once as a missing call (call-capabilities.ts)
      // with the day and the address, so the server splits and checks it as the order would be
      previewOrder: fromPromise<OrderPreview, PreviewOrderInput>(({ input, signal }) =>
        untilAborted(
          signal,
          ports.api.previewOrder(input.submission.items, {
            signal,
            expectedDeliveryDate: input.submission.expectedDeliveryDate,
            ...(input.submission.deliveryAddress === undefined
              ? {}
              : { deliveryAddress: input.submission.deliveryAddress }),
          }),
        ),
      ),
      placeOrder: fromPromise<number, PlaceOrderInput>(async ({ input, signal }) => {
        try {
          return await untilAborted(
            signal,
            ports.api.placeOrder(input.submission, input.idempotencyKey, { signal }),
          );
        } catch (error) {
          throw failedOffline(error) ? wentOffline(error) : error;
        }
      }),
      queueOrder: fromPromise<void, PlaceOrderInput>(({ input }) => queueOffline(ports, input)),
      draftStore: bindDraftStore(ports),
      deliveryCalendar: bindDeliveryCalendar(ports),
      deliveryAddresses: bindDeliveryAddresses(ports),
    },
  });
