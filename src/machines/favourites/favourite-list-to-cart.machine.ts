import { assign, setup } from 'xstate';
import type { CampaignProduct, DecimalString, Product } from '../../domain/types';
import type { CartBulkLineResult, CartBulkMode, CartLineWrite } from '../../services/api/cart';
import { addLinesInBulk, type BulkAddInput, campaignOf, refetchAppCart } from '../cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';

/** A list line as the cart is asked for it: the product (null when no longer sold), quantity and unit. */
export interface ToCartLine {
  productId: number;
  product: Product | CampaignProduct | null;
  quantity: DecimalString;
  unit: number;
  /** with no product: it exists but is no longer available to this customer */
  unavailable?: boolean;
}

/** A line the cart did not take, with the server's reason (`no_longer_sold` for a product that is gone). */
export interface UnavailableListLine {
  line: ToCartLine;
  code: string | null;
  /** for `not_enough_stock`: the most of the line's unit that can (still) go in */
  maxQuantity: number | null;
  /** added to the product's cart line: a stock refusal is of the sum with what the cart holds */
  besideCart: boolean;
}

/** A quantity in a unit (by id), as the cart stores it. */
export interface CartAmount {
  quantity: DecimalString;
  unit: number;
}

/** A line whose product was in the cart: the cart's line was added to or replaced, before and after. */
export interface ChangedListLine {
  line: ToCartLine;
  status: 'increased' | 'replaced';
  from: CartAmount;
  to: CartAmount;
}

export interface FavouriteListToCartContext {
  /** what lines of products already in the cart do: add to their quantity (the default) or replace it */
  mode: CartBulkMode;
  lines: ToCartLine[];
  /** lines of products that were not in the cart */
  added: ToCartLine[];
  changed: ChangedListLine[];
  unavailable: UnavailableListLine[];
  error: ErrorInfo | null;
}

export type FavouriteListToCartEvent =
  | { type: 'toCart.modeChosen'; mode: CartBulkMode }
  | { type: 'toCart.requested'; lines: ToCartLine[] }
  | { type: 'toCart.retried' }
  | { type: 'toCart.dismissed' };

export type AddListLinesInput = BulkAddInput;

/** Lines whose product is no longer sold are never sent. */
/** Why a line without a product was not sent: gone from the catalogue, or only from this customer's. */
const goneCode = (line: ToCartLine) => (line.unavailable ? 'product_not_available' : 'no_longer_sold');

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
 * "Add all to cart" / "Add selected to cart" of a favourite list, with reorder's graceful
 * rules: what the cart takes is added (to the product's line, or replacing it: the buyer's choice),
 * what it refuses and what is no longer sold is listed with the reason; then the app's cart refetches.
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
    chooseMode: assign((_, params: { mode: CartBulkMode }) => ({ mode: params.mode })),
    keepLines: assign((_, params: { lines: ToCartLine[] }) => ({
      lines: params.lines,
      added: [],
      changed: [],
      unavailable: [],
      error: null,
    })),
    sortResults: assign(({ context }, params: { results: CartBulkLineResult[] }) => {
      const added: ToCartLine[] = [];
      const changed: ChangedListLine[] = [];
      const unavailable: UnavailableListLine[] = [];
      sendable(context.lines).forEach((line, index) => {
        const result = params.results.find((candidate) => candidate.index === index);
        if (!result) unavailable.push({ line, code: null, maxQuantity: null, besideCart: false });
        else if (result.status === 'rejected')
          unavailable.push({
            line,
            code: result.code,
            maxQuantity: result.maxQuantity,
            besideCart: context.mode === 'add' && result.previous !== null,
          });
        else if (result.status === 'added' || !result.previous) added.push(line);
        else
          changed.push({
            line,
            status: result.status,
            from: result.previous,
            to: { quantity: result.written.quantity, unit: result.written.unit },
          });
      });
      for (const line of context.lines)
        if (line.product === null)
          unavailable.push({ line, code: goneCode(line), maxQuantity: null, besideCart: false });
      return { added, changed, unavailable, error: null };
    }),
    /** nothing could be sent: every line is no longer sold */
    allUnavailable: assign(({ context }) => ({
      added: [],
      changed: [],
      unavailable: context.lines.map((line) => ({
        line,
        code: goneCode(line),
        maxQuantity: null,
        besideCart: false,
      })),
      error: null,
    })),
    /** the app's cart shows the new lines; a no-op here, bound by `bindFavouriteListToCart` */
    refetchCart: () => undefined,
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forget: assign({ lines: [], added: [], changed: [], unavailable: [], error: null }),
  },
}).createMachine({
  id: 'favouriteListToCart',
  context: { mode: 'add', lines: [], added: [], changed: [], unavailable: [], error: null },
  initial: 'ready',
  states: {
    ready: {
      description:
        'Nothing is on its way to the cart: the toolbar offers a choice for products already in the cart, "Add to the quantity in the cart" (chosen) or "Replace the quantity in the cart".',
      on: {
        // lines on their way keep the mode they were sent with: `adding` does not take the choice
        'toCart.modeChosen': {
          actions: { type: 'chooseMode', params: ({ event }) => ({ mode: event.mode }) },
        },
      },
      initial: 'accepting',
      states: {
        accepting: {
          description: 'Add all to cart and Add selected (with the number of ticked lines) are enabled.',
          on: {
            'toCart.requested': [
              {
                guard: { type: 'nothingToSend', params: ({ event }) => ({ lines: event.lines }) },
                target: '.done',
                actions: [
                  { type: 'keepLines', params: ({ event }) => ({ lines: event.lines }) },
                  'allUnavailable',
                ],
              },
              {
                target: '#favouriteListToCart.adding',
                actions: { type: 'keepLines', params: ({ event }) => ({ lines: event.lines }) },
              },
            ],
          },
          initial: 'idle',
          states: {
            idle: { description: 'No report is shown.' },
            done: {
              description:
                'A report "Added to the cart" says how many products were added, lists those already in the cart with their line before and after ("in cart: 3 crates → 4 crates (added)" or "(replaced)"), and which were not added and why (for stock, how many more fit), with Go to the cart and Close.',
              on: { 'toCart.dismissed': { target: 'idle', actions: 'forget' } },
            },
          },
        },
        failed: {
          description:
            'A report says "The products could not be added to the cart." with Try again and Close.',
          on: {
            'toCart.retried': '#favouriteListToCart.adding',
            'toCart.dismissed': { target: 'accepting.idle', actions: 'forget' },
          },
        },
      },
    },
    adding: {
      description:
        'Add all to cart shows a spinner, both add buttons are disabled and a note says "Adding to the cart…" while the lines go into the cart in one step.',
      tags: 'busy',
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({ lines: toCartWrites(context.lines), mode: context.mode }),
        onDone: {
          target: 'ready.accepting.done',
          actions: [
            { type: 'sortResults', params: ({ event }) => ({ results: event.output }) },
            'refetchCart',
          ],
        },
        onError: {
          target: 'ready.failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

/** Bound to the ports: the bulk add calls the API, and the app's cart is refetched after it. */
export const bindFavouriteListToCart = (ports: Ports) =>
  favouriteListToCartMachine.provide({
    actors: { addLines: addLinesInBulk(ports) },
    actions: { refetchCart: refetchAppCart(ports) },
  });
