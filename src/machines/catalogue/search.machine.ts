import { assign, fromPromise, setup } from 'xstate';
import type { Product } from '../../domain/types';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';

/** Spec point 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Spec point 8: a failed search shows the generic unknown-error message. */
export const SEARCH_ERROR_KEY = 'errors.unknown';

export interface SearchContext {
  /** what the box holds, as typed */
  query: string;
  /** the last answer; kept while a newer query runs so the panel does not flash empty */
  results: Product[];
  errorKey: typeof SEARCH_ERROR_KEY | null;
  error: ErrorInfo | null;
}

export type SearchEvent =
  | { type: 'search.focused' }
  | { type: 'search.typed'; query: string }
  /** the box lost focus, or a press landed in the page body */
  | { type: 'search.closed' }
  /** Enter without a result picked: the view goes to the results page (/products/?q=) */
  | { type: 'search.submitted' }
  | { type: 'search.retried' };

/** What the search actor is asked: the query without surrounding spaces. */
export interface SearchCallInput {
  query: string;
}

const isBlank = (query: string) => query.trim() === '';

/**
 * The header search box (spec point 4, "Search box"). One actor per box; nothing runs
 * until the box gets focus, so a StrictMode double start costs nothing.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    tags: {} as 'pending' | 'loading',
  },
  actors: {
    /** bound by `bindSearch` */
    search: notBound<Product[], SearchCallInput>('search.search'),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    isQueryBlank: ({ context }) => isBlank(context.query),
    isQueryFilled: ({ context }) => !isBlank(context.query),
    isTypedQueryBlank: (_, params: { query: string }) => isBlank(params.query),
    isAnswerEmpty: (_, params: { results: Product[] }) => params.results.length === 0,
  },
  actions: {
    keepQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    clearResults: assign({ results: [], errorKey: null, error: null }),
    keepResults: assign((_, params: { results: Product[] }) => ({
      results: params.results,
      errorKey: null,
      error: null,
    })),
    keepFailure: assign((_, params: { error: unknown }) => ({
      errorKey: SEARCH_ERROR_KEY,
      error: toErrorInfo(params.error),
    })),
    /** spec point 8: a search failure is reported; a no-op here, bound by `bindSearch` (provideReporting) */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'search',
  context: { query: '', results: [], errorKey: null, error: null },
  initial: 'closed',
  on: {
    // Typing needs focus, so it also opens a closed panel.
    'search.typed': [
      {
        guard: { type: 'isTypedQueryBlank', params: ({ event }) => ({ query: event.query }) },
        target: '.open.empty',
        actions: [{ type: 'keepQuery', params: ({ event }) => ({ query: event.query }) }, 'clearResults'],
      },
      {
        // a transition into `debouncing` exits and re-enters it, restarting its timer (checked
        // by the six-keystroke test); leaving `searching` cancels the older call
        target: '.open.debouncing',
        actions: { type: 'keepQuery', params: ({ event }) => ({ query: event.query }) },
      },
    ],
  },
  states: {
    closed: {
      description:
        'The header shows the search box ("Search by name, stock code or barcode") with no panel under it. Focusing it or typing opens the panel; a query kept from before is searched afresh.',
      on: {
        // a kept query is searched again: the panel shows fresh results, not stale ones
        'search.focused': [{ guard: 'isQueryBlank', target: 'open.empty' }, { target: 'open.searching' }],
      },
    },
    open: {
      description:
        "A panel under the search box shows a hint, a spinner, the results or a message. Leaving the box or pressing Escape closes it; choosing a result opens that product's dialog; Enter without a result picked closes it and opens the results page (/products/?q=…).",
      initial: 'empty',
      on: {
        'search.closed': 'closed',
        // a blank query has no results page; the panel keeps its hint
        'search.submitted': { guard: { type: 'isQueryFilled' }, target: 'closed' },
      },
      states: {
        empty: { description: 'The box is empty and the panel says "Input IDs or names to search".' },
        debouncing: {
          description:
            'The customer is typing: the panel shows "Searching…" with a spinner (and the previous results, if any); the search starts once typing pauses for a quarter of a second.',
          tags: 'pending',
          after: { searchDebounce: 'searching' },
        },
        searching: {
          description:
            'The panel shows "Searching…" with a spinner, above the previous results if there were any, while the server searches.',
          tags: 'loading',
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: [
              {
                guard: { type: 'isAnswerEmpty', params: ({ event }) => ({ results: event.output }) },
                target: 'notFound',
                actions: { type: 'keepResults', params: ({ event }) => ({ results: event.output }) },
              },
              {
                target: 'results',
                actions: { type: 'keepResults', params: ({ event }) => ({ results: event.output }) },
              },
            ],
            onError: {
              target: 'failed',
              actions: [
                { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        results: {
          description:
            "The panel lists the matching products as cards with the price note; arrow keys move through them and Enter or a click opens the product's dialog.",
        },
        notFound: { description: 'The panel says "Result not found..."; the customer may change the query.' },
        failed: {
          description:
            'The panel shows an error message with a Try again button that runs the same search again.',
          on: { 'search.retried': 'searching' },
        },
      },
    },
  },
});

/** The search box's machine with its call and its error report bound to the ports. */
export const bindSearch = ({ api }: Ports) =>
  provideReporting(
    searchMachine.provide({
      actors: {
        search: fromPromise<Product[], SearchCallInput>(({ input, signal }) =>
          api.searchProducts(input.query, { signal }),
        ),
      },
    }),
    api,
  );
