import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { JsonEvent } from '../../studio/event-json';
import { type SimulationResult, simulate } from '../../studio/simulation';
import type { SimulationReplay, statechartSimulationMachine } from './statechart-simulation.machine';

export type StatechartSimulationSnapshot = SnapshotFrom<typeof statechartSimulationMachine>;

/** The input editor is open: the machine has not started. */
export const selectIsAwaitingInput = (s: StatechartSimulationSnapshot): boolean => s.matches('idle');
export const selectIsReplaying = (s: StatechartSimulationSnapshot): boolean => s.matches('replaying');
/** The simulated machine's input (JSON), null for none. */
export const selectSimulationInput = (s: StatechartSimulationSnapshot): unknown => s.context.input;
/** The events applied so far, oldest first (the history). */
export const selectAppliedEvents = (s: StatechartSimulationSnapshot): readonly JsonEvent[] =>
  s.context.events;
export const selectReplay = (s: StatechartSimulationSnapshot): SimulationReplay | null => s.context.replay;
/** The replay's position: how many of its steps are taken. */
export const selectReplayIndex = (s: StatechartSimulationSnapshot): number => s.context.events.length;
export const selectCanStepBack = (s: StatechartSimulationSnapshot): boolean =>
  s.can({ type: 'simulation.steppedBack' });
export const selectCanReplayNext = (s: StatechartSimulationSnapshot): boolean =>
  s.can({ type: 'simulation.replayStepped' });
/** "Change input": only a machine that needs one has an input to change. */
export const selectCanReopenInput = (s: StatechartSimulationSnapshot): boolean =>
  s.context.needsInput && s.can({ type: 'simulation.inputReopened' });

/**
 * The simulated machine's snapshot, derived: `machine` (the catalog entry for `context.name`) from its
 * input through the applied events. Memoised, so the same history answers the same object.
 */
export const selectSimulation = (
  s: StatechartSimulationSnapshot,
  machine: AnyStateMachine,
): SimulationResult => simulate(machine, s.context.input, s.context.events);
