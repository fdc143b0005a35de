import { describe, expect, it } from 'vitest';
import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  and,
  assign,
  not,
  setup,
} from 'xstate';
import { isCombinedGuard } from '../../src/studio/chart-labels';
import { machineCatalog } from '../../src/studio/machine-catalog';

/**
 * The diagrams, the Mermaid docs, the path reports and the Stately export name a machine's guards
 * and actions. A production build renames functions (`t`, `n`), so a guard or action written inline
 * in the chart loses its name there: every one must be a reference to an implementation named in
 * setup(), or XState's own helpers (and/or/not of named guards; assign, raise, sendTo...).
 */
const statesOf = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states).flatMap((child: AnyStateNode) => [child, ...statesOf(child)]);

const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

const describeTransition = (t: AnyTransitionDefinition) => `${t.source.id} --${t.eventType || 'always'}-->`;

/** The inline functions in a guard: a combined guard's parts are looked at in turn. */
function inlineGuards(guard: unknown): string[] {
  if (guard === undefined || typeof guard === 'string') return [];
  if (typeof guard === 'function') {
    if (isCombinedGuard(guard)) return ((guard as { guards?: unknown[] }).guards ?? []).flatMap(inlineGuards);
    return [`inline guard function ${guard.name ? `"${guard.name}"` : '(anonymous)'}`];
  }
  if (typeof guard === 'object' && guard && typeof (guard as { type?: unknown }).type === 'string') return [];
  return ['a guard that is neither a name nor a combination of names'];
}

/** Actions are names, `{ type }` objects or XState's built-in creators (which carry `type`). */
function inlineActions(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).flatMap((action) => {
    if (typeof action === 'string') return [];
    const type = (action as { type?: unknown } | null)?.type;
    if (typeof type === 'string') return [];
    const name = typeof action === 'function' && action.name ? `"${action.name}"` : '(anonymous)';
    return [`inline action function ${name}`];
  });
}

function unnamedImplementations(machine: AnyStateMachine): string[] {
  const nodes = [machine.root, ...statesOf(machine.root)];
  return nodes.flatMap((node) => [
    ...inlineActions(node.entry).map((found) => `${node.id} entry: ${found}`),
    ...inlineActions(node.exit).map((found) => `${node.id} exit: ${found}`),
    ...transitionsOf(node).flatMap((t) => [
      ...inlineGuards(t.guard).map((found) => `${describeTransition(t)}: ${found}`),
      ...inlineActions(t.actions).map((found) => `${describeTransition(t)}: ${found}`),
    ]),
  ]);
}

describe('guards and actions keep their names in a production build', () => {
  it('lists the inline functions of a chart, and only those', () => {
    const machine = setup({
      types: { context: {} as { n: number } },
      guards: { isReady: () => true },
      actions: { count: assign({ n: 1 }) },
    }).createMachine({
      id: 'sample',
      context: { n: 0 },
      initial: 'idle',
      states: {
        idle: {
          entry: ['count', () => {}],
          on: {
            go: [
              { guard: and(['isReady', not(({ context }) => context.n > 1)]), target: 'done' },
              { guard: 'isReady', target: 'done', actions: [assign({ n: 2 }), { type: 'count' }] },
            ],
          },
        },
        done: { type: 'final' },
      },
    });
    expect(unnamedImplementations(machine)).toEqual([
      'sample.idle entry: inline action function (anonymous)',
      'sample.idle --go-->: inline guard function (anonymous)',
    ]);
  });

  it.each(machineCatalog.map((entry) => [entry.name, entry.machine] as const))(
    '%s names every guard and action in setup()',
    (_name, machine) => {
      expect(unnamedImplementations(machine)).toEqual([]);
    },
  );
});
