import { afterAll, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  getMicrosteps,
} from 'xstate';
import { findNonPlainData } from './plain-data';

export type Path = { steps: Array<{ state: AnyMachineSnapshot; event: EventObject }> };

const allNodes = (n: AnyStateNode): AnyStateNode[] =>
  Object.values(n.states).flatMap((c: AnyStateNode) => [c, ...allNodes(c)]);
const transitionsOf = (n: AnyStateNode): AnyTransitionDefinition[] =>
  [...n.transitions.values()].flat().concat(n.always ?? []);
const guardName = (g: unknown) =>
  typeof g === 'string' ? g : typeof g === 'function' ? g.name : (g as { type?: string } | undefined)?.type;
export const label = (t: AnyTransitionDefinition) =>
  `${t.source.id} --${t.eventType || 'always'}${t.guard ? ` [${guardName(t.guard)}]` : ''}--> ` +
  (t.target?.map((s) => s.id).join(',') ?? '(targetless)');

/**
 * The transitions `event` takes from `prev`: the ones `getTransitionData` selects (guards
 * evaluated) and the eventless (`always`) ones between its microsteps.
 */
export function transitionsTaken(
  machine: AnyStateMachine,
  prev: AnyMachineSnapshot,
  event: EventObject,
): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = [...machine.getTransitionData(prev, event)];
  const micro = [prev, ...getMicrosteps(machine, prev, event).map(([s]) => s)];
  for (let k = 1; k < micro.length - 1; k++)
    for (const n of micro[k]!._nodes as AnyStateNode[])
      for (const t of n.always ?? [])
        if (t.target?.every((tn) => micro[k + 1]!._nodes.includes(tn))) taken.push(t);
  return taken;
}

/**
 * Set by `npm run paths` (src/test/paths-report/setup.ts, only when PATHS_REPORT_DIR is set): writes
 * the machine's path report from the paths its model-based test runs. Normal runs leave it unset.
 */
export type PathsRecorder = (name: string, machine: AnyStateMachine, paths: Path[]) => void;
export const pathsRecorderKey = '__pathsReportRecorder';

/** State and transition coverage of `paths` (guides/model-based-testing.md §2: xstate has no coverage API). */
export function coverage(machine: AnyStateMachine, paths: Path[]) {
  const nodes = allNodes(machine.root);
  const transitions = [machine.root, ...nodes].flatMap(transitionsOf);
  const seenNodes = new Set<AnyStateNode>();
  const seenTransitions = new Set<AnyTransitionDefinition>();
  for (const { steps } of paths) {
    for (const { state } of steps) for (const n of state._nodes as AnyStateNode[]) seenNodes.add(n);
    for (let i = 1; i < steps.length; i++)
      for (const t of transitionsTaken(machine, steps[i - 1]!.state, steps[i]!.event)) seenTransitions.add(t);
  }
  return {
    states: { covered: nodes.filter((n) => seenNodes.has(n)).length, total: nodes.length },
    transitions: { covered: seenTransitions.size, total: transitions.length },
    missingStates: nodes.filter((n) => !seenNodes.has(n)).map((n) => n.id),
    missingTransitions: transitions.filter((t) => !seenTransitions.has(t)).map(label),
  };
}

/**
 * Prints `coverage <name>: states N/M, transitions N/M` once after the file's tests,
 * and adds a test that fails unless every state and transition is on some path (a
 * failing test, not just a failing hook, so the run's pass/fail count shows it), and one
 * that fails when the context at any step of those paths is not plain data.
 */
export function requireFullCoverage(name: string, machine: AnyStateMachine, paths: Path[]) {
  const c = coverage(machine, paths);
  (globalThis as { [pathsRecorderKey]?: PathsRecorder })[pathsRecorderKey]?.(name, machine, paths);
  it(`paths cover every state and transition of ${name}`, () => {
    expect(c.missingStates, `${name}: states never reached`).toEqual([]);
    expect(c.missingTransitions, `${name}: transitions never taken`).toEqual([]);
    expect(c.states.covered).toBe(c.states.total);
    expect(c.transitions.covered).toBe(c.transitions.total);
  });
  it(`the context of ${name} is plain data at every step of every path`, () => {
    const leaks = new Set<string>();
    for (const { steps } of paths)
      for (const { state } of steps) {
        const leak = findNonPlainData(state.context);
        if (leak) leaks.add(leak);
      }
    expect([...leaks], `${name}: context that JSON.stringify cannot carry`).toEqual([]);
    for (const { steps } of paths)
      for (const { state } of steps)
        expect(JSON.parse(JSON.stringify(state.context ?? null))).toEqual(state.context ?? null);
  });
  afterAll(() => {
    console.log(
      `coverage ${name}: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}`,
    );
  });
}
