import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { Product } from '../../../src/domain/types';
import {
  SEARCH_DEBOUNCE_MS,
  type SearchCallInput,
  searchMachine,
} from '../../../src/machines/catalogue/search.machine';
import { selectSearchPanel } from '../../../src/machines/catalogue/search.selectors';
import { ApiError } from '../../../src/services/api';
import { controllableActor } from '../../../src/test/controllableActor';
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { aProduct } from '../../domain/fixtures';

const kase = aProduct({ id: 7, name: 'Käse Gouda', stockCode: 'DAI-00007' });
const serverError = new ApiError(
  { kind: 'http', call: 'GET netb2b/products/search/', status: 500 },
  'HTTP 500',
);
const testMachine = searchMachine.provide({ actions: { reportError: () => undefined } });

const model = modelFor(testMachine, {
  events: [
    { type: 'search.typed', query: 'kase' },
    { type: 'search.typed', query: '  ' },
    { type: 'xstate.done.actor.search', output: [kase] },
    { type: 'xstate.done.actor.search', output: [] },
    { type: 'xstate.error.actor.search', error: serverError },
    { type: 'search.submitted' },
  ],
  // the focus guard reads the query; the panel shows the results and the error key
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.query, s.context.results.length, s.context.errorKey]),
});
const paths = model.getShortestPaths();
requireFullCoverage('search', testMachine, paths);

function createSut() {
  const search = controllableActor<Product[], SearchCallInput>();
  const actor = createActor(testMachine.provide({ actors: { search: search.logic } })).start();
  return { actor, search };
}
let sut: ReturnType<typeof createSut> | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sut?.actor.stop();
  vi.useRealTimers();
});

const send = (step: { event: { type: string } }) => sut!.actor.send(step.event as never);
const executors = {
  'search.focused': send,
  'search.typed': send,
  'search.closed': send,
  'search.retried': send,
  'search.submitted': send,
  'xstate.after.searchDebounce.search.open.debouncing': () => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS),
  'xstate.done.actor.search': async (step: { event: { type: string } }) => {
    sut!.search.next().resolve((step.event as ModelEvent).output as Product[]);
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.error.actor.search': async (step: { event: { type: string } }) => {
    sut!.search.next().reject((step.event as ModelEvent).error);
    await vi.advanceTimersByTimeAsync(0);
  },
};
assertExecutorsFor(paths, executors);

/** What the panel shows: state, query, results and the message key. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.query).toBe(expected.context.query);
  expect(actual.context.results).toEqual(expected.context.results);
  expect(actual.context.errorKey).toBe(expected.context.errorKey);
};
/** Calls still running (not aborted): never more than one. */
const running = () => sut!.search.calls.filter((call) => !call.signal.aborted);

describe('search machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        closed: (s) => {
          sameAsModel(s);
          expect(selectSearchPanel(sut!.actor.getSnapshot())).toBe('closed');
          expect(running()).toHaveLength(0);
        },
        'open.empty': (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.results).toEqual([]);
          expect(running()).toHaveLength(0);
        },
        'open.debouncing': (s) => {
          sameAsModel(s);
          expect(selectSearchPanel(sut!.actor.getSnapshot())).toBe('pending');
          expect(running()).toHaveLength(0);
        },
        'open.searching': (s) => {
          sameAsModel(s);
          expect(selectSearchPanel(sut!.actor.getSnapshot())).toBe('loading');
          expect(running().map((call) => call.input.query)).toEqual([s.context.query.trim()]);
        },
        'open.results': (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.results).toEqual([kase]);
        },
        'open.notFound': (s) => {
          sameAsModel(s);
          expect(selectSearchPanel(sut!.actor.getSnapshot())).toBe('notFound');
        },
        'open.failed': (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.errorKey).toBe('errors.unknown');
          expect(sut!.actor.getSnapshot().can({ type: 'search.retried' })).toBe(true);
        },
      },
    });
  });
});
