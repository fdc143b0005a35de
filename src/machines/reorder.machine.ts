import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Order, OrderItem } from '../domain/types';
import type { PortalApi } from '../services/api';
import type { CartBulkLineResult, CartLineWrite } from '../services/api/cart';
import { untilAborted } from './cart.calls';
import type { CartActorRef } from './cart.machine';
import { type ErrorInfo, toErrorInfo } from './errorInfo';

export interface ReorderInput {
  api: PortalApi;
  order: Order;
  /** the app's cart, refetched after the lines were added */
  cart?: CartActorRef | undefined;
}

/** A line of the old order the cart could not take (out of stock, product gone, campaign over…). */
export interface UnavailableLine {
  item: OrderItem;
  /** the server's reason code, e.g. `out_of_stock`; null when it gave none */
  code: string | null;
}

export interface ReorderContext {
  order: Order;
  added: OrderItem[];
  unavailable: UnavailableLine[];
  error: ErrorInfo | null;
  /** injected dependencies; not data */
  api: PortalApi;
  cart: CartActorRef | undefined;
}

export type ReorderEvent = { type: 'reorder.started' } | { type: 'reorder.retried' };

/** Every line of every suborder, as the bulk add takes them (a product in the cart gets replaced). */
export const reorderLines = (order: Order): { item: OrderItem; write: CartLineWrite }[] =>
  order.suborders.flatMap((suborder) =>
    suborder.items.map((item) => ({
      item,
      write: { product: item.product.id, campaign: item.campaign, quantity: item.quantity, unit: item.unit },
    })),
  );

export const reorderMachine = setup({
  types: {
    context: {} as ReorderContext,
    events: {} as ReorderEvent,
    input: {} as ReorderInput,
    tags: {} as 'busy',
  },
  actors: {
    addLines: fromPromise<CartBulkLineResult[], { api: PortalApi; order: Order }>(({ input, signal }) =>
      untilAborted(
        signal,
        input.api.addCartItemsBulk(
          reorderLines(input.order).map((line) => line.write),
          { signal },
        ),
      ),
    ),
  },
  actions: {
    sortResults: assign(({ context }, params: { results: CartBulkLineResult[] }) => {
      const lines = reorderLines(context.order);
      const added: OrderItem[] = [];
      const unavailable: UnavailableLine[] = [];
      lines.forEach((line, index) => {
        const result = params.results.find((candidate) => candidate.index === index);
        if (result && result.status !== 'rejected') added.push(line.item);
        else unavailable.push({ item: line.item, code: result?.status === 'rejected' ? result.code : null });
      });
      return { added, unavailable, error: null };
    }),
    refetchCart: enqueueActions(({ context, enqueue }) => {
      if (context.cart) enqueue.sendTo(context.cart, { type: 'cart.fetch' });
    }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
  },
}).createMachine({
  id: 'reorder',
  context: ({ input }) => ({
    order: input.order,
    added: [],
    unavailable: [],
    error: null,
    api: input.api,
    cart: input.cart,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'reorder.started': 'adding' } },
    adding: {
      tags: 'busy',
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({ api: context.api, order: context.order }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'sortResults', params: ({ event }) => ({ results: event.output }) },
            'refetchCart',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** the view lists `added` and `unavailable` */
    done: {},
    failed: { on: { 'reorder.retried': 'adding' } },
  },
});
