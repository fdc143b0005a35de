import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Order, OrderItem } from '../../domain/types';
import type { CartBulkLineResult, CartLineWrite } from '../../services/api/cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

export interface ReorderInput {
  order: Order;
}

/** What the bulk add is asked: every line of the order, as the cart takes them. */
export interface AddLinesInput {
  lines: CartLineWrite[];
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
    /** bound by `bindReorder` */
    addLines: notBound<CartBulkLineResult[], AddLinesInput>('reorder.addLines'),
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
    /** the app's cart shows the new lines; a no-op here, bound by `bindReorder` */
    refetchCart: () => undefined,
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
  },
}).createMachine({
  id: 'reorder',
  context: ({ input }) => ({
    order: input.order,
    added: [],
    unavailable: [],
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The order page shows the Order again button.',
      on: { 'reorder.started': 'adding' },
    },
    adding: {
      description:
        'Order again shows a spinner and is disabled while every line of the order that is still available goes into the cart.',
      tags: 'busy',
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({ lines: reorderLines(context.order).map((line) => line.write) }),
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
    done: {
      description:
        'In place of the button a note says how many lines were added to the cart, lists the products no longer available, and offers Go to cart.',
    },
    failed: {
      description:
        'Under Order again the message "The products could not be added to the cart." shows; clicking the button again retries.',
      on: { 'reorder.retried': 'adding' },
    },
  },
});

/** "Order again" bound to the ports: the bulk add calls the API, and the app's cart is refetched after it. */
export const bindReorder = ({ api, cart }: Ports) =>
  reorderMachine.provide({
    actors: {
      addLines: fromPromise<CartBulkLineResult[], AddLinesInput>(({ input, signal }) =>
        untilAborted(signal, api.addCartItemsBulk(input.lines, { signal })),
      ),
    },
    actions: {
      refetchCart: enqueueActions(({ enqueue }) => {
        const target = cart();
        if (target) enqueue.sendTo(target, { type: 'cart.fetch' });
      }),
    },
  });
