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
import { aProduct } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

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
  // the focus and submit guards read the query; the others read events
  serializeState: (s) => JSON.stringify([s.value, s.context.query]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('search', testMachine, paths);

function createSut() {
  const search = controllableActor<Product[], SearchCallInput>();
  const actor = createActor(testMachine.provide({ actors: { search: search.logic } })).start();
  /** what the customer typed last: the panel's query */
  return { actor, search, typed: '', failing: false };
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
  'search.typed': (step: { event: { type: string } }) => {
    sut!.typed = (step.event as ModelEvent).query as string;
    // emptying the box clears the panel; typing on leaves the message until the next answer
    if (sut!.typed.trim() === '') sut!.failing = false;
    send(step);
  },
  'search.closed': send,
  'search.retried': send,
  'search.submitted': send,
  'xstate.after.searchDebounce.search.open.debouncing': () => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS),
  'xstate.done.actor.search': async (step: { event: { type: string } }) => {
    sut!.search.next().resolve((step.event as ModelEvent).output as Product[]);
    sut!.failing = false;
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.error.actor.search': async (step: { event: { type: string } }) => {
    sut!.search.next().reject((step.event as ModelEvent).error);
    sut!.failing = true;
    await vi.advanceTimersByTimeAsync(0);
  },
};
assertExecutorsFor(walked, executors);

/** What the panel shows: the state, the query as typed, the message of a failed search until the next answer. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.query).toBe(sut!.typed);
  expect(actual.context.errorKey).toBe(sut!.failing ? 'errors.unknown' : null);
};
/** Calls still running (not aborted): never more than one. */
const running = () => sut!.search.calls.filter((call) => !call.signal.aborted);

describe('search machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
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
          expect(running().map((call) => call.input.query)).toEqual([sut!.typed.trim()]);
        },
        'open.results': (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.results).toEqual([kase]);
        },
        'open.notFound': (s) => {
          sameAsModel(s);
          expect(selectSearchPanel(sut!.actor.getSnapshot())).toBe('notFound');
          expect(sut!.actor.getSnapshot().context.results).toEqual([]);
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
