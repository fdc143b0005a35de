import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
} from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';

/** Any event incl. synthetic ones: xstate.after.*, xstate.done.actor.<id>, xstate.error.actor.<id>. */
export type ModelEvent = EventObject & Record<string, unknown>;

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
  return new TestModel<AnyMachineSnapshot, ModelEvent, unknown>(machine, {
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
