import { describe, expect, it } from 'vitest';
import { assign, createMachine, enqueueActions, fromPromise, setup } from 'xstate';
import { ApiError } from '../../src/services/api';
import type { PathsReport, ReportPath } from '../../src/studio/paths-report';
import { modelFor, modelRecordOf } from '../../src/test/modelFor';
import {
  pathsText,
  pathsTo,
  reportMarkdown,
  stateText,
  summaryRow,
  summaryTable,
} from '../../src/test/paths-report/markdown';
import { buildReport, plainForJson } from '../../src/test/paths-report/report';
import { eventWords, summarise } from '../../src/test/paths-report/words';

/** A small chart with an invoke, a named delay, a guard on context, a failure state and two ways into it. */
const toyMachine = setup({
  types: {
    context: {} as { note: string },
    events: {} as
      | { type: 'toy.noted'; note: string }
      | { type: 'toy.started' }
      | { type: 'toy.gaveUp' }
      | { type: 'toy.retried' }
      | { type: 'toy.dismissed' },
  },
  actors: { load: fromPromise(async () => 1) },
  delays: { patience: 250 },
  guards: { hasNote: ({ context }) => context.note !== '' },
}).createMachine({
  id: 'toy',
  initial: 'idle',
  context: { note: '' },
  states: {
    idle: {
      description: 'The form with a note field',
      on: {
        'toy.noted': { actions: assign({ note: ({ event }) => event.note }) },
        'toy.started': { guard: 'hasNote', target: 'loading' },
      },
    },
    loading: {
      description: 'A spinner',
      invoke: { id: 'load', src: 'load', onDone: 'ready', onError: 'failed' },
      after: { patience: 'slow' },
    },
    slow: { description: 'The spinner says it takes long', on: { 'toy.gaveUp': 'failed' } },
    ready: { description: 'Done', type: 'final' },
    failed: {
      description: 'An error message',
      on: { 'toy.retried': 'loading', 'toy.dismissed': 'idle' },
    },
  },
});

const serverError = new ApiError({ kind: 'http', call: 'GET toy', status: 500 }, 'HTTP 500');
const model = modelFor(toyMachine, {
  events: [
    { type: 'toy.noted', note: 'hi' },
    { type: 'xstate.done.actor.load', output: [1, 2, 3] },
    { type: 'xstate.error.actor.load', error: serverError },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.note]),
});

const note = { type: 'toy.noted', note: 'hi' };
const start = { type: 'toy.started' };
const fail = { type: 'xstate.error.actor.load', error: serverError };
const wait = { type: 'xstate.after.patience.toy.loading' };
/** What a test runs: two walks, one longer into `failed` than the other, none through `slow` → `failed`. */
const testPaths = [
  ...model.getPathsFromEvents([note, note, start, fail, { type: 'toy.dismissed' }]),
  ...model.getPathsFromEvents([note, start, fail, { type: 'toy.retried' }, wait]),
];

const build = (limits = { perFailureState: 10, expansions: 1000 }) =>
  buildReport({ name: 'toy', machine: toyMachine, paths: testPaths, recordOf: modelRecordOf, limits });

const types = (path: ReportPath | undefined) => path?.steps.map((s) => s.event.type);
const find = (report: PathsReport, kind: ReportPath['kind'], target: string) =>
  report.paths.filter((p) => p.serves.some((s) => s.kind === kind && s.target === target));

describe('path report: selection', () => {
  it('remembers which model each path came from', () => {
    expect(modelRecordOf(testPaths[0]!)?.model).toBe(model);
    expect(modelRecordOf({})).toBeUndefined();
  });

  it('gives each state the shortest beginning of a test path that reaches it', () => {
    const { report } = build();
    const [failed] = find(report, 'state', 'toy.failed');
    // the second test path gets there in three steps, the first in four
    expect(types(failed)).toEqual(['toy.noted', 'toy.started', 'xstate.error.actor.load']);
    expect(failed?.kind).toBe('state');
    expect(failed?.executed).toBe(true);
    expect(failed?.steps.at(-1)).toMatchObject({
      state: 'failed',
      stateIds: ['toy.failed'],
      screen: 'An error message',
    });
    expect(types(find(report, 'state', 'toy.idle')[0])).toEqual([]);
    expect(report.initial).toEqual({
      state: 'idle',
      stateIds: ['toy.idle'],
      screen: 'The form with a note field',
    });
  });

  it("gives each transition the shortest path whose last step takes it, merged with a state's path when the same", () => {
    const { report } = build();
    const [retried] = find(report, 'transition', 'toy.failed --toy.retried--> toy.loading');
    expect(types(retried)).toEqual(['toy.noted', 'toy.started', 'xstate.error.actor.load', 'toy.retried']);
    const [slow] = find(report, 'state', 'toy.slow');
    expect(slow?.serves).toEqual([
      { kind: 'state', target: 'toy.slow' },
      { kind: 'transition', target: 'toy.loading --xstate.after.patience.toy.loading--> toy.slow' },
    ]);
    // one entry per distinct path
    const keys = report.paths.map((p) => JSON.stringify(p.steps.map((s) => [s.event, s.state])));
    expect(new Set(keys).size).toBe(keys.length);
    expect(report.paths.map((p) => p.id)).toEqual(report.paths.map((_, i) => `toy-${i + 1}`));
  });

  it('warns about what no test path reaches instead of inventing a path', () => {
    const { report, notes } = build();
    expect(find(report, 'state', 'toy.ready')).toEqual([]);
    expect(notes.warnings).toContain('state toy.ready is on no path of the test');
  });
});

describe('path report: failure paths', () => {
  it('lists the simple paths into each failure state, marking the ones the test does not run', () => {
    const { report } = build();
    expect(report.failureStates).toEqual(['toy.failed']);
    const failures = report.paths.filter((p) => p.serves.some((s) => s.kind === 'failure'));
    expect(failures.map(types)).toEqual([
      ['toy.noted', 'toy.started', 'xstate.error.actor.load'],
      ['toy.noted', 'toy.started', 'xstate.after.patience.toy.loading', 'toy.gaveUp'],
    ]);
    expect(failures.map((p) => p.executed)).toEqual([true, false]);
    // the first is the state path too: listed once, under its first reason
    expect(failures[0]?.kind).toBe('state');
    expect(failures[1]?.kind).toBe('failure');
  });

  it('keeps only the shortest ones when capped', () => {
    const { report } = build({ perFailureState: 1, expansions: 1000 });
    const failures = report.paths.filter((p) => p.serves.some((s) => s.kind === 'failure'));
    expect(failures.map(types)).toEqual([['toy.noted', 'toy.started', 'xstate.error.actor.load']]);
  });

  it('is the same report every time (CI compares it)', () => {
    expect(JSON.stringify(build().report)).toBe(JSON.stringify(build().report));
  });
});

describe('path report: spawned children', () => {
  it('names children spawned by a transition by their logic, and leaves invokes out', () => {
    const kid = createMachine({ id: 'kid' });
    const parent = setup({
      types: { events: {} as { type: 'add' } },
      actors: { kid, load: fromPromise(async () => 1) },
    }).createMachine({
      id: 'parent',
      initial: 'open',
      states: {
        open: {
          invoke: { id: 'load', src: 'load' },
          on: {
            add: { actions: enqueueActions(({ enqueue }) => enqueue.spawnChild('kid', { id: 'kid-1' })) },
          },
        },
      },
    });
    const parentModel = modelFor(parent, {
      serializeState: (s) => JSON.stringify([s.value, Object.keys(s.children)]),
    });
    const paths = parentModel.getPathsFromEvents([{ type: 'add' }]);
    const { report } = buildReport({ name: 'parent', machine: parent, paths, recordOf: modelRecordOf });
    expect(report.spawned).toEqual({ 'parent.open': ['kid'] });
  });
});

describe('path report: words', () => {
  it('says what to send, with the payload summarised', () => {
    expect(eventWords({ type: 'checkout.dateChanged', date: '2026-11-21' }, toyMachine)).toBe(
      'Send `checkout.dateChanged` with date “2026-11-21”',
    );
    expect(eventWords({ type: 'checkout.itemsChanged', items: [{ product: 7 }] }, toyMachine)).toBe(
      'Send `checkout.itemsChanged` with items: 1 item',
    );
    expect(eventWords({ type: 'toy.started' }, toyMachine)).toBe('Send `toy.started`');
    expect(eventWords({ type: 'x', isPreorder: true, note: '' }, toyMachine)).toBe(
      'Send `x` with isPreorder: true, note: an empty text',
    );
  });

  it('says which call succeeds or fails, live or as JSON', () => {
    expect(eventWords({ type: 'xstate.done.actor.load', output: [1, 2, 3] }, toyMachine)).toBe(
      'The `load` call succeeds (output: 3 items)',
    );
    expect(eventWords({ type: 'xstate.done.actor.load', output: { id: 4, name: 'Ada' } }, toyMachine)).toBe(
      'The `load` call succeeds (output: { id: 4, name “Ada” })',
    );
    expect(eventWords({ type: 'xstate.error.actor.load', error: serverError }, toyMachine)).toBe(
      'The `load` call fails: HTTP 500',
    );
    expect(
      eventWords(
        { type: 'xstate.error.actor.load', error: { $apiError: { message: 'no answer' } } },
        toyMachine,
      ),
    ).toBe('The `load` call fails: no answer');
  });

  it('turns delays into waits, named ones looked up in the machine', () => {
    expect(eventWords({ type: 'xstate.after.patience.toy.loading' }, toyMachine)).toBe(
      'Wait 250 ms (the delay `patience`)',
    );
    expect(eventWords({ type: 'xstate.after.3000.toy.loading' }, toyMachine)).toBe('Wait 3 s (3000 ms)');
    expect(eventWords({ type: 'xstate.after.unknownDelay.toy.loading' }, toyMachine)).toBe(
      'Wait until the delay `unknownDelay` has passed',
    );
  });

  it('summarises big payloads by their fields', () => {
    expect(summarise({ a: 1, b: 2, c: 3, d: 4 })).toBe('an object with a, b, c, d');
    expect(summarise([])).toBe('no items');
    expect(summarise(null)).toBe('nothing');
  });

  it('writes live fixtures as JSON markers', () => {
    expect(plainForJson({ logic: toyMachine, when: new Date(Date.UTC(2026, 10, 20)) })).toEqual({
      logic: { $actorLogic: 'toy' },
      when: '2026-11-20T00:00:00.000Z',
    });
  });
});

describe('path report: Markdown and terminal text', () => {
  it('writes a heading per path and numbered steps with the state and the screen', () => {
    const { report } = build();
    const markdown = reportMarkdown(report, 'tests/studio/paths-report.test.ts');
    const slowFailure = report.paths.find((p) => p.kind === 'failure');
    expect(markdown).toContain(`## ${slowFailure?.id} · failure state \`toy.failed\``);
    expect(markdown).toContain('Executed by the model-based test: no. 4 steps.');
    expect(markdown).toContain(
      'Start: a fresh machine (no input) → expect state `idle` — The form with a note field',
    );
    expect(markdown).toContain(
      '1. Send `toy.noted` with note “hi” → expect state `idle` — the screen stays as it was',
    );
    expect(markdown).toContain('2. Send `toy.started` → expect state `loading` — A spinner');
    expect(markdown).toContain(
      '3. Wait 250 ms (the delay `patience`) → expect state `slow` — The spinner says it takes long',
    );
    expect(markdown).toContain(
      'Failure states (/failed|failure|error|rejected|refused/i on the state key): `toy.failed`.',
    );
  });

  it('finds the paths that end in a state, by key or id, and prints them', () => {
    const { report } = build();
    const ids = pathsTo(report, 'failed').map((p) => p.id);
    expect(ids.length).toBe(2);
    expect(pathsTo(report, 'toy.failed').map((p) => p.id)).toEqual(ids);
    expect(pathsTo(report, 'nowhere')).toEqual([]);
    const text = pathsText(report, pathsTo(report, 'failed'));
    expect(text).toContain('3. The `load` call fails: HTTP 500');
    expect(text).toContain('→ failed: An error message');
  });

  it('prints parallel state values and the summary table with the overall line', () => {
    expect(stateText({ checkout: { shipping: 'valid', payment: 'editing' } })).toBe(
      'checkout.shipping.valid + checkout.payment.editing',
    );
    const row = summaryRow(build().report);
    expect(row).toMatchObject({ machine: 'toy', states: 5 });
    const table = summaryTable([row, { machine: 'other', states: 2, transitions: 3, paths: 4, executed: 2 }]);
    expect(table.split('\n')[0]).toMatch(/^machine\s+states\s+transitions\s+paths\s+executed$/);
    expect(table).toContain(
      `overall: 2 machines, ${row.states + 2} states, ${row.transitions + 3} transitions, ${row.paths + 4} paths, ${row.executed + 2} executed`,
    );
  });
});
