/**
 * A machine's path report (docs/paths/<machine>.json, `npm run paths`), computed from the paths its
 * model-based test runs (xstate/graph shortest paths and paths from events):
 * - `state`: for every state node, the shortest of those paths (or their prefixes) that reaches it;
 * - `transition`: for every transition, the shortest one whose last step takes it (`always` ones
 *   count between microsteps, as in src/test/coverage.ts);
 * - `failure`: for every failure state (key matching `failureStatePattern`), simple paths into it:
 *   routes through state values that visit no value twice, enumerated shortest first over the value
 *   graph of the model's adjacency map (xstate/graph `getAdjacencyMap`), each walked by the shortest
 *   model path that follows it (value-keeping steps such as typing added where a guard needs them);
 *   distinct by state values and event types, capped and bounded (see `ReportLimits`).
 * A path is `executed` when its steps (event and resulting state value) are a prefix of a test path.
 * Output is deterministic: document order of states and transitions, the traversal's order of events.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { chartCounts, statesOf } from '../../studio/chart-counts';
import { eventToJson, type JsonEvent } from '../../studio/event-json';
import type { PathsReport, ReportPath, ReportStart, ReportStep } from '../../studio/paths-report';
import { label, type Path, transitionsTaken } from '../coverage';
import type { ModelRecord } from '../modelFor';
import { eventWords } from './words';

/** Failure states: a state whose key says it failed. Documented in docs/paths/README.md. */
export const failureStatePattern = /failed|failure|error|rejected|refused/i;
export const failureStateRule = `${failureStatePattern} on the state key`;

export interface ReportLimits {
  /** simple paths listed per failure state (the shortest ones) */
  perFailureState: number;
  /** partial routes the enumeration may expand per failure state and model (deterministic, unlike a time limit) */
  expansions: number;
}
export const defaultLimits: ReportLimits = { perFailureState: 10, expansions: 20_000 };

export interface ReportInput {
  /** the catalog's name (`checkout`), the report's `machine` */
  name: string;
  /** the machine the test walks (often the catalog machine with some implementations provided) */
  machine: AnyStateMachine;
  /** the paths the test runs */
  paths: Path[];
  /** the model each path came from (`modelRecordOf` in src/test/modelFor.ts) */
  recordOf: (path: Path) => ModelRecord | undefined;
  /** the machine as the catalog has it: spawned children are read from it (tests may stub spawns) */
  catalogMachine?: AnyStateMachine;
  limits?: ReportLimits;
}

/** What else the run noticed (printed by scripts/paths.ts, not part of the report). */
export interface ReportNotes {
  warnings: string[];
}

type Snapshot = AnyMachineSnapshot;
export interface Step {
  event: EventObject;
  state: Snapshot;
}
/** A path: where it starts (the model's initial snapshot and input) and its steps after `xstate.init`. */
interface Candidate {
  input: unknown;
  start: Snapshot;
  steps: Step[];
}

// ---------------------------------------------------------------- plain data for JSON

/** Live fixtures in events (machines, actor refs, class instances) as plain JSON markers. */
export function plainForJson(value: unknown, seen = new Set<object>()): unknown {
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return value; // eventToJson writes errors as { $apiError }
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) return '[cycle]';
  const record = value as Record<string, unknown>;
  if (typeof record.send === 'function' && typeof record.getSnapshot === 'function')
    return { $actorRef: String(record.id ?? 'actor') };
  if (typeof record.transition === 'function')
    return {
      $actorLogic: String(record.id ?? (record.config as { id?: string } | undefined)?.id ?? 'logic'),
    };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => plainForJson(item, seen));
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      return { $instance: String(prototype?.constructor?.name ?? 'object') };
    return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, plainForJson(inner, seen)]));
  } finally {
    seen.delete(value);
  }
}

const eventJsonMemo = new WeakMap<EventObject, JsonEvent>();
export const eventJson = (event: EventObject): JsonEvent => {
  let json = eventJsonMemo.get(event);
  if (!json) {
    json = eventToJson(plainForJson(event) as { type: string });
    eventJsonMemo.set(event, json);
  }
  return json;
};

// ---------------------------------------------------------------- naming

/** The tested machine's ids under the catalog's root id (a test may walk `createResourceMachine('languages')`). */
function idRenamer(from: string, to: string): (id: string) => string {
  if (from === to) return (id) => id;
  return (id) => (id === from ? to : id.startsWith(`${from}.`) ? `${to}${id.slice(from.length)}` : id);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function labelRenamer(from: string, to: string): (text: string) => string {
  if (from === to) return (text) => text;
  const pattern = new RegExp(`(^|[\\s,>#])${escapeRegExp(from)}(?=[.\\s,]|$)`, 'g');
  return (text) => text.replace(pattern, `$1${to}`);
}

const leaves = (s: Snapshot): AnyStateNode[] =>
  (s._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final');

/** A stable key of a step sequence: the input, then each event (as JSON) and state value. */
function stepsKey(input: unknown, steps: Step[]): string[] {
  const keys = [JSON.stringify(plainForJson(input) ?? null)];
  for (const { event, state } of steps)
    keys.push(
      `${keys[keys.length - 1]}\n${JSON.stringify(eventJson(event))}=>${JSON.stringify(state.value)}`,
    );
  return keys;
}

// ---------------------------------------------------------------- selection

interface Best {
  candidate: number;
  length: number;
}

const better = (a: Best | undefined, b: Best) =>
  !a || b.length < a.length || (b.length === a.length && b.candidate < a.candidate);

/** The shortest prefix reaching each state node and taking each transition (ties: the earlier test path). */
export function selectShortest(machine: AnyStateMachine, candidates: Candidate[]) {
  const states = new Map<AnyStateNode, Best>();
  const transitions = new Map<AnyTransitionDefinition, Best>();
  // test paths share their beginnings (the same snapshot objects of the model's graph): compute once
  const takenMemo = new Map<Snapshot, Map<Snapshot, AnyTransitionDefinition[]>>();
  const taken = (prev: Snapshot, event: EventObject, next: Snapshot) => {
    const byNext = takenMemo.get(prev) ?? new Map<Snapshot, AnyTransitionDefinition[]>();
    takenMemo.set(prev, byNext);
    let result = byNext.get(next);
    if (!result) {
      result = transitionsTaken(machine, prev, event);
      byNext.set(next, result);
    }
    return result;
  };
  candidates.forEach((candidate, index) => {
    const visit = (s: Snapshot, length: number) => {
      for (const node of s._nodes as AnyStateNode[]) {
        const best = { candidate: index, length };
        if (better(states.get(node), best)) states.set(node, best);
      }
    };
    visit(candidate.start, 0);
    let prev = candidate.start;
    candidate.steps.forEach(({ event, state }, i) => {
      for (const t of taken(prev, event, state)) {
        const best = { candidate: index, length: i + 1 };
        if (better(transitions.get(t), best)) transitions.set(t, best);
      }
      visit(state, i + 1);
      prev = state;
    });
  });
  return { states, transitions };
}

// ---------------------------------------------------------------- failure paths

type Adjacency = Record<
  string,
  { state: Snapshot; transitions: Record<string, { event: EventObject; state: Snapshot }> }
>;

interface Edge {
  event: EventObject;
  state: Snapshot;
  /** the adjacency key of `state` reached this way */
  key: string;
}

/** Each node's outgoing edges with their target keys, computed once per adjacency map. */
const edgeCache = new WeakMap<Adjacency, Map<string, Edge[]>>();
function edgesOf(record: ModelRecord, adjacency: Adjacency, key: string): Edge[] {
  let byKey = edgeCache.get(adjacency);
  if (!byKey) {
    byKey = new Map();
    edgeCache.set(adjacency, byKey);
  }
  let edges = byKey.get(key);
  if (!edges) {
    const serialize = record.model.options.serializeState as (
      s: Snapshot,
      e?: EventObject,
      prev?: Snapshot,
    ) => string;
    const from = adjacency[key];
    edges = Object.values(from?.transitions ?? {})
      .map(({ event, state }) => ({ event, state, key: serialize(state, event, from!.state) }))
      .filter((edge) => adjacency[edge.key]);
    byKey.set(key, edges);
  }
  return edges;
}

const valueKey = (s: Snapshot) => JSON.stringify(s.value);

/** A route through state values: the values visited (no value twice) and the event types between them. */
interface ValueRoute {
  values: string[];
  events: string[];
}

/**
 * Simple paths into `target`, loop-free at the level of state values: no state value is visited
 * twice; events that keep the value (typing, choosing) are added where a path needs them to pass a
 * guard. Value routes are enumerated shortest first (breadth first, over the value graph of the
 * model's adjacency map, at most `limits.expansions` partial routes), each realised by the shortest
 * model path that follows it; the `limits.perFailureState` shortest realised paths are returned.
 */
export function simplePathsInto(
  record: ModelRecord,
  adjacency: Adjacency,
  target: AnyStateNode,
  limits: ReportLimits,
): { paths: Step[][]; exhausted: boolean } {
  const rootKey = Object.keys(adjacency)[0];
  if (rootKey === undefined) return { paths: [], exhausted: true };
  const rootState = adjacency[rootKey]!.state;
  const reaches = (s: Snapshot) => (s._nodes as AnyStateNode[]).includes(target);
  if (reaches(rootState)) return { paths: [], exhausted: true };

  // the value graph: value --event type--> other value, in the traversal's order
  const edges = new Map<string, Array<{ event: string; to: string; reaches: boolean }>>();
  for (const { state, transitions } of Object.values(adjacency)) {
    const from = valueKey(state);
    const out = edges.get(from) ?? [];
    edges.set(from, out);
    for (const { event, state: next } of Object.values(transitions)) {
      const to = valueKey(next);
      if (to === from || out.some((e) => e.event === event.type && e.to === to)) continue;
      out.push({ event: event.type, to, reaches: reaches(next) });
    }
  }

  /** The shortest model path along `route` (value-keeping steps allowed anywhere), or null. */
  const realise = (route: ValueRoute): Step[] | null => {
    interface At {
      key: string;
      state: Snapshot;
      index: number;
      event?: EventObject;
      parent?: At;
    }
    const seen = new Set<string>([`0#${rootKey}`]);
    const queue: At[] = [{ key: rootKey, state: rootState, index: 0 }];
    for (let head = 0; head < queue.length; head++) {
      const at = queue[head]!;
      for (const { event, state, key } of edgesOf(record, adjacency, at.key)) {
        const value = valueKey(state);
        let index = at.index;
        if (value !== route.values[index]) {
          if (event.type !== route.events[index] || value !== route.values[index + 1]) continue;
          index += 1;
        }
        const next: At = { key, state, index, event, parent: at };
        if (index === route.events.length) {
          if (!reaches(state)) continue;
          const steps: Step[] = [];
          for (let p: At | undefined = next; p?.parent; p = p.parent)
            steps.unshift({ event: p.event!, state: p.state });
          return steps;
        }
        if (reaches(state) || seen.has(`${index}#${key}`)) continue;
        seen.add(`${index}#${key}`);
        queue.push(next);
      }
    }
    return null;
  };

  const found: Step[][] = [];
  const rootValue = valueKey(rootState);
  const queue: ValueRoute[] = [{ values: [rootValue], events: [] }];
  let expansions = 0;
  let exhausted = true;
  // a few more routes than needed: some are not walkable (a guard no model state passes), and the
  // shortest realised paths are kept
  const wanted = limits.perFailureState * 2;
  for (let head = 0; head < queue.length && found.length < wanted; head++) {
    if (++expansions > limits.expansions) {
      exhausted = false;
      break;
    }
    const route = queue[head]!;
    queue[head] = undefined as unknown as ValueRoute;
    for (const edge of edges.get(route.values.at(-1)!) ?? []) {
      if (route.values.includes(edge.to)) continue;
      const next = { values: [...route.values, edge.to], events: [...route.events, edge.event] };
      if (edge.reaches) {
        const steps = realise(next);
        if (steps) found.push(steps);
        if (found.length >= wanted) break;
      } else queue.push(next);
    }
  }
  const paths = found
    .map((steps, order) => ({ steps, order }))
    .sort((a, b) => a.steps.length - b.steps.length || a.order - b.order)
    .slice(0, limits.perFailureState)
    .map(({ steps }) => steps);
  return { paths, exhausted };
}

/** A failure state's simple paths, from every model of the test, distinct by state values and event types. */
export interface FailurePaths {
  node: AnyStateNode;
  paths: Array<{ record: ModelRecord; steps: Step[] }>;
  /** false when the enumeration stopped at `limits.expansions` before finding enough paths */
  exhausted: boolean;
}

const adjacencyMemo = new WeakMap<ModelRecord, Adjacency>();

/** The model's adjacency map (xstate/graph), computed once per model. */
export function adjacencyOf(record: ModelRecord): Adjacency {
  let adjacency = adjacencyMemo.get(record);
  if (!adjacency) {
    adjacency = record.model.getAdjacencyMap() as unknown as Adjacency;
    adjacencyMemo.set(record, adjacency);
  }
  return adjacency;
}

/** The simple paths into each of `failureNodes` (shortest first, `limits.perFailureState` at most). */
export function failurePaths(
  failureNodes: AnyStateNode[],
  records: ModelRecord[],
  limits: ReportLimits = defaultLimits,
): FailurePaths[] {
  return failureNodes.map((node) => {
    const found: FailurePaths['paths'] = [];
    const seen = new Set<string>();
    let complete = true;
    for (const record of records) {
      const { paths: simple, exhausted } = simplePathsInto(record, adjacencyOf(record), node, limits);
      if (!exhausted && simple.length < limits.perFailureState) complete = false;
      for (const steps of simple) {
        const signature = JSON.stringify(steps.map((s) => [s.event.type, s.state.value]));
        if (seen.has(signature)) continue;
        seen.add(signature);
        found.push({ record, steps });
      }
    }
    found.sort((a, b) => a.steps.length - b.steps.length);
    return { node, paths: found.slice(0, limits.perFailureState), exhausted: complete };
  });
}

// ---------------------------------------------------------------- spawned children

/**
 * Children that appear in `snapshot.children` after a step and are no invoke of an active state,
 * replayed through `machine` with pure transitions (nothing starts): by the state the step's
 * transitions target (or their source when targetless). A child is named by its logic's name in
 * `setup({ actors })` when it was spawned by name (`cartLine`), else by its id (`cart`).
 */
function spawnedChildren(
  machine: AnyStateMachine,
  /** `machine` is the one the test walked: start from the test's own first snapshots */
  sameMachine: boolean,
  candidates: Candidate[],
  renameId: (id: string) => string,
  notes: ReportNotes,
): Record<string, string[]> {
  const spawned = new Map<string, Set<string>>();
  const note = (
    statesOf: () => string[],
    children: Record<string, unknown>,
    before: Record<string, unknown>,
    s: Snapshot,
  ) => {
    const fresh = Object.entries(children).filter(([id, ref]) => ref && !(id in before));
    if (!fresh.length) return;
    const invoked = new Set((s._nodes as AnyStateNode[]).flatMap((n) => n.invoke.map((inv) => inv.id)));
    const stateIds = statesOf();
    for (const [id, ref] of fresh) {
      if (invoked.has(id)) continue;
      const src = (ref as { src?: unknown }).src;
      const name = typeof src === 'string' ? src : id;
      for (const stateId of stateIds) {
        const set = spawned.get(stateId) ?? new Set<string>();
        set.add(name);
        spawned.set(stateId, set);
      }
    }
  };
  let mismatches = 0;
  // test paths share their beginnings (the same snapshot objects): each step is replayed once
  const replayed = new Map<Snapshot, Snapshot>();
  for (const candidate of candidates) {
    try {
      let s: Snapshot =
        replayed.get(candidate.start) ??
        (() => {
          const first = sameMachine ? candidate.start : initialTransition(machine, candidate.input)[0];
          note(() => leaves(first).map((n) => n.id), first.children, {}, first);
          replayed.set(candidate.start, first);
          return first;
        })();
      for (const step of candidate.steps) {
        const known = replayed.get(step.state);
        if (known) {
          s = known;
          continue;
        }
        const prev: Snapshot = s;
        const [next]: [Snapshot, unknown] = transition(machine, prev, step.event);
        note(
          () =>
            transitionsTaken(machine, prev, step.event).flatMap((t) =>
              t.target?.length ? t.target.map((n) => n.id) : [t.source.id],
            ),
          next.children,
          prev.children,
          next,
        );
        if (JSON.stringify(next.value) !== JSON.stringify(step.state.value)) mismatches++;
        replayed.set(step.state, next);
        s = next;
      }
    } catch (error) {
      notes.warnings.push(`spawned: a path could not be replayed (${(error as Error).message})`);
    }
  }
  if (mismatches)
    notes.warnings.push(
      `${mismatches} step(s) of the listed paths end in another state when replayed through the catalog's machine (the test walks a variant of it)`,
    );
  return Object.fromEntries(
    [...spawned.entries()]
      .map(([id, names]) => [renameId(id), [...names].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

// ---------------------------------------------------------------- the report

/** What the screen shows: the `description`s of the active states (deepest last), else their ids. */
function screenOf(s: Snapshot, renameId: (id: string) => string): string {
  const described = (s._nodes as AnyStateNode[])
    .filter((n) => n.parent && typeof n.description === 'string' && n.description.trim())
    .map((n) => n.description!.trim());
  return described.length
    ? described.join(' — ')
    : leaves(s)
        .map((n) => renameId(n.id))
        .join(', ');
}

export function buildReport(input: ReportInput): { report: PathsReport; notes: ReportNotes } {
  const { name, machine, paths } = input;
  const limits = input.limits ?? defaultLimits;
  const notes: ReportNotes = { warnings: [] };
  const catalogId = input.catalogMachine?.id ?? machine.id;
  const renameId = idRenamer(machine.id, catalogId);
  const renameLabel = labelRenamer(machine.id, catalogId);
  const renameEvent = (event: JsonEvent): JsonEvent => {
    if (!event.type.startsWith('xstate.after.') || machine.id === catalogId) return event;
    const [delay, ...rest] = event.type.slice('xstate.after.'.length).split('.');
    return { ...event, type: `xstate.after.${delay}.${renameId(rest.join('.'))}` };
  };

  const records: ModelRecord[] = [];
  for (const path of paths) {
    const record = input.recordOf(path);
    if (record && !records.includes(record)) records.push(record);
  }
  const candidates: Candidate[] = paths.map((path) => {
    // a path the test built by hand (no model) starts like the test's first model
    const pathInput = (input.recordOf(path) ?? records[0])?.input;
    const [first, ...rest] = path.steps;
    if (first && first.event.type === 'xstate.init')
      return { input: pathInput, start: first.state, steps: rest };
    const [start] = initialTransition(machine, pathInput);
    return { input: pathInput, start, steps: path.steps };
  });
  const reportInput = plainForJson(candidates[0]?.input ?? null) ?? null;
  const inputJson = JSON.stringify(reportInput);

  const executedKeys = new Set(candidates.flatMap((c) => stepsKey(c.input, c.steps)));

  const toStep = ({ event, state }: Step): ReportStep => {
    const json = renameEvent(eventJson(event));
    return {
      event: json,
      words: eventWords(json, machine),
      state: state.value,
      stateIds: leaves(state).map((n) => renameId(n.id)),
      screen: screenOf(state, renameId),
    };
  };

  const entries = new Map<string, ReportPath>();
  const add = (kind: ReportPath['kind'], target: string, pathInput: unknown, steps: Step[]) => {
    const keys = stepsKey(pathInput, steps);
    const key = keys[keys.length - 1]!;
    const existing = entries.get(key);
    if (existing) {
      if (!existing.serves.some((s) => s.kind === kind && s.target === target))
        existing.serves.push({ kind, target });
      return;
    }
    const plainInput = plainForJson(pathInput ?? null) ?? null;
    entries.set(key, {
      id: '',
      kind,
      target,
      serves: [{ kind, target }],
      executed: executedKeys.has(key),
      ...(JSON.stringify(plainInput) === inputJson ? {} : { input: plainInput }),
      steps: steps.map(toStep),
    });
  };

  const nodes = statesOf(machine);
  const allTransitions = [machine.root, ...nodes].flatMap((n: AnyStateNode) =>
    [...n.transitions.values()].flat().concat(n.always ?? []),
  );
  const { states, transitions } = selectShortest(machine, candidates);
  /** the state and transition paths: enough to meet every spawn (each transition is on one) */
  const selected: Candidate[] = [];
  const prefix = (best: Best) => {
    const candidate = candidates[best.candidate]!;
    const steps = candidate.steps.slice(0, best.length);
    selected.push({ ...candidate, steps });
    return { input: candidate.input, steps };
  };
  for (const node of nodes) {
    const best = states.get(node);
    if (!best) {
      notes.warnings.push(`state ${renameId(node.id)} is on no path of the test`);
      continue;
    }
    const { input: pathInput, steps } = prefix(best);
    add('state', renameId(node.id), pathInput, steps);
  }
  for (const t of allTransitions) {
    const best = transitions.get(t);
    if (!best) {
      notes.warnings.push(`transition ${renameLabel(label(t))} is taken by no path of the test`);
      continue;
    }
    const { input: pathInput, steps } = prefix(best);
    add('transition', renameLabel(label(t)), pathInput, steps);
  }

  const failureNodes = nodes.filter((n) => failureStatePattern.test(n.key));
  for (const { node, paths: into, exhausted } of failurePaths(failureNodes, records, limits)) {
    if (!exhausted)
      notes.warnings.push(
        `failure paths into ${renameId(node.id)}: stopped after ${limits.expansions} routes`,
      );
    for (const { record, steps } of into) add('failure', renameId(node.id), record.input, steps);
  }

  const reportPaths = [...entries.values()].map((path, index) => ({ ...path, id: `${name}-${index + 1}` }));
  const counts = chartCounts(machine);
  const firstStart = candidates[0]?.start ?? initialTransition(machine, undefined)[0];
  const initial: ReportStart = {
    state: firstStart.value,
    stateIds: leaves(firstStart).map((n) => renameId(n.id)),
    screen: screenOf(firstStart, renameId),
  };
  const spawnMachine =
    input.catalogMachine && input.catalogMachine.id === machine.id ? input.catalogMachine : machine;
  const report: PathsReport = {
    machine: name,
    input: reportInput,
    states: counts.states,
    transitions: counts.transitions,
    failureStates: failureNodes.map((n) => renameId(n.id)),
    initial,
    spawned: spawnedChildren(spawnMachine, spawnMachine === machine, selected, renameId, notes),
    paths: reportPaths,
  };
  return { report, notes };
}
