import { assign, emit, fromPromise, not, setup } from 'xstate';
import type { Order } from '../../domain/types';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

export interface OrderDetailInput {
  orderId: number;
  /** the order passed along (`/order-detail`): shown at once, not fetched */
  order?: Order | null;
  /**
   * The backend has the order detail call (capability `orderDetail`); without it the order is found
   * in the order list, which carries suborders, items and charges (SPEC point 3). Default: it has.
   */
  canLoadDetail?: boolean;
}

export interface FindOrderInput {
  orderId: number;
  /** an order passed along is the answer at once (no call) */
  passedAlong: Order | null;
}

export interface LoadOrderInput {
  orderId: number;
  /** an order passed along is the answer at once (no call) */
  passedAlong: Order | null;
}

export interface LoadInvoiceInput {
  orderId: number;
}

export interface OrderDetailContext {
  orderId: number;
  /** false once the backend is known to lack the detail call: the order comes from the list */
  canLoadDetail: boolean;
  order: Order | null;
  error: ErrorInfo | null;
  invoiceError: ErrorInfo | null;
}

export type OrderDetailEvent =
  | { type: 'orderDetail.retried' }
  | { type: 'orderDetail.invoiceRequested' }
  /** the order as the server answered a change or cancel of it (or another change that came first) */
  | { type: 'orderDetail.orderReplaced'; order: Order };

/** The view opens the invoice in a new tab and revokes the URL when done with it. */
export type OrderDetailEmitted = { type: 'orderDetail.invoiceReady'; url: string };

export const orderDetailMachine = setup({
  types: {
    context: {} as OrderDetailContext,
    events: {} as OrderDetailEvent,
    emitted: {} as OrderDetailEmitted,
    input: {} as OrderDetailInput,
    tags: {} as 'busy',
  },
  actors: {
    /** an order passed along is the answer at once (no call); otherwise it is fetched. Bound by `bindOrderDetail`. */
    loadOrder: notBound<Order, LoadOrderInput>('orderDetail.loadOrder'),
    /** the order as the order list has it, null when the list has no such order. Bound by `bindOrderDetail`. */
    findInList: notBound<Order | null, FindOrderInput>('orderDetail.findInList'),
    /** the invoice as a URL a new tab can open (the file stays out of the chart). Bound by `bindOrderDetail`. */
    loadInvoice: notBound<string, LoadInvoiceInput>('orderDetail.loadInvoice'),
  },
  guards: {
    canLoadDetail: ({ context }) => context.canLoadDetail,
    isMissingCall: ({ event }) => toErrorInfo((event as { error?: unknown }).error).missingCall === true,
    isNotFound: ({ event }) => toErrorInfo((event as { error?: unknown }).error).status === 404,
    isFound: ({ event }) => (event as { output?: Order | null }).output != null,
  },
  actions: {
    keepOrder: assign((_, params: { order: Order }) => ({ order: params.order, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    loseDetail: assign({ canLoadDetail: false }),
    keepInvoiceError: assign((_, params: { error: unknown }) => ({
      invoiceError: toErrorInfo(params.error),
    })),
    clearInvoiceError: assign({ invoiceError: null }),
    announceInvoice: emit((_, params: { url: string }) => ({
      type: 'orderDetail.invoiceReady' as const,
      url: params.url,
    })),
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({
    orderId: input.orderId,
    canLoadDetail: input.canLoadDetail ?? true,
    order: input.order ?? null,
    error: null,
    invoiceError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The order page says "Loading the order…" with a spinner while the order is fetched by its number; an order opened from the orders list shows at once instead.',
      tags: 'busy',
      // a backend without the detail call: the order list has the order (nothing is fetched by number)
      always: { guard: not('canLoadDetail'), target: 'findingInList' },
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId, passedAlong: context.order }),
        onDone: {
          target: 'loaded',
          actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: [
          // the backend has no detail call after all: the list has the same order
          { guard: 'isMissingCall', target: 'findingInList', actions: 'loseDetail' },
          // an unknown id and another company's order look the same (the server answers 404 for both)
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    findingInList: {
      description:
        'Without the order detail call (a backend with the specification\'s calls only) the page says "Loading the order…" while the order list is fetched; the order is shown from it, with its suborders, items and charges.',
      tags: 'busy',
      invoke: {
        id: 'findInList',
        src: 'findInList',
        input: ({ context }) => ({ orderId: context.orderId, passedAlong: context.order }),
        onDone: [
          {
            guard: 'isFound',
            target: 'loaded',
            actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output as Order }) },
          },
          { target: 'notFound' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    notFound: {
      description:
        'The page shows the title "Order #…" and says "This order does not exist or belongs to another company.", with a link back to the orders.',
    },
    failed: {
      description:
        'The page shows "Unknown error. Please try again later." with a Try again link, which fetches the order again.',
      on: { 'orderDetail.retried': 'loading' },
    },
    loaded: {
      description:
        "The order page shows the order's number, status, apply and delivery dates, its delivery address, each suborder per warehouse with its items and totals, the order total, the View invoice and Order again buttons, and the order's earlier versions when it was changed.",
      on: {
        'orderDetail.orderReplaced': {
          actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.order }) },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'View invoice is ready to be clicked; it opens the invoice in a new tab.',
          on: { 'orderDetail.invoiceRequested': { target: 'openingInvoice', actions: 'clearInvoiceError' } },
        },
        openingInvoice: {
          description:
            'View invoice shows a spinner and is disabled while the invoice is fetched; a new tab is already open and shows the invoice when it arrives.',
          tags: 'busy',
          invoke: {
            id: 'loadInvoice',
            src: 'loadInvoice',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: 'idle',
              actions: { type: 'announceInvoice', params: ({ event }) => ({ url: event.output }) },
            },
            onError: [
              { guard: 'isMissingCall', target: 'invoiceNotOffered' },
              {
                target: 'invoiceFailed',
                actions: { type: 'keepInvoiceError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        invoiceNotOffered: {
          description:
            'The backend has no invoice call (capability `invoices`): View invoice is hidden and the tab it opened closes; the rest of the order stays.',
        },
        invoiceFailed: {
          description:
            'Under View invoice the message "Failed to view invoice. Please try again later." shows and the new tab closes; clicking View invoice again retries.',
          on: { 'orderDetail.invoiceRequested': { target: 'openingInvoice', actions: 'clearInvoiceError' } },
        },
      },
    },
  },
});

/**
 * The order detail bound to the ports: the order and invoice calls, and the invoice file turned into a
 * URL a new tab can open (the view revokes it when done with it).
 */
export const bindOrderDetail = ({ api }: Ports) =>
  orderDetailMachine.provide({
    actors: {
      loadOrder: fromPromise<Order, LoadOrderInput>(
        async ({ input, signal }) =>
          input.passedAlong ?? untilAborted(signal, api.order(input.orderId, { signal })),
      ),
      findInList: fromPromise<Order | null, FindOrderInput>(async ({ input, signal }) => {
        if (input.passedAlong) return input.passedAlong;
        const orders = await untilAborted(signal, api.orders({ signal }));
        return orders.find((order) => order.id === input.orderId) ?? null;
      }),
      loadInvoice: fromPromise<string, LoadInvoiceInput>(async ({ input, signal }) =>
        URL.createObjectURL(await untilAborted(signal, api.invoice(input.orderId, { signal }))),
      ),
    },
  });
