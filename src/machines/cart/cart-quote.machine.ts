import { type ActorRefFrom, assign, fromPromise, not, setup } from 'xstate';
import type { OrderSubmissionItem } from '../../domain/types';
import type { OrderPreview } from '../../services/api/orders';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

/**
 * The cart drawer's quote: what the server would charge for the cart as it stands, split into one
 * shipment per warehouse with its fees and the amount that would avoid them (fees show before
 * Order, never first at the confirmation). The cart tells it every change of its lines; a burst of
 * changes asks once, after they settle.
 */
export interface CartQuoteContext {
  items: OrderSubmissionItem[];
  /** the last quote; kept while a newer one loads, so the drawer does not flicker */
  quote: OrderPreview | null;
  error: ErrorInfo | null;
  /**
   * The backend has the order preview (capability `orderPreview`); without it nothing is asked and
   * the drawer shows the total before fees, which the supplier adds.
   */
  previewOffered: boolean;
}

export type CartQuoteEvent =
  | { type: 'quote.itemsChanged'; items: OrderSubmissionItem[] }
  | { type: 'quote.retried' }
  /** from the view: the backend is known to have no order preview (a capability it lacks) */
  | { type: 'quote.previewNotOffered' };

/** What the quote asks the server: the order lines as the cart stands. */
export interface QuoteCartInput {
  items: OrderSubmissionItem[];
}

export const cartQuoteMachine = setup({
  types: {
    context: {} as CartQuoteContext,
    events: {} as CartQuoteEvent,
    tags: {} as 'updating',
  },
  actors: {
    /** bound by `bindCartQuote` */
    quoteCart: notBound<OrderPreview, QuoteCartInput>('cartQuote.quoteCart'),
  },
  delays: {
    /** quantity clicks arrive every few hundred ms; one quote for the burst */
    settle: 300,
  },
  guards: {
    hasItems: ({ event }) => event.type === 'quote.itemsChanged' && event.items.length > 0,
    previewOffered: ({ context }) => context.previewOffered,
    isMissingCall: ({ event }) => toErrorInfo((event as { error?: unknown }).error).missingCall === true,
  },
  actions: {
    takeItems: assign({
      items: ({ context, event }) => (event.type === 'quote.itemsChanged' ? event.items : context.items),
    }),
    forget: assign({ items: [], quote: null, error: null }),
    keepQuote: assign((_, params: { quote: OrderPreview }) => ({ quote: params.quote, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    losePreview: assign({ previewOffered: false, quote: null, error: null }),
  },
}).createMachine({
  id: 'cartQuote',
  context: { items: [], quote: null, error: null, previewOffered: true },
  on: {
    'quote.itemsChanged': [
      { guard: not('previewOffered'), target: '.unavailable', actions: 'takeItems' },
      { guard: 'hasItems', target: '.settling', actions: 'takeItems' },
      { target: '.empty', actions: 'forget' },
    ],
    'quote.previewNotOffered': { target: '.unavailable', actions: 'losePreview' },
  },
  initial: 'empty',
  states: {
    empty: {
      description: 'The cart has no lines, so no delivery fees are shown (the drawer says "No items").',
    },
    settling: {
      description:
        'The cart summary says "Working out delivery fees…" with a spinner and shows the total before delivery fees; the fees are asked for once the lines stop changing for a moment.',
      tags: 'updating',
      after: { settle: 'quoting' },
    },
    quoting: {
      description:
        'The cart summary says "Working out delivery fees…" with a spinner and shows the total before delivery fees while the server works out the shipments.',
      tags: 'updating',
      invoke: {
        id: 'quoteCart',
        src: 'quoteCart',
        input: ({ context }) => ({ items: context.items }),
        onDone: {
          target: 'quoted',
          actions: { type: 'keepQuote', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: [
          // the backend has no preview after all: the same summary as without one, not "try again"
          { guard: 'isMissingCall', target: 'unavailable', actions: 'losePreview' },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    quoted: {
      description:
        "The cart summary lists each warehouse's shipment with its delivery fees and the order total, matching the lines above.",
    },
    failed: {
      description:
        'The cart summary says "Delivery fees could not be worked out." with Try again, and shows the total before delivery fees; the cart and the Order button are unaffected.',
      on: { 'quote.retried': 'quoting' },
    },
    unavailable: {
      description:
        "Without the order preview (a backend with the specification's calls only) nothing is asked: the cart summary shows the total before delivery fees, with no spinner and no fee figures; the supplier adds delivery fees and extra charges to the order.",
    },
  },
});

/** The quote with its call bound to the API (composition root, through `bindCart`). */
export const bindCartQuote = ({ api }: Ports) =>
  cartQuoteMachine.provide({
    actors: {
      // a backend known to lack the preview answers at once as a missing call (call-capabilities.ts)
      quoteCart: fromPromise<OrderPreview, QuoteCartInput>(({ input, signal }) =>
        untilAborted(signal, api.previewOrder(input.items, { signal })),
      ),
    },
  });

export type CartQuoteRef = ActorRefFrom<typeof cartQuoteMachine>;
