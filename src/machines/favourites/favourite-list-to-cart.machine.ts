import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CampaignProduct, DecimalString, Product } from '../../domain/types';
import type { CartBulkLineResult, CartLineWrite } from '../../services/api/cart';
import { campaignOf } from '../cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

/** A list line as the cart is asked for it: the product (null when no longer sold), quantity and unit. */
export interface ToCartLine {
  productId: number;
  product: Product | CampaignProduct | null;
  quantity: DecimalString;
  unit: number;
}

/** A line the cart did not take, with the server's reason (`no_longer_sold` for a product that is gone). */
export interface UnavailableListLine {
  line: ToCartLine;
  code: string | null;
}

export interface FavouriteListToCartContext {
  lines: ToCartLine[];
  added: ToCartLine[];
  replaced: ToCartLine[];
  unavailable: UnavailableListLine[];
  error: ErrorInfo | null;
}

export type FavouriteListToCartEvent =
  | { type: 'toCart.requested'; lines: ToCartLine[] }
  | { type: 'toCart.retried' }
  | { type: 'toCart.dismissed' };

export interface AddListLinesInput {
  lines: CartLineWrite[];
}

/** Lines whose product is no longer sold are never sent. */
const sendable = (lines: readonly ToCartLine[]) =>
  lines.filter((line): line is ToCartLine & { product: Product | CampaignProduct } => line.product !== null);

/** The bulk add's lines: each product at its running campaign's price, as the cart writes lines. */
export const toCartWrites = (lines: readonly ToCartLine[]): CartLineWrite[] =>
  sendable(lines).map((line) => ({
    product: line.product.id,
    campaign: campaignOf(line.product),
    quantity: line.quantity,
    unit: line.unit,
  }));

/**
 * "Add all to cart" / "Add selected to cart" of a favourite list (issue 12), with reorder's graceful
 * rules: what the cart takes is added (or replaces the product's line), what it refuses and what is no
 * longer sold is listed with the reason; then the app's cart refetches.
 */
export const favouriteListToCartMachine = setup({
  types: {
    context: {} as FavouriteListToCartContext,
    events: {} as FavouriteListToCartEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindFavouriteListToCart` */
    addLines: notBound<CartBulkLineResult[], AddListLinesInput>('favouriteListToCart.addLines'),
  },
  guards: {
    /** every line is no longer sold: nothing is asked of the cart */
    nothingToSend: (_, params: { lines: ToCartLine[] }) => sendable(params.lines).length === 0,
  },
  actions: {
    keepLines: assign((_, params: { lines: ToCartLine[] }) => ({
      lines: params.lines,
      added: [],
      replaced: [],
      unavailable: [],
      error: null,
    })),
    sortResults: assign(({ context }, params: { results: CartBulkLineResult[] }) => {
      const added: ToCartLine[] = [];
      const replaced: ToCartLine[] = [];
      const unavailable: UnavailableListLine[] = [];
      sendable(context.lines).forEach((line, index) => {
        const result = params.results.find((candidate) => candidate.index === index);
        if (result?.status === 'added') added.push(line);
        else if (result?.status === 'replaced') replaced.push(line);
        else unavailable.push({ line, code: result?.status === 'rejected' ? result.code : null });
      });
      for (const line of context.lines)
        if (line.product === null) unavailable.push({ line, code: 'no_longer_sold' });
      return { added, replaced, unavailable, error: null };
    }),
    /** nothing could be sent: every line is no longer sold */
    allUnavailable: assign(({ context }) => ({
      added: [],
      replaced: [],
      unavailable: context.lines.map((line) => ({ line, code: 'no_longer_sold' })),
      error: null,
    })),
    /** the app's cart shows the new lines; a no-op here, bound by `bindFavouriteListToCart` */
    refetchCart: () => undefined,
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forget: assign({ lines: [], added: [], replaced: [], unavailable: [], error: null }),
  },
}).createMachine({
  id: 'favouriteListToCart',
  context: { lines: [], added: [], replaced: [], unavailable: [], error: null },
  initial: 'idle',
  states: {
    idle: {
      description:
        "The list's toolbar offers Add all to cart and Add selected (with the number of ticked lines); no report is shown.",
      on: {
        'toCart.requested': [
          {
            guard: { type: 'nothingToSend', params: ({ event }) => ({ lines: event.lines }) },
            target: 'done',
            actions: [
              { type: 'keepLines', params: ({ event }) => ({ lines: event.lines }) },
              'allUnavailable',
            ],
          },
          {
            target: 'adding',
            actions: { type: 'keepLines', params: ({ event }) => ({ lines: event.lines }) },
          },
        ],
      },
    },
    adding: {
      description:
        'Add all to cart shows a spinner, both add buttons are disabled and a note says "Adding to the cart…" while the lines go into the cart in one step.',
      tags: 'busy',
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({ lines: toCartWrites(context.lines) }),
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
        'A report "Added to the cart" says how many products were added, how many were in the cart already (quantity and unit replaced) and which were not added and why, with Go to the cart and Close.',
      on: {
        'toCart.requested': [
          {
            guard: { type: 'nothingToSend', params: ({ event }) => ({ lines: event.lines }) },
            target: 'done',
            actions: [
              { type: 'keepLines', params: ({ event }) => ({ lines: event.lines }) },
              'allUnavailable',
            ],
          },
          {
            target: 'adding',
            actions: { type: 'keepLines', params: ({ event }) => ({ lines: event.lines }) },
          },
        ],
        'toCart.dismissed': { target: 'idle', actions: 'forget' },
      },
    },
    failed: {
      description: 'A report says "The products could not be added to the cart." with Try again and Close.',
      on: {
        'toCart.retried': 'adding',
        'toCart.dismissed': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

/** Bound to the ports: the bulk add calls the API, and the app's cart is refetched after it. */
export const bindFavouriteListToCart = ({ api, cart }: Ports) =>
  favouriteListToCartMachine.provide({
    actors: {
      addLines: fromPromise<CartBulkLineResult[], AddListLinesInput>(({ input, signal }) =>
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
