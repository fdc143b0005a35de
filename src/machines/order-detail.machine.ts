import { assign, emit, fromPromise, setup } from 'xstate';
import type { Order } from '../domain/types';
import type { PortalApi } from '../services/api';
import { untilAborted } from './cart.calls';
import { type ErrorInfo, toErrorInfo } from './errorInfo';

export interface OrderDetailInput {
  api: PortalApi;
  orderId: number;
  /** the order passed along (`/order-detail`): shown at once, not fetched */
  order?: Order | null;
  /** turns the invoice file into something a new tab can open (URL.createObjectURL in the browser) */
  toObjectUrl?: (file: Blob) => string;
}

export interface OrderDetailContext {
  orderId: number;
  order: Order | null;
  error: ErrorInfo | null;
  invoiceError: ErrorInfo | null;
  /** injected dependencies; not data */
  api: PortalApi;
  toObjectUrl: (file: Blob) => string;
}

export type OrderDetailEvent = { type: 'orderDetail.retried' } | { type: 'orderDetail.invoiceRequested' };

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
    /** an order passed along is the answer at once (no call); otherwise it is fetched */
    loadOrder: fromPromise<Order, { api: PortalApi; orderId: number; passedAlong: Order | null }>(
      async ({ input, signal }) =>
        input.passedAlong ?? untilAborted(signal, input.api.order(input.orderId, { signal })),
    ),
    loadInvoice: fromPromise<Blob, { api: PortalApi; orderId: number }>(({ input, signal }) =>
      untilAborted(signal, input.api.invoice(input.orderId, { signal })),
    ),
  },
  guards: {
    isNotFound: ({ event }) => toErrorInfo((event as { error?: unknown }).error).status === 404,
  },
  actions: {
    keepOrder: assign((_, params: { order: Order }) => ({ order: params.order, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    keepInvoiceError: assign((_, params: { error: unknown }) => ({
      invoiceError: toErrorInfo(params.error),
    })),
    clearInvoiceError: assign({ invoiceError: null }),
    announceInvoice: emit(({ context }, params: { file: Blob }) => ({
      type: 'orderDetail.invoiceReady' as const,
      url: context.toObjectUrl(params.file),
    })),
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: input.order ?? null,
    error: null,
    invoiceError: null,
    api: input.api,
    toObjectUrl: input.toObjectUrl ?? ((file) => URL.createObjectURL(file)),
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ api: context.api, orderId: context.orderId, passedAlong: context.order }),
        onDone: {
          target: 'loaded',
          actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: [
          // an unknown id and another company's order look the same (the server answers 404 for both)
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    notFound: {},
    failed: {
      on: { 'orderDetail.retried': 'loading' },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'orderDetail.invoiceRequested': { target: 'openingInvoice', actions: 'clearInvoiceError' } },
        },
        openingInvoice: {
          tags: 'busy',
          invoke: {
            id: 'loadInvoice',
            src: 'loadInvoice',
            input: ({ context }) => ({ api: context.api, orderId: context.orderId }),
            onDone: {
              target: 'idle',
              actions: { type: 'announceInvoice', params: ({ event }) => ({ file: event.output }) },
            },
            onError: {
              target: 'invoiceFailed',
              actions: { type: 'keepInvoiceError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** "Failed to view invoice. Please try again later." */
        invoiceFailed: {
          on: { 'orderDetail.invoiceRequested': { target: 'openingInvoice', actions: 'clearInvoiceError' } },
        },
      },
    },
  },
});
