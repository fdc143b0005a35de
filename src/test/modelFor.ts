import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
} from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';

/** Any event incl. synthetic ones: xstate.after.*, xstate.done.actor.<id>, xstate.error.actor.<id>. */
export type ModelEvent = EventObject & Record<string, unknown>;

type Model = TestModel<AnyMachineSnapshot, ModelEvent, unknown>;

/** The model a path came from, its input and its graph-node identity (without the "via" part). */
export interface ModelRecord {
  model: Model;
  input: unknown;
  serializeState: (s: AnyMachineSnapshot) => string;
}

const modelOfPath = new WeakMap<object, ModelRecord>();

/** Which `modelFor` model produced `path` (`npm run paths` reads it: scripts/paths.ts). */
export const modelRecordOf = (path: object): ModelRecord | undefined => modelOfPath.get(path);

/** A path made from a model's steps outside the model's own generators (src/test/walk.ts) remembers it too. */
export const rememberModelOf = (path: object, record: ModelRecord) => {
  modelOfPath.set(path, record);
};

/** Every path the model hands out remembers its model (a WeakMap entry; nothing else changes). */
function rememberPaths(record: ModelRecord): Model {
  const { model } = record;
  for (const method of [
    'getShortestPaths',
    'getShortestPathsFrom',
    'getSimplePaths',
    'getSimplePathsFrom',
    'getPathsFromEvents',
    'getPaths',
  ] as const) {
    const original = model[method] as (...args: unknown[]) => object[];
    (model as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const paths = original.apply(model, args);
      for (const path of paths) modelOfPath.set(path, record);
      return paths;
    };
  }
  return model;
}

/**
 * A TestModel for machines with invoke/after (xstate/graph's createTestModel refuses
 * those). From guides/model-based-testing.md §1.2, plus `input` for machines that need one.
 */
export function modelFor(
  machine: AnyStateMachine,
  opts: {
    /** event cases (payloads); event types not listed are still explored as bare `{ type }` */
    events?: ModelEvent[] | ((s: AnyMachineSnapshot) => ModelEvent[]);
    /** graph-node identity; MUST include any context that guards read. Default: value+context */
    serializeState?: (s: AnyMachineSnapshot) => string;
    input?: unknown;
  } = {},
) {
  const serialize = opts.serializeState ?? serializeSnapshot;
  const model: Model = new TestModel<AnyMachineSnapshot, ModelEvent, unknown>(machine, {
    input: opts.input,
    // node = state + "via EVENT from PREV" (as createTestModel does) => shortest paths cover transitions
    serializeState: (s, e, prev) =>
      serialize(s) +
      (!e || !prev || JSON.stringify(prev.value) === JSON.stringify(s.value)
        ? ''
        : ` via ${JSON.stringify(e)} from ${JSON.stringify(prev.value)}`),
    stateMatcher: (s, key) =>
      key.startsWith('#') ? s._nodes.includes(machine.getStateNodeById(key)) : s.matches(key),
    events: (s) => {
      const cases = typeof opts.events === 'function' ? opts.events(s) : (opts.events ?? []);
      return ownEventTypes(s).flatMap((type) => {
        const matching = cases.filter((e) => e.type === type);
        return matching.length ? matching : [{ type }];
      });
    },
  });
  return rememberPaths({ model, input: opts.input, serializeState: (s) => serialize(s) });
}

/**
 * TestModel silently skips an event type that has no executor, which would let a
 * path "pass" without driving the system under test. Call this before running paths.
 */
export function assertExecutorsFor(
  paths: Array<{ steps: Array<{ event: EventObject }> }>,
  executors: object,
) {
  const missing = new Set(
    paths
      .flatMap((p) => p.steps.map((s) => s.event.type))
      .filter((type) => type !== 'xstate.init' && !(type in executors)),
  );
  if (missing.size) throw new Error(`No executor for model events: ${[...missing].join(', ')}`);
}
