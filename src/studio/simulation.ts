import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  initialTransition,
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
  transition,
} from 'xstate';
import { eventFromJson, type JsonEvent } from './event-json';
import type { PathsReport, ReportPath, ReportStart } from './paths-report';

/**
 * The studio's simulator, as pure functions of (machine, input, events): XState's `initialTransition`
 * and `transition` compute the next snapshot and return the actions instead of running them, so
 * nothing is fetched, stored or timed. `assign` still runs (the context moves); invoked actors are
 * created but never started: the user answers for them (`xstate.done.actor.<id>` with an output,
 * `xstate.error.actor.<id>` with an error), and delays pass when the user says so
 * (`xstate.after.<delay>.<stateId>`).
 */

export interface SimulationResult {
  snapshot: AnyMachineSnapshot;
  /** the message of the event that could not be applied (the snapshot is the one before it) */
  error: string | null;
  /** index in `events` of that event, or null */
  failedAt: number | null;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the machine cannot start without an input (its context reads one). */
export function needsInput(machine: AnyStateMachine): boolean {
  try {
    return initialTransition(machine, undefined as never)[0].status === 'error';
  } catch {
    return true;
  }
}

/** A machine that could not start: its error as text (a missing or wrong input), else null. */
export function startError(snapshot: AnyMachineSnapshot): string | null {
  return snapshot.status === 'error' ? message((snapshot as { error?: unknown }).error) : null;
}

// Memo: snapshots by machine, then by `input|event|event…` key. A prefix is computed once, so going
// back a step returns the very snapshot shown before (a random idempotency key stays the same).
const memo = new WeakMap<AnyStateMachine, Map<string, SimulationResult>>();
const MEMO_LIMIT = 2000;

function remember(cache: Map<string, SimulationResult>, key: string, result: SimulationResult) {
  if (cache.size >= MEMO_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
}

/** The snapshot after `events`, replayed from the machine's initial snapshot for `input`. */
export function simulate(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly JsonEvent[],
): SimulationResult {
  const cache = memo.get(machine) ?? new Map<string, SimulationResult>();
  memo.set(machine, cache);
  const keys = [JSON.stringify(input ?? null)];
  for (const event of events) keys.push(`${keys.at(-1)}|${JSON.stringify(event)}`);
  let done = keys.length - 1;
  while (done >= 0 && !cache.has(keys[done] as string)) done--;
  let result: SimulationResult;
  if (done < 0) {
    result = start(machine, input);
    remember(cache, keys[0] as string, result);
    done = 0;
  } else result = cache.get(keys[done] as string) as SimulationResult;
  for (let i = done; i < events.length; i++) {
    if (result.error !== null) {
      remember(cache, keys[i + 1] as string, result);
      continue;
    }
    result = step(machine, result.snapshot, events[i] as JsonEvent, i);
    remember(cache, keys[i + 1] as string, result);
  }
  return result;
}

function start(machine: AnyStateMachine, input: unknown): SimulationResult {
  try {
    const [snapshot] = initialTransition(machine, (input ?? undefined) as never);
    return { snapshot, error: null, failedAt: null };
  } catch (error) {
    // a machine whose context throws on a missing input ends in status 'error' instead; this is the rest
    return {
      snapshot: initialTransition(machine, undefined as never)[0],
      error: message(error),
      failedAt: null,
    };
  }
}

function step(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: JsonEvent,
  index: number,
): SimulationResult {
  if (snapshot.status !== 'active')
    return { snapshot, error: `The machine is ${snapshot.status}: it takes no events.`, failedAt: index };
  try {
    const [next] = transition(machine, snapshot, eventFromJson(event) as never);
    return { snapshot: next, error: null, failedAt: null };
  } catch (error) {
    return { snapshot, error: message(error), failedAt: index };
  }
}

/** Why `event` cannot be applied to `snapshot` (an action or guard threw), or null when it can. */
export function eventProblem(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: JsonEvent,
): string | null {
  return step(machine, snapshot, event, 0).error;
}

/** Whether a transition takes `event` now, its guards evaluated with the payload. */
export function canTake(snapshot: AnyMachineSnapshot, event: JsonEvent): boolean {
  if (snapshot.status !== 'active') return false;
  try {
    return snapshot.can(eventFromJson(event) as never);
  } catch {
    return false;
  }
}

const nodesOf = (snapshot: AnyMachineSnapshot) => snapshot._nodes as AnyStateNode[];

/** Every active state's id (to highlight on the diagram), without the machine's root. */
/** The simulated machine's context, as the context tree shows it. */
export const simulatedContext = (snapshot: AnyMachineSnapshot): unknown => snapshot.context;

export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return nodesOf(snapshot)
    .filter((node) => node.parent)
    .map((node) => node.id);
}

/** The active leaf states' ids (what a path report's `stateIds` lists). */
export function leafStateIds(snapshot: AnyMachineSnapshot): string[] {
  return nodesOf(snapshot)
    .filter((node) => node.parent && (node.type === 'atomic' || node.type === 'final'))
    .map((node) => node.id);
}

export interface StandInActor {
  /** the invoke's id: `previewOrder` */
  id: string;
  done: boolean;
  error: boolean;
}

export interface PendingDelay {
  /** `xstate.after.<delay>.<stateId>` */
  eventType: string;
  /** the delay as written: `searchDebounce` or `250` */
  delay: string;
  /** milliseconds, when they can be known without running anything */
  ms: number | null;
  stateId: string;
}

export interface AcceptedEvents {
  /** the machine's own events the active states handle */
  events: string[];
  /** invoked actors waiting for a done or error answered by hand */
  actors: StandInActor[];
  delays: PendingDelay[];
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The events the active states take now, split into plain events, stand-in actors and delays. */
export function acceptedEvents(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AcceptedEvents {
  if (snapshot.status !== 'active') return { events: [], actors: [], delays: [] };
  const types = ownEventTypes(snapshot) as string[];
  const actors = new Map<string, StandInActor>();
  const actor = (id: string) => {
    const known = actors.get(id) ?? { id, done: false, error: false };
    actors.set(id, known);
    return known;
  };
  const events: string[] = [];
  for (const type of types) {
    if (type.startsWith(DONE)) actor(type.slice(DONE.length)).done = true;
    else if (type.startsWith(ERROR)) actor(type.slice(ERROR.length)).error = true;
    else if (type.startsWith(AFTER) || type.startsWith('xstate.done.state.')) continue;
    else events.push(type);
  }
  return { events, actors: [...actors.values()], delays: pendingDelays(machine, snapshot, new Set(types)) };
}

function pendingDelays(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  types: Set<string>,
): PendingDelay[] {
  const seen = new Set<string>();
  const delays: PendingDelay[] = [];
  for (const node of nodesOf(snapshot))
    for (const after of node.after as Array<{ delay: number | string; eventType: string }>) {
      if (seen.has(after.eventType) || !types.has(after.eventType)) continue;
      seen.add(after.eventType);
      delays.push({
        eventType: after.eventType,
        delay: String(after.delay),
        ms: delayMs(machine, snapshot, after.delay),
        stateId: node.id,
      });
    }
  return delays;
}

function delayMs(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  delay: number | string,
): number | null {
  if (typeof delay === 'number') return delay;
  const named = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof named === 'number') return named;
  if (typeof named === 'function')
    try {
      const ms = named({ context: snapshot.context, event: { type: 'xstate.init' } }, undefined);
      return typeof ms === 'number' ? ms : null;
    } catch {
      return null;
    }
  return null;
}

/** The first example of each event type in a path report (its payload prefills the editor). */
export function exampleEvents(report: PathsReport | null): Map<string, JsonEvent> {
  const examples = new Map<string, JsonEvent>();
  for (const path of report?.paths ?? [])
    for (const { event } of path.steps) if (!examples.has(event.type)) examples.set(event.type, event);
  return examples;
}

/** The event's example as editable JSON: the report's, else `{ "type": … }`. */
export function exampleText(examples: Map<string, JsonEvent>, type: string): string {
  return JSON.stringify(examples.get(type) ?? { type }, null, 2);
}

export type ParsedEvent =
  | { ok: true; event: JsonEvent }
  | { ok: false; problem: 'invalidJson' | 'notAnObject' | 'wrongType'; detail: string };

/** The payload editor's text as an event of `type` (the type may be left out; another one is refused). */
export function parseEventText(text: string, type: string): ParsedEvent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: 'invalidJson', detail: message(error) };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, problem: 'notAnObject', detail: '' };
  const record = value as Record<string, unknown>;
  if ('type' in record && record.type !== type)
    return { ok: false, problem: 'wrongType', detail: String(record.type) };
  return { ok: true, event: { ...record, type } };
}

/** Any JSON text (an input, an actor's output), or the parser's message. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, detail: message(error) };
  }
}

/** The stand-in's answer: the invoke finished with `output`. */
export const doneEvent = (actorId: string, output: unknown): JsonEvent => ({
  type: `${DONE}${actorId}`,
  output,
});

/** How a stand-in fails: no answer at all, or an HTTP status. */
export type StandInFailure = 'network' | number;
export const failureChoices: readonly StandInFailure[] = [
  'network',
  400,
  401,
  403,
  404,
  409,
  422,
  429,
  500,
  503,
];

/** The stand-in's failure as the API client would throw it (an ApiError once revived by eventFromJson). */
export function errorEvent(actorId: string, failure: StandInFailure): JsonEvent {
  const call = `stand-in ${actorId}`;
  const error =
    failure === 'network'
      ? { kind: 'network', call, status: null, code: null, message: `${call}: network error` }
      : { kind: 'http', call, status: failure, code: null, message: `${call} failed with HTTP ${failure}` };
  return { type: `${ERROR}${actorId}`, error: { $apiError: error } };
}

interface PathGroup {
  kind: ReportPath['kind'];
  paths: ReportPath[];
}

/** The report's paths grouped as the tester reads them: to a state, through a transition, into a failure. */
export function pathGroups(report: PathsReport | null): PathGroup[] {
  const kinds: ReportPath['kind'][] = ['state', 'transition', 'failure'];
  return kinds
    .map((kind) => ({ kind, paths: (report?.paths ?? []).filter((path) => path.kind === kind) }))
    .filter((group) => group.paths.length > 0);
}

const sorted = (ids: readonly string[]) => [...ids].sort();

/** Whether the simulated snapshot is where the report says the step ends. */
export function matchesStep(snapshot: AnyMachineSnapshot, step: Pick<ReportStart, 'stateIds'>): boolean {
  return JSON.stringify(sorted(leafStateIds(snapshot))) === JSON.stringify(sorted(step.stateIds));
}

/** `editing` or `{ "restoring": "refreshing" }` as one line: `restoring.refreshing`, parallel regions comma-separated. */
export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => {
      const rest = stateValueText(inner);
      const parts = rest.split(', ');
      return parts.length > 1 ? `${key}.(${rest})` : `${key}.${rest}`;
    })
    .join(', ');
}
