import { assign, setup } from 'xstate';
import type { DecimalString, Order, OrderItem } from '../../domain/types';
import type { CartBulkLineResult, CartBulkMode, CartLineWrite } from '../../services/api/cart';
import { addLinesInBulk, type BulkAddInput, refetchAppCart } from '../cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';

export interface ReorderInput {
  order: Order;
}

/** What the bulk add is asked: every line of the order, as the cart takes them. */
export type AddLinesInput = BulkAddInput;

/** A line of the old order the cart could not take (out of stock, product gone, campaign over…). */
export interface UnavailableLine {
  item: OrderItem;
  /** the server's reason code, e.g. `out_of_stock`; null when it gave none */
  code: string | null;
  /** for `not_enough_stock`: the most of the line's unit that can (still) go in */
  maxQuantity: number | null;
  /** added to the product's cart line: a stock refusal is of the sum with what the cart holds */
  besideCart: boolean;
}

/** A line whose product was in the cart: the cart's line before and after, added to or replaced. */
export interface ChangedLine {
  item: OrderItem;
  status: 'increased' | 'replaced';
  from: { quantity: DecimalString; unit: number };
  to: { quantity: DecimalString; unit: number };
}

export interface ReorderContext {
  order: Order;
  /** what lines of products already in the cart do: add to their quantity (the default) or replace it */
  mode: CartBulkMode;
  /** every line the cart took, new or into a line it had */
  added: OrderItem[];
  changed: ChangedLine[];
  unavailable: UnavailableLine[];
  error: ErrorInfo | null;
}

export type ReorderEvent =
  | { type: 'reorder.modeChosen'; mode: CartBulkMode }
  | { type: 'reorder.started' }
  | { type: 'reorder.retried' };

/** Every line of every suborder, as the bulk add takes them (added to or replacing a product's cart line). */
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
    chooseMode: assign((_, params: { mode: CartBulkMode }) => ({ mode: params.mode })),
    sortResults: assign(({ context }, params: { results: CartBulkLineResult[] }) => {
      const lines = reorderLines(context.order);
      const added: OrderItem[] = [];
      const changed: ChangedLine[] = [];
      const unavailable: UnavailableLine[] = [];
      lines.forEach(({ item }, index) => {
        const result = params.results.find((candidate) => candidate.index === index);
        if (!result) unavailable.push({ item, code: null, maxQuantity: null, besideCart: false });
        else if (result.status === 'rejected')
          unavailable.push({
            item,
            code: result.code,
            maxQuantity: result.maxQuantity,
            besideCart: context.mode === 'add' && result.previous !== null,
          });
        else {
          added.push(item);
          if (result.status !== 'added' && result.previous)
            changed.push({
              item,
              status: result.status,
              from: result.previous,
              to: { quantity: result.written.quantity, unit: result.written.unit },
            });
        }
      });
      return { added, changed, unavailable, error: null };
    }),
    /** the app's cart shows the new lines; a no-op here, bound by `bindReorder` */
    refetchCart: () => undefined,
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
  },
}).createMachine({
  id: 'reorder',
  context: ({ input }) => ({
    order: input.order,
    mode: 'add',
    added: [],
    changed: [],
    unavailable: [],
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'The order page shows the Order again button with a choice for products already in the cart: "Add to the quantity in the cart" (chosen) or "Replace the quantity in the cart".',
      on: {
        'reorder.modeChosen': {
          actions: { type: 'chooseMode', params: ({ event }) => ({ mode: event.mode }) },
        },
        'reorder.started': 'adding',
      },
    },
    adding: {
      description:
        'Order again shows a spinner and is disabled while every line of the order that is still available goes into the cart.',
      tags: 'busy',
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({
          lines: reorderLines(context.order).map((line) => line.write),
          mode: context.mode,
        }),
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
        'In place of the button a note says how many lines were added to the cart, lists those already in the cart with their line before and after ("in cart: 3 crates → 4 crates (added)"), lists the products not added with the reason, and offers Go to cart.',
    },
    failed: {
      description:
        'Under Order again the message "The products could not be added to the cart." shows; clicking the button again retries, with the choice still offered.',
      on: {
        'reorder.modeChosen': {
          actions: { type: 'chooseMode', params: ({ event }) => ({ mode: event.mode }) },
        },
        'reorder.retried': 'adding',
      },
    },
  },
});

/** "Order again" bound to the ports: the bulk add calls the API, and the app's cart is refetched after it. */
export const bindReorder = (ports: Ports) =>
  reorderMachine.provide({
    actors: { addLines: addLinesInBulk(ports) },
    actions: { refetchCart: refetchAppCart(ports) },
  });
