import { assign, fromPromise, setup } from 'xstate';
import type { CampaignProduct, Product } from '../../domain/types';
import { PRODUCT_SORTS, type ProductPage, type ProductSort } from '../../services/api/catalogue';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { asLoadedPages, narrowSearchResults } from './search-built-list';

/** Rows per call: 500 calls cover the 50,000-product catalogue (the server allows up to 200). */
export const PRODUCT_PAGE_SIZE = 100;

/** The list's orders, for the view's sort choice (relevance only with a search). */
export { PRODUCT_SORTS, type ProductSort };

type ProductFilter = 'category' | 'brand' | 'campaign';
/** What the list shows (the results page's address): id filters (null: any), a search, an order, stock. */
export type ProductFilters = Record<ProductFilter, number | null> & {
  /** the search of the results page; null: no search */
  q: string | null;
  /** null: the server's default (relevance with a search, name without) */
  sort: ProductSort | null;
  inStock: boolean;
};
export type ListedProduct = Product | CampaignProduct;

/** Inclusive row indices the view shows (a virtualised list reports its window). */
export interface RowRange {
  startIndex: number;
  endIndex: number;
}

export interface ProductListContext {
  filters: ProductFilters;
  /** rows the server reports for these filters; null until the first page answers */
  count: number | null;
  /** loaded pages by 1-based page number; kept while the filters stay */
  pages: Record<number, ListedProduct[]>;
  pageSize: number;
  wanted: RowRange;
  /** the page whose call runs in `ready.loadingPage` (chosen on entry, so a scroll meanwhile cannot change it) */
  pageInFlight: number | null;
  error: ErrorInfo | null;
  /**
   * Whether the backend has the catalogue's product pages (capability `productPages`); without them the
   * list is the specification's search narrowed on the client (search-built-list.ts)
   */
  pagesOffered: boolean;
}

export type ProductListEvent =
  /** the filters given replace the current ones; those not given stay */
  | { type: 'productList.filtersChanged'; filters: Partial<ProductFilters> }
  | { type: 'productList.rangeViewed'; startIndex: number; endIndex: number }
  | { type: 'productList.retried' };

export interface ProductListInput {
  /** e.g. the category preselected by the home page's category button (from the URL) */
  filters?: Partial<ProductFilters>;
  pageSize?: number;
  /** false when the backend is known to lack the product pages (capability `productPages`); default true */
  canLoadPages?: boolean;
}

export interface SearchInput {
  filters: ProductFilters;
}

export interface LoadPageInput {
  filters: ProductFilters;
  page: number;
  pageSize: number;
}
export interface LoadedPage {
  page: number;
  result: ProductPage;
}

const rangeOf = (event: RowRange): RowRange => ({ startIndex: event.startIndex, endIndex: event.endIndex });

const noFilters: ProductFilters = {
  category: null,
  brand: null,
  campaign: null,
  q: null,
  sort: null,
  inStock: false,
};

const FILTER_NAMES = Object.keys(noFilters) as (keyof ProductFilters)[];

/** Whether `change` asks for a list other than `filters`. */
export const changesFilters = (filters: ProductFilters, change: Partial<ProductFilters>): boolean =>
  FILTER_NAMES.some((name) => name in change && change[name] !== filters[name]);

/** The first page the wanted rows need that is not loaded (page 1 counts as wanted before the count is known). */
export function firstMissingPage(
  context: Pick<ProductListContext, 'count' | 'pages' | 'pageSize' | 'wanted'>,
  alsoLoaded?: number,
): number | null {
  if (context.count === null) return context.pages[1] || alsoLoaded === 1 ? null : 1;
  const last = Math.min(context.wanted.endIndex, context.count - 1);
  const first = Math.max(0, context.wanted.startIndex);
  if (last < first) return null;
  for (
    let page = Math.floor(first / context.pageSize) + 1;
    page <= Math.floor(last / context.pageSize) + 1;
    page++
  ) {
    if (!context.pages[page] && page !== alsoLoaded) return page;
  }
  return null;
}

/**
 * The /products/ list (and the product lists of a brand, category or campaign): filters,
 * pages loaded on demand for a virtualised list of up to 50,000 rows, loaded pages kept,
 * errors with retry, and a filter change starts over. One actor per list view. A backend without
 * the product pages (capability `productPages`: known before, `input.canLoadPages`, or found out by
 * a missing call) gets the specification's search instead, narrowed by the filters on the client.
 */
export const productListMachine = setup({
  types: {
    context: {} as ProductListContext,
    events: {} as ProductListEvent,
    input: {} as ProductListInput,
    tags: {} as 'loading' | 'loadingMore',
  },
  actors: {
    /** bound by `bindProductList` */
    loadPage: notBound<LoadedPage, LoadPageInput>('productList.loadPage'),
    /** bound by `bindProductList`: the specification's search, narrowed by the filters */
    searchProducts: notBound<Product[], SearchInput>('productList.searchProducts'),
  },
  guards: {
    lacksPages: ({ context }) => !context.pagesOffered,
    hasQuery: ({ context }) => (context.filters.q ?? '').trim() !== '',
    isMissingCall: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
    hasMissingPage: ({ context }) => firstMissingPage(context) !== null,
    changesFilters: ({ context }, params: { filters: Partial<ProductFilters> }) =>
      changesFilters(context.filters, params.filters),
    needsAPage: ({ context }, params: { wanted: RowRange }) =>
      firstMissingPage({ ...context, wanted: params.wanted }) !== null,
    needsAnotherPage: ({ context }, params: { loaded: LoadedPage }) =>
      firstMissingPage({ ...context, count: params.loaded.result.count }, params.loaded.page) !== null,
  },
  actions: {
    startOver: assign(({ context }, params: { filters: Partial<ProductFilters> }) => ({
      filters: { ...context.filters, ...params.filters },
      count: null,
      pages: {},
      wanted: { startIndex: 0, endIndex: 0 },
      pageInFlight: null,
      error: null,
    })),
    chooseMissingPage: assign(({ context }) => ({ pageInFlight: firstMissingPage(context) ?? 1 })),
    keepWanted: assign((_, params: { wanted: RowRange }) => ({ wanted: params.wanted })),
    keepPage: assign(({ context }, params: { loaded: LoadedPage }) => ({
      count: params.loaded.result.count,
      pages: { ...context.pages, [params.loaded.page]: params.loaded.result.results },
      pageInFlight: null,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    stopUsingPages: assign({ pagesOffered: false, error: null }),
    keepSearchResults: assign(({ context }, params: { results: Product[] }) => ({
      count: params.results.length,
      pages: asLoadedPages(params.results, context.pageSize),
      pageInFlight: null,
      error: null,
    })),
    /** spec point 8: a failure is reported; a no-op here, bound by `bindProductList` (provideReporting) */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'productList',
  context: ({ input }) => ({
    filters: { ...noFilters, ...input.filters },
    count: null,
    pages: {},
    pageSize: input.pageSize ?? PRODUCT_PAGE_SIZE,
    wanted: { startIndex: 0, endIndex: 0 },
    pageInFlight: null,
    error: null,
    pagesOffered: input.canLoadPages ?? true,
  }),
  initial: 'firstRows',
  on: {
    // One event for the whole address, so a search and its order changing together start over once.
    'productList.filtersChanged': {
      guard: { type: 'changesFilters', params: ({ event }) => ({ filters: event.filters }) },
      target: '.firstRows',
      reenter: true,
      actions: { type: 'startOver', params: ({ event }) => ({ filters: event.filters }) },
    },
  },
  states: {
    firstRows: {
      description:
        'The product list (or the search results page) shows "Loading products…" while its first rows are fetched; rows scrolled to meanwhile are remembered.',
      tags: 'loading',
      on: {
        'productList.rangeViewed': {
          actions: { type: 'keepWanted', params: ({ event }) => ({ wanted: rangeOf(event) }) },
        },
      },
      initial: 'loadingFirstPage',
      states: {
        loadingFirstPage: {
          description:
            'The first page for the chosen search, order, category, brand, campaign or "in stock only" is fetched. Changing any of them starts over. A backend without the product pages is not asked: the list is built from the specification\'s search instead, narrowed to the chosen category, brand and "in stock only" on the portal\'s side, which needs a search to start from.',
          always: { guard: 'lacksPages', target: '#productList.awaitingQuery' },
          invoke: {
            id: 'loadFirstPage',
            src: 'loadPage',
            input: ({ context }) => ({
              filters: context.filters,
              page: 1,
              pageSize: context.pageSize,
            }),
            onDone: [
              {
                guard: { type: 'needsAnotherPage', params: ({ event }) => ({ loaded: event.output }) },
                target: '#productList.ready.loadingPage',
                actions: { type: 'keepPage', params: ({ event }) => ({ loaded: event.output }) },
              },
              {
                target: '#productList.ready.idle',
                actions: { type: 'keepPage', params: ({ event }) => ({ loaded: event.output }) },
              },
            ],
            onError: [
              {
                // the backend has no product pages after all: the list is built from the search from now on
                guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
                target: 'loadingFirstPage',
                reenter: true,
                actions: 'stopUsingPages',
              },
              {
                target: '#productList.failed',
                actions: [
                  { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        searching: {
          description:
            'Without the product pages the search runs instead; its results are then kept to the chosen category, brand and "in stock only" and shown all at once.',
          invoke: {
            id: 'search',
            src: 'searchProducts',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: {
              target: '#productList.ready.idle',
              actions: {
                type: 'keepSearchResults',
                params: ({ context, event }) => ({
                  results: narrowSearchResults(event.output, context.filters),
                }),
              },
            },
            onError: {
              target: '#productList.failed',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    awaitingQuery: {
      description:
        'Without the product pages and without a search: instead of an error the list shows a search box and a short hint to search (within the category, on a category page); a search starts the list.',
      always: { guard: 'hasQuery', target: 'firstRows.searching' },
    },
    failed: {
      description:
        'The product list shows an error with a Try again button, which fetches the first page (or the search) again; the filters can still be changed.',
      on: { 'productList.retried': 'firstRows' },
    },
    ready: {
      description:
        'The product list shows how many products match (on the results page: "Results for …" with the count), the price note and the rows; rows not fetched yet show grey placeholders until they are. Changing the search, the order or a filter starts over.',
      // rows scrolled to are remembered in every child; only `idle` fetches their page at once (a
      // running call finishes first, a failed page waits for Try again)
      on: {
        'productList.rangeViewed': {
          actions: { type: 'keepWanted', params: ({ event }) => ({ wanted: rangeOf(event) }) },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          description:
            'Every row in view is shown (or the list says "No products found", or on the results page "No products match …" with a button to clear the filters); scrolling to rows not fetched yet fetches their page.',
          on: {
            'productList.rangeViewed': {
              guard: { type: 'needsAPage', params: ({ event }) => ({ wanted: rangeOf(event) }) },
              target: 'loadingPage',
              actions: { type: 'keepWanted', params: ({ event }) => ({ wanted: rangeOf(event) }) },
            },
          },
        },
        loadingPage: {
          description:
            'The rows in view that are not fetched yet show grey placeholders while their page of products is fetched; scrolling on stays possible.',
          tags: 'loadingMore',
          entry: 'chooseMissingPage',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({
              filters: context.filters,
              page: context.pageInFlight ?? 1,
              pageSize: context.pageSize,
            }),
            onDone: [
              {
                guard: { type: 'needsAnotherPage', params: ({ event }) => ({ loaded: event.output }) },
                target: 'loadingPage',
                reenter: true,
                actions: { type: 'keepPage', params: ({ event }) => ({ loaded: event.output }) },
              },
              {
                target: 'idle',
                actions: { type: 'keepPage', params: ({ event }) => ({ loaded: event.output }) },
              },
            ],
            onError: {
              target: 'pageFailed',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        pageFailed: {
          description:
            'An error with a Try again button shows above the rows; the rows that could not be fetched keep their placeholders until the customer tries again.',
          on: {
            'productList.retried': [{ guard: 'hasMissingPage', target: 'loadingPage' }, { target: 'idle' }],
          },
        },
      },
    },
  },
});

/** A list's machine with its page call, its search and its error report bound to the ports. */
export const bindProductList = ({ api }: Ports) =>
  provideReporting(
    productListMachine.provide({
      actors: {
        // A list left (or StrictMode's first mount) aborts its call; that is not a failure to show.
        loadPage: fromPromise<LoadedPage, LoadPageInput>(async ({ input, signal }) => ({
          page: input.page,
          result: await untilAborted(
            signal,
            api.productPage({ ...input.filters, page: input.page, pageSize: input.pageSize }, { signal }),
          ),
        })),
        searchProducts: fromPromise<Product[], SearchInput>(({ input, signal }) =>
          untilAborted(signal, api.searchProducts(input.filters.q ?? '', { signal })),
        ),
      },
    }),
    api,
  );
