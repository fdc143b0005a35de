import type { AnyTransitionDefinition } from 'xstate';
import { takenTransition } from './coverage-keys';

/**
 * `takenTransition` reduced to what the recorder keeps (src/services/flow-usage/recorder.ts). A
 * module of its own: the recorder loads it on its own, and a module the studio's chunk also holds
 * would cost the login route the runtime's namespace helper.
 */
export const takenTransitionOf = (transition: unknown): { machine: string; key: string } | null => {
  const taken = takenTransition(transition as AnyTransitionDefinition);
  return taken && { machine: taken.machine, key: taken.key };
};
