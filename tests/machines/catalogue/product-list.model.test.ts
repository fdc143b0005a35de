import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { Product } from '../../../src/domain/types';
import {
  type LoadedPage,
  type LoadPageInput,
  type ProductListContext,
  productListMachine,
  type SearchInput,
} from '../../../src/machines/catalogue/product-list.machine';
import {
  selectProductAt,
  selectProductCount,
  selectProductListStatus,
  selectUsesProductPages,
} from '../../../src/machines/catalogue/product-list.selectors';
import { ApiError } from '../../../src/services/api';
import { aProduct } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

// 5 rows in pages of 2: pages 1, 2 and 3 (a short last page)
const COUNT = 5;
const PAGE_SIZE = 2;
const input = { filters: { category: 1 }, pageSize: PAGE_SIZE };
const pageOf = (page: number): LoadedPage => ({
  page,
  result: {
    count: COUNT,
    next: null,
    previous: null,
    results: [1, 2]
      .map((i) => (page - 1) * PAGE_SIZE + i)
      .filter((id) => id <= COUNT)
      .map((id) => aProduct({ id, name: `Product ${id}` })),
  },
});
const serverError = new ApiError({ kind: 'http', call: 'GET netb2b/products/', status: 500 }, 'HTTP 500');
/** A backend without the product pages (the specification's only): its catch-all answers the call. */
const noSuchCall = new ApiError(
  { kind: 'http', call: 'GET netb2b/products/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);
/** The search's answer: five products of the chosen category, so narrowing keeps them all, in id order. */
const searchAnswer = (s: AnyMachineSnapshot): Product[] =>
  Array.from({ length: COUNT }, (_, index) =>
    aProduct({
      id: index + 1,
      name: `Product ${index + 1}`,
      category: { id: (s.context as ProductListContext).filters.category ?? 1, name: 'Category' },
    }),
  );
const testMachine = productListMachine.provide({ actions: { reportError: () => undefined } });

/** The page the machine asks for in state `s` (what the executor then answers). */
const requestedPage = (s: AnyMachineSnapshot) =>
  s.matches({ firstRows: 'loadingFirstPage' }) ? 1 : ((s.context as ProductListContext).pageInFlight ?? 0);

const model = modelFor(testMachine, {
  input,
  events: (s) => [
    { type: 'productList.rangeViewed', startIndex: 0, endIndex: 1 },
    { type: 'productList.rangeViewed', startIndex: 2, endIndex: 3 },
    { type: 'productList.rangeViewed', startIndex: 0, endIndex: 4 },
    { type: 'productList.filtersChanged', filters: { category: 2 } },
    { type: 'productList.filtersChanged', filters: { category: 1 } },
    // the results page: a search, its order and "in stock only" arrive together from the address
    { type: 'productList.filtersChanged', filters: { q: 'tea', sort: 'price', inStock: true } },
    { type: 'xstate.done.actor.loadFirstPage', output: pageOf(1) },
    { type: 'xstate.error.actor.loadFirstPage', error: serverError },
    { type: 'xstate.error.actor.loadFirstPage', error: noSuchCall },
    { type: 'xstate.done.actor.search', output: searchAnswer(s) },
    { type: 'xstate.error.actor.search', error: serverError },
    { type: 'xstate.done.actor.loadPage', output: pageOf(requestedPage(s)) },
    { type: 'xstate.error.actor.loadPage', error: serverError },
  ],
  // what the guards read: the filters (`hasQuery`, `changesFilters`), which pages are loaded, the rows
  // wanted and the count (`firstMissingPage`), and whether the backend offers pages (`lacksPages`)
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.filters,
      Object.keys(s.context.pages),
      s.context.wanted,
      s.context.count,
      s.context.pagesOffered,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('productList', testMachine, paths);

function createSut() {
  const loadPage = controllableActor<LoadedPage, LoadPageInput>();
  const search = controllableActor<Product[], SearchInput>();
  const actor = createActor(
    testMachine.provide({ actors: { loadPage: loadPage.logic, searchProducts: search.logic } }),
    { input },
  ).start();
  /** whether the last answer was a failure the screen must show (a missing call is none) */
  return { actor, loadPage, search, failing: false };
}
let sut: ReturnType<typeof createSut> | undefined;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut!.actor.send(step.event as never);
/** New filters start the list over, message and all; the same filters again change nothing. */
const changeFilters = (step: { event: { type: string } }) => {
  const shown = sut!.actor.getSnapshot().context.filters as Record<string, unknown>;
  const filters = (step.event as ModelEvent).filters as Record<string, unknown>;
  if (Object.entries(filters).some(([name, value]) => shown[name] !== value)) sut!.failing = false;
  send(step);
};
const noteAnswer = (event: ModelEvent) => {
  sut!.failing = 'error' in event && event.error !== noSuchCall;
};
/** The one call running (a newer one aborts the one before), taken off the list to be answered. */
const runningPageCall = () => {
  const running = sut!.loadPage.calls.filter((call) => !call.signal.aborted);
  expect(running).toHaveLength(1);
  sut!.loadPage.calls.length = 0;
  return running[0]!;
};
/** Answers the running call with a page; it must be the page the model expects. */
const answerPage = async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = runningPageCall();
  expect(call.input.page).toBe((event.output as LoadedPage).page);
  call.resolve(event.output as LoadedPage);
  noteAnswer(event);
  await settle();
};
/** The running call fails. */
const failPage = async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  runningPageCall().reject(event.error);
  noteAnswer(event);
  await settle();
};
/** Answers the running search; it must be for the filters the list shows. */
const answerSearch = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut!.search.next();
  expect(call.input.filters).toEqual(sut!.actor.getSnapshot().context.filters);
  if (outcome === 'resolve') call.resolve(event.output as Product[]);
  else call.reject(event.error);
  noteAnswer(event);
  await settle();
};
const executors = {
  'xstate.done.actor.search': answerSearch('resolve'),
  'xstate.error.actor.search': answerSearch('reject'),
  'productList.rangeViewed': send,
  'productList.filtersChanged': changeFilters,
  'productList.retried': send,
  'xstate.done.actor.loadFirstPage': answerPage,
  'xstate.error.actor.loadFirstPage': failPage,
  'xstate.done.actor.loadPage': answerPage,
  'xstate.error.actor.loadPage': failPage,
};
assertExecutorsFor(walked, executors);

/** What the list shows: state, filters, count, which rows are there, the error. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.filters).toEqual(expected.context.filters);
  expect(actual.context.count).toBe(expected.context.count);
  expect(actual.context.pages).toEqual(expected.context.pages);
  // the server's last failure stays until an answer or new filters replace it
  expect(actual.context.error).toEqual(
    sut!.failing ? expect.objectContaining({ kind: 'http', status: 500 }) : null,
  );
  const indices = Array.from({ length: COUNT }, (_, index) => index);
  expect(indices.map((index) => selectProductAt(actual, index)?.id)).toEqual(
    indices.map((index) =>
      expected.context.pages[Math.floor(index / PAGE_SIZE) + 1] ? index + 1 : undefined,
    ),
  );
};
const runningCalls = () => sut!.loadPage.calls.filter((call) => !call.signal.aborted);

describe('product list machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'firstRows.searching': (s) => {
          sameAsModel(s);
          expect(selectProductListStatus(sut!.actor.getSnapshot())).toBe('loading');
          expect(selectUsesProductPages(sut!.actor.getSnapshot())).toBe(false);
          // built from the search: the product pages are not asked for
          expect(runningCalls()).toHaveLength(0);
        },
        awaitingQuery: (s) => {
          sameAsModel(s);
          expect(selectProductListStatus(sut!.actor.getSnapshot())).toBe('needsQuery');
          expect(runningCalls()).toHaveLength(0);
          expect(sut!.search.calls.filter((call) => !call.signal.aborted)).toHaveLength(0);
        },
        'firstRows.loadingFirstPage': (s) => {
          sameAsModel(s);
          expect(selectProductListStatus(sut!.actor.getSnapshot())).toBe('loading');
          expect(runningCalls().map((c) => [c.input.page, c.input.filters])).toEqual([
            [1, s.context.filters],
          ]);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectProductCount(sut!.actor.getSnapshot())).toBe(0);
          expect(sut!.actor.getSnapshot().can({ type: 'productList.retried' })).toBe(true);
        },
        'ready.idle': (s) => {
          sameAsModel(s);
          expect(selectProductCount(sut!.actor.getSnapshot())).toBe(COUNT);
          expect(runningCalls()).toHaveLength(0);
        },
        'ready.loadingPage': (s) => {
          sameAsModel(s);
          expect(selectProductListStatus(sut!.actor.getSnapshot())).toBe('loadingMore');
          // one call at a time, for a page that is wanted and missing
          expect(runningCalls().map((c) => c.input.page)).toEqual([requestedPage(s)]);
        },
        'ready.pageFailed': (s) => {
          sameAsModel(s);
          expect(selectProductListStatus(sut!.actor.getSnapshot())).toBe('pageFailed');
        },
      },
    });
  });
});
