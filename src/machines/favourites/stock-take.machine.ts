import { assign, fromPromise, sendTo, setup } from 'xstate';
import { inShelfOrder, parseCount, quantityToOrder, unitSizeOf } from '../../domain/par-level';
import type { CampaignProduct, DecimalString, FavouriteList, Product, Unit } from '../../domain/types';
import type { CartBulkLineResult } from '../../services/api/cart';
import { addLinesInBulk, type BulkAddInput, campaignOf, refetchAppCart } from '../cart';
import { bindDraftKeeper, type DraftKeeperEvent, keepsNothing } from '../kernel/draft-keeper';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { type StockTakeDraft, stockTakeDraftSlot } from './stock-take.draft';

/** One line of an order guide as a stock-take walks it (lines without a par level or product are left out). */
export interface StockTakeLine {
  productId: number;
  product: Product | CampaignProduct;
  /** in the product's primary unit */
  parLevel: DecimalString;
  /** the line's unit: what is ordered */
  unit: number;
  /** primary units in one of `unit` */
  unitSize: DecimalString;
  shelfPosition: number | null;
}

/** A line the cart refused, with the server's code. */
export interface StockTakeRefusal {
  productId: number;
  code: string;
}

export interface StockTakeContext {
  listId: number;
  /** the units, to know how many pieces a line's unit holds */
  units: Unit[];
  listName: string;
  lines: StockTakeLine[];
  /** product id (as text) → the on-hand count as typed */
  counts: Record<string, string>;
  /** the index of the line being counted */
  current: number;
  /** after "Add to cart": how many lines the cart took, and which it refused */
  addedCount: number;
  refused: StockTakeRefusal[];
  error: ErrorInfo | null;
}

export interface StockTakeInput {
  listId: number;
  units: Unit[];
}

export type StockTakeEvent =
  | { type: 'stockTake.retried' }
  | { type: 'count.typed'; productId: number; text: string }
  /** Enter or Next: the following line (after the last, the review) */
  | { type: 'count.next' }
  | { type: 'count.previous' }
  /** a line tapped: count it now */
  | { type: 'count.chosen'; index: number }
  | { type: 'stockTake.reviewed' }
  | { type: 'stockTake.backToCounting' }
  | { type: 'toCart.requested' }
  | { type: 'toCart.retried' }
  /** after the cart took the lines: a fresh count of the same guide */
  | { type: 'stockTake.restarted' }
  | { type: 'stockTake.draftRestored'; draft: StockTakeDraft };

/** A line with what the buyer typed and what follows from it. */
export interface StockTakeRow extends StockTakeLine {
  countText: string;
  /** the count as decimal text, or null when nothing (valid) is typed */
  onHand: DecimalString | null;
  /** something is typed that is not a count */
  invalid: boolean;
  /** whole units of `unit` to order, or null until counted */
  toOrder: DecimalString | null;
}

/** Each line with its count and the quantity to order (par level minus on hand, rounded up to the unit). */
export function stockTakeRows(context: Pick<StockTakeContext, 'lines' | 'counts'>): StockTakeRow[] {
  return context.lines.map((line) => {
    const countText = context.counts[String(line.productId)] ?? '';
    const onHand = parseCount(countText);
    return {
      ...line,
      countText,
      onHand,
      invalid: countText.trim() !== '' && onHand === null,
      toOrder:
        onHand === null
          ? null
          : quantityToOrder({ parLevel: line.parLevel, onHand, unitSize: line.unitSize }),
    };
  });
}

/** The lines that go to the cart: counted, with something to order. */
export const linesToOrder = (context: Pick<StockTakeContext, 'lines' | 'counts'>) =>
  stockTakeRows(context).filter((row) => row.toOrder !== null && row.toOrder !== '0');

/** The guide's lines a stock-take walks, in shelf order. */
function guideLines(list: FavouriteList, units: readonly Unit[]): StockTakeLine[] {
  const lines: StockTakeLine[] = [];
  for (const item of list.items)
    if (item.product && item.parLevel !== undefined)
      lines.push({
        productId: item.productId,
        product: item.product,
        parLevel: item.parLevel,
        unit: item.unit,
        unitSize: unitSizeOf(item.product, item.unit, units),
        shelfPosition: item.shelfPosition ?? null,
      });
  return inShelfOrder(lines);
}

const lastIndex = (context: StockTakeContext) => Math.max(context.lines.length - 1, 0);

export const stockTakeMachine = setup({
  types: {
    context: {} as StockTakeContext,
    events: {} as StockTakeEvent,
    input: {} as StockTakeInput,
    tags: {} as 'busy',
  },
  actors: {
    /** all bound by `bindStockTake` */
    loadList: notBound<FavouriteList, { listId: number }>('stockTake.loadList'),
    addLines: notBound<CartBulkLineResult[], BulkAddInput>('stockTake.addLines'),
    draft: keepsNothing<StockTakeDraft>(),
  },
  guards: {
    hasGuideLines: ({ context }, params: { list: FavouriteList }) =>
      guideLines(params.list, context.units).length > 0,
    atLastLine: ({ context }) => context.current >= lastIndex(context),
    somethingToOrder: ({ context }) => linesToOrder(context).length > 0,
  },
  actions: {
    keepList: assign(({ context }, params: { list: FavouriteList }) => {
      const lines = guideLines(params.list, context.units);
      return {
        listName: params.list.name,
        lines,
        current: Math.max(0, Math.min(context.current, lines.length - 1)),
      };
    }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    takeCount: assign(({ context }, params: { productId: number; text: string }) => ({
      counts: { ...context.counts, [String(params.productId)]: params.text },
    })),
    nextLine: assign(({ context }) => ({ current: Math.min(context.current + 1, lastIndex(context)) })),
    previousLine: assign(({ context }) => ({ current: Math.max(context.current - 1, 0) })),
    chooseLine: assign(({ context }, params: { index: number }) => ({
      current: Math.min(Math.max(params.index, 0), lastIndex(context)),
    })),
    restoreDraft: assign(({ context }, params: { draft: StockTakeDraft }) =>
      params.draft.listId === context.listId
        ? { counts: params.draft.counts, current: Math.max(params.draft.current, 0) }
        : {},
    ),
    saveDraft: sendTo(
      'draft',
      ({ context }): DraftKeeperEvent<StockTakeDraft> => ({
        type: 'draft.saved',
        draft: { listId: context.listId, counts: context.counts, current: context.current },
      }),
    ),
    clearDraft: sendTo('draft', { type: 'draft.cleared' } satisfies DraftKeeperEvent<StockTakeDraft>),
    sortResults: assign(({ context }, params: { results: CartBulkLineResult[] }) => {
      const sent = linesToOrder(context);
      const refused: StockTakeRefusal[] = [];
      sent.forEach((row, index) => {
        const result = params.results.find((candidate) => candidate.index === index);
        if (!result) refused.push({ productId: row.productId, code: 'generic' });
        else if (result.status === 'rejected')
          refused.push({ productId: row.productId, code: result.code ?? 'generic' });
      });
      return { addedCount: sent.length - refused.length, refused, error: null };
    }),
    startOver: assign({ counts: {}, current: 0, addedCount: 0, refused: [], error: null }),
    /** the app's cart shows the new lines; a no-op here, bound by `bindStockTake` */
    refetchCart: () => undefined,
  },
}).createMachine({
  id: 'stockTake',
  context: ({ input }) => ({
    listId: input.listId,
    units: input.units,
    listName: '',
    lines: [],
    counts: {},
    current: 0,
    addedCount: 0,
    refused: [],
    error: null,
  }),
  invoke: { id: 'draft', src: 'draft' },
  on: {
    'stockTake.draftRestored': {
      actions: [{ type: 'restoreDraft', params: ({ event }) => ({ draft: event.draft }) }, 'saveDraft'],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The stock-take page shows a spinner while the order guide loads.',
      tags: 'busy',
      invoke: {
        id: 'loadList',
        src: 'loadList',
        input: ({ context }) => ({ listId: context.listId }),
        onDone: [
          {
            guard: { type: 'hasGuideLines', params: ({ event }) => ({ list: event.output }) },
            target: 'counting',
            actions: [{ type: 'keepList', params: ({ event }) => ({ list: event.output }) }, 'forgetError'],
          },
          {
            target: 'noParLevels',
            actions: { type: 'keepList', params: ({ event }) => ({ list: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The page says "The order guide could not be loaded." with Try again.',
      on: { 'stockTake.retried': 'loading' },
    },
    noParLevels: {
      description:
        'The page says the list has no par levels yet, and links back to the list, where each line takes a par level and a shelf.',
    },
    counting: {
      description:
        'The lines stand in shelf order, each with its par level and an "On hand" field (a number keyboard); the line being counted is highlighted and its field focused, and as soon as a count is typed its line shows the quantity to order. Enter moves to the next line, after the last to the review.',
      on: {
        'count.typed': {
          actions: [
            { type: 'takeCount', params: ({ event }) => ({ productId: event.productId, text: event.text }) },
            'saveDraft',
          ],
        },
        'count.next': [{ guard: 'atLastLine', target: 'reviewing' }, { actions: ['nextLine', 'saveDraft'] }],
        'count.previous': { actions: ['previousLine', 'saveDraft'] },
        'count.chosen': {
          actions: [{ type: 'chooseLine', params: ({ event }) => ({ index: event.index }) }, 'saveDraft'],
        },
        'stockTake.reviewed': 'reviewing',
      },
    },
    reviewing: {
      description:
        'Before anything goes to the cart, a summary lists each counted line with what is on hand and what to order ("2 boxes"), and lines not counted; Add to cart is enabled when something is to be ordered, Back to counting returns to the lines with the counts kept.',
      on: {
        'stockTake.backToCounting': 'counting',
        'toCart.requested': { guard: 'somethingToOrder', target: 'adding' },
      },
    },
    adding: {
      description: 'Add to cart shows a spinner and the page says "Adding to the cart…".',
      tags: 'busy',
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({
          // the count says what is needed: a product already in the cart gets this quantity
          mode: 'replace' as const,
          lines: linesToOrder(context).map((row) => ({
            product: row.productId,
            campaign: campaignOf(row.product),
            quantity: row.toOrder ?? '0',
            unit: row.unit,
          })),
        }),
        onDone: {
          target: 'added',
          actions: [
            { type: 'sortResults', params: ({ event }) => ({ results: event.output }) },
            'clearDraft',
            'refetchCart',
          ],
        },
        onError: {
          target: 'addFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    addFailed: {
      description:
        'The summary says "The products could not be added to the cart." with Try again; the counts are kept (also across a reload).',
      on: {
        'toCart.retried': 'adding',
        'stockTake.backToCounting': 'counting',
      },
    },
    added: {
      description:
        'The page says how many products went into the cart and lists any the cart refused (out of stock, no longer sold), with Go to the cart and Count again; the counts are forgotten.',
      on: { 'stockTake.restarted': { target: 'counting', actions: ['startOver', 'clearDraft'] } },
    },
  },
});

/** Bound to the ports: the list and the bulk add call the API, the counts live in the tab's drafts. */
export const bindStockTake = (ports: Ports) =>
  stockTakeMachine.provide({
    actors: {
      loadList: fromPromise<FavouriteList, { listId: number }>(({ input, signal }) =>
        untilAborted(signal, ports.api.favouriteList(input.listId, { signal })),
      ),
      addLines: addLinesInBulk(ports),
      draft: bindDraftKeeper(ports, stockTakeDraftSlot, 'signedIn', (draft) => ({
        type: 'stockTake.draftRestored' as const,
        draft,
      })),
    },
    actions: { refetchCart: refetchAppCart(ports) },
  });
