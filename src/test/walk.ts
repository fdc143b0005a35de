/**
 * Which of a model's paths a model-based test walks.
 *
 * xstate/graph's shortest paths end at every distinct graph node, so a model whose key tells many
 * contexts apart yields thousands of paths that re-walk the same transitions. By default a test walks
 * the set its path report lists (docs/paths/README.md): for every state and every transition the
 * shortest path (or beginning of one) that reaches or takes it, and the simple paths into every
 * failure state. `npm run test:exhaustive` (MODEL_WALK=exhaustive) walks every generated path as well.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  initialTransition,
} from 'xstate';
import { type Path, requireFullCoverage } from './coverage';
import { type ModelRecord, modelRecordOf, rememberModelOf } from './modelFor';
import {
  adjacencyOf,
  eventJson,
  failurePaths,
  failureStatePattern,
  type Step,
  selectShortest,
} from './paths-report/report';

/** What a test needs of a path: its steps, a description and a way to run it. */
export interface WalkablePath extends Path {
  state: AnyMachineSnapshot;
  description: string;
  test: (params: never) => Promise<unknown>;
}

export const walksExhaustively = () => process.env.MODEL_WALK === 'exhaustive';

type ToTestPath = (path: { state: AnyMachineSnapshot; steps: Step[]; weight: number }) => WalkablePath;

/** A path of `record`'s model with the given steps (xstate/graph's own constructor of test paths). */
function pathOf(record: ModelRecord, steps: Step[]): WalkablePath {
  const toTestPath = (record.model as unknown as { _toTestPath: ToTestPath })._toTestPath;
  const path = toTestPath({ state: steps[steps.length - 1]!.state, steps, weight: steps.length });
  rememberModelOf(path, record);
  return path;
}

const initStep = (state: AnyMachineSnapshot): Step => ({
  event: { type: 'xstate.init' } as EventObject,
  state,
});

/**
 * The paths to walk (see the module comment), with `coverage <name>` printed for them and a test
 * that fails unless they reach every state and transition.
 */
export function pathsToWalk<P extends WalkablePath>(name: string, machine: AnyStateMachine, paths: P[]): P[] {
  const walked = walksExhaustively() ? [...paths] : reportSet(machine, paths);
  walked.push(...(failureWalks(machine, paths, walked) as P[]));
  requireFullCoverage(name, machine, walked);
  return walked;
}

/** For every state and transition, the shortest beginning of a path that gets there; each path once, as long as needed. */
function reportSet<P extends WalkablePath>(machine: AnyStateMachine, paths: P[]): P[] {
  // a path starts with xstate.init (the model's first snapshot), unless the test built it by hand
  const candidates = paths.map((path) => {
    const [first, ...rest] = path.steps;
    const fromInit = first?.event.type === 'xstate.init';
    if (fromInit) return { input: undefined, start: first.state, steps: rest, fromInit };
    const [start] = initialTransition(machine, modelRecordOf(path)?.input);
    return { input: undefined, start, steps: path.steps, fromInit };
  });
  const { states, transitions } = selectShortest(machine, candidates);
  const needed = new Map<number, number>();
  for (const best of [...states.values(), ...transitions.values()])
    needed.set(best.candidate, Math.max(needed.get(best.candidate) ?? 0, best.length));
  return [...needed.keys()]
    .sort((a, b) => a - b)
    .map((index) => {
      const path = paths[index]!;
      const candidate = candidates[index]!;
      const length = needed.get(index)!;
      const record = modelRecordOf(path);
      if (!record || !candidate.fromInit || length === candidate.steps.length) return path;
      return pathOf(record, path.steps.slice(0, length + 1)) as P;
    });
}

/** The report's simple paths into failure states that no walked path already begins with. */
function failureWalks(
  machine: AnyStateMachine,
  paths: WalkablePath[],
  walked: WalkablePath[],
): WalkablePath[] {
  const records: ModelRecord[] = [];
  for (const path of paths) {
    const record = modelRecordOf(path);
    if (record && !records.includes(record)) records.push(record);
  }
  const nodes: AnyStateNode[] = [];
  const collect = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (failureStatePattern.test(child.key)) nodes.push(child);
      collect(child);
    }
  };
  collect(machine.root);
  const key = (steps: Step[]) =>
    steps.map((s) => `${JSON.stringify(eventJson(s.event))}=>${JSON.stringify(s.state.value)}`);
  const walkedKeys = new Set(
    walked.flatMap((path) => {
      const keys = key(path.steps.filter((s) => s.event.type !== 'xstate.init'));
      return keys.map((_, i) => keys.slice(0, i + 1).join('\n'));
    }),
  );
  const extra: WalkablePath[] = [];
  for (const { paths: into } of failurePaths(nodes, records)) {
    for (const { record, steps } of into) {
      const joined = key(steps).join('\n');
      if (walkedKeys.has(joined)) continue;
      walkedKeys.add(joined);
      const rootState = Object.values(adjacencyOf(record))[0]!.state;
      extra.push(pathOf(record, [initStep(rootState), ...steps]));
    }
  }
  return extra;
}
