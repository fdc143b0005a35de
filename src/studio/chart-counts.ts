import type { AnyStateMachine, AnyStateNode } from 'xstate';

const descendants = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states).flatMap((child: AnyStateNode) => [child, ...descendants(child)]);

/** Every state node below the root, in document order (the root is the machine, not a state). */
export function statesOf(machine: AnyStateMachine): AnyStateNode[] {
  return descendants(machine.root);
}

/** How many states and transitions a machine has, counted as the coverage lines count them. */
export function chartCounts(machine: AnyStateMachine): { states: number; transitions: number } {
  const nodes = statesOf(machine);
  const transitions = [machine.root, ...nodes].reduce(
    (sum, node) => sum + [...node.transitions.values()].flat().length + (node.always?.length ?? 0),
    0,
  );
  return { states: nodes.length, transitions };
}
