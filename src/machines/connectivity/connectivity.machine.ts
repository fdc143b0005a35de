import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { PriceBasis } from '../../domain/pricing';
import { canSendAsIs, type QueuedOrderChange } from '../../domain/queued-order-review';
import type { IsoDate, IsoDateTime } from '../../domain/types';
import { isApiError } from '../../services/api/errors';
import type { Outbox, QueuedOrder } from '../../services/offline/outbox';
import { CACHED_ANSWER_MESSAGE } from '../../services/pwa/cache-names';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import {
  isRefusal,
  type NextQueuedOrder,
  nextQueuedOrder,
  type RefusedCartChange,
  sendCartChanges,
  sendQueuedOrder,
} from './outbox-calls';

/** An order waiting to be sent, as the banner lists it. */
export interface QueuedOrderSummary {
  key: string;
  deliveryDate: IsoDate;
  lineCount: number;
  queuedAt: IsoDateTime;
}

/** The order shown for review: what changed since the buyer confirmed it, or the server's refusal. */
export interface QueuedOrderReview {
  order: QueuedOrderSummary;
  changes: QueuedOrderChange[];
  /** the server's words when it refused the order as sent; null when the check found the changes */
  refusal: string | null;
}

export interface ConnectivityContext {
  /** cart changes kept offline, not yet sent */
  waitingChanges: number;
  /** orders confirmed offline, oldest first */
  waitingOrders: QueuedOrderSummary[];
  /** the order being checked or sent */
  next: QueuedOrder | null;
  review: QueuedOrderReview | null;
  /** cart changes the server refused when they were sent */
  refused: RefusedCartChange[];
  /** the oldest saved answer shown since the connection went (prices as of then); null: all fresh */
  cachedAsOf: IsoDateTime | null;
  error: ErrorInfo | null;
}

export type ConnectivityEvent =
  | { type: 'connectivity.lost' }
  | { type: 'connectivity.restored' }
  /** the outbox changed, in this tab or another: its counts now */
  | { type: 'outbox.counted'; changes: number; orders: QueuedOrderSummary[] }
  /** a screen was answered from the saved answers (the service worker's), saved at `at` */
  | { type: 'answers.cached'; at: IsoDateTime }
  | { type: 'sync.retried' }
  | { type: 'review.sentAsIs' }
  | { type: 'review.returnedToCart' }
  | { type: 'refused.dismissed' };

export type ConnectivityEmitted =
  | { type: 'connectivity.orderSent'; orderId: number }
  | { type: 'connectivity.returnedToCart' };

export const summaryOf = (order: QueuedOrder): QueuedOrderSummary => ({
  key: order.key,
  deliveryDate: order.submission.expectedDeliveryDate,
  lineCount: order.lines.length,
  queuedAt: order.queuedAt,
});

/** The server's own words for a refusal (its detail, in the buyer's language), else the failure's message. */
const refusalText = (error: unknown) =>
  (isApiError(error) ? error.detail : null) ?? toErrorInfo(error).message;

/**
 * No answer, or the sign-in not yet renewed after the connection came back (the session renews it
 * within seconds): both pass by themselves, so the sending is tried again shortly.
 */
const isNetworkFailure = (error: unknown) =>
  isApiError(error) && (error.kind === 'network' || error.status === 401);

/**
 * The one owner of the connection (one per signed-in tab): whether the browser is online, the cart
 * changes and orders kept offline in the outbox (IndexedDB), and sending them in order once the
 * connection returns. An order is checked against today's prices, stock and cut-off first; what
 * changed is shown for review instead of being sent blindly. No Background Sync is assumed: sending
 * runs while a signed-in page is open and online, and resumes where it stopped.
 */
export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    emitted: {} as ConnectivityEmitted,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindConnectivity` (silent here): reports `connectivity.lost`/`restored` and saved answers */
    watchNetwork: fromCallback<ConnectivityEvent>(() => undefined),
    /** bound by `bindConnectivity` (silent here): reports `outbox.counted` at start and after every change */
    watchOutbox: fromCallback<ConnectivityEvent>(() => undefined),
    /** bound by `bindConnectivity` (silent here): at sign-out the saved API answers are forgotten */
    forgetAtSignOut: fromCallback(() => undefined),
    sendCartChanges: notBound<RefusedCartChange[]>('connectivity.sendCartChanges'),
    nextQueuedOrder: notBound<NextQueuedOrder>('connectivity.nextQueuedOrder'),
    sendQueuedOrder: notBound<number, { order: QueuedOrder }>('connectivity.sendQueuedOrder'),
    approveQueuedOrder: notBound<void, { key: string }>('connectivity.approveQueuedOrder'),
    dropQueuedOrder: notBound<void, { key: string }>('connectivity.dropQueuedOrder'),
  },
  guards: {
    hasWork: ({ context }) => context.waitingChanges > 0 || context.waitingOrders.length > 0,
    wentUnreachable: (_, params: { error: unknown }) => isNetworkFailure(params.error),
    refusedOrder: (_, params: { error: unknown }) => isRefusal(params.error),
    someRefused: (_, params: { refused: RefusedCartChange[] }) => params.refused.length > 0,
    nothingWaiting: (_, params: { next: NextQueuedOrder }) => params.next.kind === 'none',
    orderChanged: (_, params: { next: NextQueuedOrder }) => params.next.kind === 'changed',
    reviewAllowsSending: ({ context }) =>
      context.review !== null && context.review.refusal === null && canSendAsIs(context.review.changes),
  },
  actions: {
    keepCounts: assign((_, params: { changes: number; orders: QueuedOrderSummary[] }) => ({
      waitingChanges: params.changes,
      waitingOrders: params.orders,
    })),
    keepCachedTime: assign(({ context }, params: { at: IsoDateTime }) => ({
      cachedAsOf:
        context.cachedAsOf !== null && context.cachedAsOf < params.at ? context.cachedAsOf : params.at,
    })),
    forgetCachedTime: assign({ cachedAsOf: null }),
    keepRefused: assign((_, params: { refused: RefusedCartChange[] }) => ({ refused: params.refused })),
    forgetRefused: assign({ refused: [] }),
    keepNext: assign((_, params: { next: NextQueuedOrder }) => ({
      next: params.next.kind === 'none' ? null : params.next.order,
      review:
        params.next.kind === 'changed'
          ? { order: summaryOf(params.next.order), changes: params.next.changes, refusal: null }
          : null,
    })),
    keepRefusal: assign(({ context }, params: { error: unknown }) => ({
      review: context.next
        ? { order: summaryOf(context.next), changes: [], refusal: refusalText(params.error) }
        : null,
    })),
    approveNext: assign(({ context }) => ({
      next: context.next ? { ...context.next, approved: true } : null,
      review: null,
    })),
    /** the outbox is empty for this user: nothing is left to count until it reports again */
    markAllSent: assign({ waitingChanges: 0, waitingOrders: [], next: null, review: null }),
    forgetNext: assign({ next: null, review: null }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    clearError: assign({ error: null }),
    announceSent: emit((_, params: { orderId: number }) => ({
      type: 'connectivity.orderSent' as const,
      orderId: params.orderId,
    })),
    announceReturn: emit({ type: 'connectivity.returnedToCart' as const }),
    /** bound by `bindConnectivity`: the cart shows what the server holds now */
    refreshCart: () => undefined,
    /** bound by `bindConnectivity`: the cart and the orders learn of the order as if placed here */
    reportOrder: (_, _params: { orderId: number }) => undefined,
  },
  delays: { retryAfter: 15_000 },
}).createMachine({
  id: 'connectivity',
  context: {
    waitingChanges: 0,
    waitingOrders: [],
    next: null,
    review: null,
    refused: [],
    cachedAsOf: null,
    error: null,
  },
  invoke: [
    { id: 'watchNetwork', src: 'watchNetwork' },
    { id: 'watchOutbox', src: 'watchOutbox' },
    { id: 'forgetAtSignOut', src: 'forgetAtSignOut' },
  ],
  on: {
    'outbox.counted': {
      actions: {
        type: 'keepCounts',
        params: ({ event }) => ({ changes: event.changes, orders: event.orders }),
      },
    },
    'answers.cached': { actions: { type: 'keepCachedTime', params: ({ event }) => ({ at: event.at }) } },
    'connectivity.lost': '.offline',
  },
  initial: 'online',
  states: {
    online: {
      description:
        'Nothing shows: the connection is there and nothing waits to be sent. A change kept offline or an order waiting starts the sending at once.',
      always: { guard: 'hasWork', target: 'syncing' },
    },
    offline: {
      description:
        'A banner says "You are offline": changes to the cart are kept on this device and sent when the connection returns, orders are kept as "waiting to be sent", and screens already seen show prices as of the time they were saved.',
      on: { 'connectivity.restored': { target: 'online', actions: 'forgetCachedTime' } },
    },
    syncing: {
      description:
        'The banner says "Back online: sending what you did offline…": the cart changes in the order they were made, then each waiting order after its check.',
      tags: 'busy',
      initial: 'cartChanges',
      states: {
        cartChanges: {
          description: 'The cart changes kept offline are sent, oldest first.',
          invoke: {
            id: 'sendCartChanges',
            src: 'sendCartChanges',
            onDone: [
              {
                guard: { type: 'someRefused', params: ({ event }) => ({ refused: event.output }) },
                target: '#connectivity.changesRefused',
                actions: [
                  { type: 'keepRefused', params: ({ event }) => ({ refused: event.output }) },
                  'refreshCart',
                ],
              },
              { target: 'orders', actions: 'refreshCart' },
            ],
            onError: [
              {
                guard: { type: 'wentUnreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#connectivity.unreachable',
              },
              {
                target: '#connectivity.syncFailed',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        orders: {
          description:
            "The oldest waiting order is checked against today's prices, stock and the delivery day's cut-off.",
          invoke: {
            id: 'nextQueuedOrder',
            src: 'nextQueuedOrder',
            onDone: [
              {
                guard: { type: 'nothingWaiting', params: ({ event }) => ({ next: event.output }) },
                target: '#connectivity.online',
                actions: 'markAllSent',
              },
              {
                guard: { type: 'orderChanged', params: ({ event }) => ({ next: event.output }) },
                target: '#connectivity.needsReview',
                actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output }) },
              },
              {
                target: 'sending',
                actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output }) },
              },
            ],
            onError: [
              {
                guard: { type: 'wentUnreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#connectivity.unreachable',
              },
              {
                target: '#connectivity.syncFailed',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        sending: {
          description:
            'The order is sent with the key it was given when confirmed, so it is placed once however often it is sent; then the next one.',
          invoke: {
            id: 'sendQueuedOrder',
            src: 'sendQueuedOrder',
            input: ({ context }) => ({ order: context.next as QueuedOrder }),
            onDone: {
              target: 'orders',
              actions: [
                { type: 'announceSent', params: ({ event }) => ({ orderId: event.output }) },
                { type: 'reportOrder', params: ({ event }) => ({ orderId: event.output }) },
                'forgetNext',
              ],
            },
            onError: [
              {
                guard: { type: 'refusedOrder', params: ({ event }) => ({ error: event.error }) },
                target: '#connectivity.needsReview',
                actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'wentUnreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#connectivity.unreachable',
              },
              {
                target: '#connectivity.syncFailed',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    changesRefused: {
      description:
        'The banner lists the cart changes the server refused when they were sent (with its reason, e.g. not enough stock) and the cart shows what it holds now; Dismiss goes on with the waiting orders.',
      exit: 'forgetRefused',
      on: { 'refused.dismissed': 'syncing.orders' },
    },
    needsReview: {
      description:
        'A dialog shows the waiting order with what changed since it was confirmed (a new price, a product short of stock or no longer in the cart, a delivery day past its cut-off) or the server\'s refusal. "Send as it is" is offered only when just prices changed; "Back to the cart" keeps the cart and forgets the waiting order, to order afresh.',
      on: {
        'review.sentAsIs': { guard: 'reviewAllowsSending', target: 'approving' },
        'review.returnedToCart': 'returning',
      },
    },
    approving: {
      description: 'The order is marked approved on this device (a restart sends it as it is), then sent.',
      tags: 'busy',
      invoke: {
        id: 'approveQueuedOrder',
        src: 'approveQueuedOrder',
        input: ({ context }) => ({ key: context.next?.key ?? '' }),
        onDone: { target: 'syncing.sending', actions: 'approveNext' },
        onError: {
          target: 'syncFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    returning: {
      description:
        'The waiting order is forgotten on this device; the cart drawer opens with the cart as it is.',
      tags: 'busy',
      invoke: {
        id: 'dropQueuedOrder',
        src: 'dropQueuedOrder',
        input: ({ context }) => ({ key: context.next?.key ?? '' }),
        onDone: { target: 'syncing', actions: ['forgetNext', 'announceReturn'] },
        onError: {
          target: 'syncFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    unreachable: {
      description:
        'The browser says it is online but the server did not answer: the banner says what is still waiting and tries again by itself every 15 seconds, with Try again now.',
      after: { retryAfter: 'syncing' },
      on: { 'sync.retried': 'syncing' },
    },
    syncFailed: {
      description:
        'The banner says sending what was done offline failed, keeps everything waiting on this device, and offers Try again.',
      exit: 'clearError',
      on: { 'sync.retried': 'syncing' },
    },
  },
});

/** What the connectivity chart's calls need beyond the ports: the outbox and whose it is. */
export interface ConnectivityPorts {
  outbox: Outbox;
  /** the signed-in user the outbox's records belong to; null when nobody is */
  owner: () => string | null;
  /** the signed-in user's price basis, for showing a changed price as the cart shows it */
  basis: () => PriceBasis;
  isOnline: () => boolean;
  now: () => Date;
  /** empties the service worker's saved API answers (services/pwa/cache-names.ts) */
  forgetSavedAnswers: () => Promise<void>;
  /** the service worker's messages, where there is one (a saved answer was shown) */
  serviceWorker?:
    | Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener' | 'startMessages'>
    | undefined;
}

const nothingWaiting: NextQueuedOrder = { kind: 'none' };

/** The chart bound to the API, the outbox and the browser's online events (composition root: cart-area.ts). */
export const bindConnectivity = (ports: Ports, offline: ConnectivityPorts) => {
  const { api } = ports;
  const { outbox, owner } = offline;
  return connectivityMachine.provide({
    actors: {
      watchNetwork: fromCallback<ConnectivityEvent>(({ sendBack }) => {
        const lost = () => sendBack({ type: 'connectivity.lost' });
        const restored = () => sendBack({ type: 'connectivity.restored' });
        const message = (event: MessageEvent) => {
          const data: unknown = event.data;
          if (typeof data !== 'object' || data === null) return;
          const { type, cachedAt } = data as { type?: unknown; cachedAt?: unknown };
          if (type === CACHED_ANSWER_MESSAGE && typeof cachedAt === 'string')
            sendBack({ type: 'answers.cached', at: cachedAt });
        };
        if (!offline.isOnline()) lost();
        globalThis.addEventListener?.('offline', lost);
        globalThis.addEventListener?.('online', restored);
        offline.serviceWorker?.addEventListener('message', message);
        // a listener added with addEventListener gets the worker's messages only once they are started
        offline.serviceWorker?.startMessages();
        return () => {
          globalThis.removeEventListener?.('offline', lost);
          globalThis.removeEventListener?.('online', restored);
          offline.serviceWorker?.removeEventListener('message', message);
        };
      }),
      watchOutbox: fromCallback<ConnectivityEvent>(({ sendBack }) => {
        let stopped = false;
        const count = async () => {
          const who = owner();
          if (who === null) return;
          const [changes, orders] = await Promise.all([outbox.cartChanges(who), outbox.queuedOrders(who)]);
          if (!stopped)
            sendBack({ type: 'outbox.counted', changes: changes.length, orders: orders.map(summaryOf) });
        };
        const unsubscribe = outbox.subscribe(() => void count().catch(() => undefined));
        void count().catch(() => undefined);
        return () => {
          stopped = true;
          unsubscribe();
        };
      }),
      // the next person on this device must not read the previous buyer's prices offline
      forgetAtSignOut: fromCallback(() => {
        let signedIn = owner() !== null;
        const subscription = ports.session()?.subscribe(() => {
          const now = owner() !== null;
          if (signedIn && !now) void offline.forgetSavedAnswers().catch(() => undefined);
          signedIn = now;
        });
        return () => subscription?.unsubscribe();
      }),
      sendCartChanges: fromPromise<RefusedCartChange[], void>(async ({ signal }) => {
        const who = owner();
        return who === null ? [] : sendCartChanges(api, outbox, who, { signal });
      }),
      nextQueuedOrder: fromPromise<NextQueuedOrder, void>(async ({ signal }) => {
        const who = owner();
        return who === null
          ? nothingWaiting
          : nextQueuedOrder(api, outbox, who, offline.basis(), offline.now(), { signal });
      }),
      sendQueuedOrder: fromPromise<number, { order: QueuedOrder }>(({ input, signal }) =>
        sendQueuedOrder(api, outbox, input.order, { signal }),
      ),
      approveQueuedOrder: fromPromise<void, { key: string }>(({ input }) => outbox.approveOrder(input.key)),
      dropQueuedOrder: fromPromise<void, { key: string }>(({ input }) => outbox.dropOrder(input.key)),
    },
    actions: {
      refreshCart: () => ports.cart()?.send({ type: 'cart.fetch' }),
      reportOrder: (_, params: { orderId: number }) =>
        ports.cart()?.send({ type: 'cart.orderPlaced', orderId: params.orderId }),
    },
  });
};
