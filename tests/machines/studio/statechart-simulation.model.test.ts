import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, createMachine, initialTransition, transition } from 'xstate';
import {
  type StatechartSimulationInput,
  statechartSimulationMachine,
} from '../../../src/machines/studio/statechart-simulation.machine';
import {
  selectAppliedEvents,
  selectCanReopenInput,
  selectCanReplayNext,
  selectCanStepBack,
  selectIsAwaitingInput,
  selectIsReplaying,
  selectReplay,
  selectReplayIndex,
  selectSimulation,
  selectSimulationInput,
} from '../../../src/machines/studio/statechart-simulation.selectors';
import { type ModelEvent, modelFor, modelRecordOf } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

/** The simulated machine: a light that counts its switches from an input. */
const light = createMachine({
  id: 'light',
  context: ({ input }: { input?: { switches: number } }) => ({ switches: input?.switches ?? 0 }),
  initial: 'off',
  states: {
    off: { on: { toggled: { target: 'on', actions: ({ context }) => void context } } },
    on: { on: { toggled: 'off' } },
  },
});
const steps = [{ type: 'toggled' }, { type: 'toggled' }];
const events: ModelEvent[] = [
  { type: 'simulation.started', input: { switches: 3 } },
  { type: 'simulation.eventSent', event: { type: 'toggled' } },
  { type: 'simulation.pathChosen', pathId: 'light-1', steps, input: { switches: 1 } },
];
// What the guards read: whether the simulated machine needs an input, whether any event is applied and
// whether the replay has a step left (the history capped at three events: the replays here have two).
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.needsInput,
    Math.min(s.context.events.length, 3),
    s.context.replay?.steps.length ?? null,
  ]);

/** A path of given events, as the coverage reads it: each step's state before its event. */
function walkOf(input: StatechartSimulationInput, events: ModelEvent[]) {
  let [state] = initialTransition(statechartSimulationMachine, input);
  const steps: Array<{ state: AnyMachineSnapshot; event: ModelEvent }> = [
    { state, event: { type: 'xstate.init' } },
  ];
  for (const event of events) {
    [state] = transition(statechartSimulationMachine, state, event as never);
    steps.push({ state, event });
  }
  return { steps, state };
}

const models = [true, false].map((needsInput) => {
  const input: StatechartSimulationInput = { name: 'light', needsInput };
  const model = modelFor(statechartSimulationMachine, { input, events, serializeState });
  // A restart or a step back lands on a key a shorter path already reached: walked explicitly, as the
  // model's paths (`getPathsFromEvents` takes neither the model's input nor its key: both given here)
  // and by hand below.
  const [started, sent, chosen] = events as [ModelEvent, ModelEvent, ModelEvent];
  const start = needsInput ? [started] : [];
  const sequences: ModelEvent[][] = [
    [...start, sent, { type: 'simulation.restarted' }],
    [...start, sent, sent, { type: 'simulation.steppedBack' }, { type: 'simulation.steppedBack' }],
    [chosen, { type: 'simulation.replayStepped' }, { type: 'simulation.steppedBack' }],
    [chosen, { type: 'simulation.replayStepped' }, { type: 'simulation.restarted' }],
  ];
  const fromStart = { fromState: initialTransition(statechartSimulationMachine, input)[0], serializeState };
  const paths = [
    ...model.getShortestPaths(),
    ...sequences.flatMap((sequence) => model.getPathsFromEvents(sequence, fromStart)),
  ];
  return { input, paths, walks: sequences.map((sequence) => walkOf(input, sequence)) };
});
const walked = pathsToWalk(
  'statechartSimulation',
  statechartSimulationMachine,
  models.flatMap((m) => m.paths),
);

describe('statechart simulation machine (model-based)', () => {
  for (const { input, walks } of models)
    it.each(walks.map((w) => [w.steps.map((step) => step.event.type).join(' → '), w] as const))(
      `${input.needsInput ? 'with' : 'without'} input, walked: %s`,
      (_name, walk) => {
        const actor = createActor(statechartSimulationMachine, { input }).start();
        const steps = walk.steps.slice(1);
        const reached = steps.map(({ event }) => {
          actor.send(event as never);
          const { value, context } = actor.getSnapshot();
          return { value, context };
        });
        expect(reached).toEqual(steps.map(({ state }) => ({ value: state.value, context: state.context })));
        // each walk ends back at the start: nothing applied, the light off
        expect(selectAppliedEvents(actor.getSnapshot())).toEqual([]);
        expect(selectSimulation(actor.getSnapshot(), light).snapshot.value).toBe('off');
        actor.stop();
      },
    );
  const inputOf = (path: object) => modelRecordOf(path)!.input as StatechartSimulationInput;
  it.each(
    walked.map((p) => [`${inputOf(p).needsInput ? 'with' : 'without'} input: ${p.description}`, p] as const),
  )('%s', async (_name, path) => {
    const input = inputOf(path);
    const actor = createActor(statechartSimulationMachine, { input }).start();
    const sameAsModel = (expected: AnyMachineSnapshot) => {
      const actual = actor.getSnapshot();
      // the key caps the history at three events: a longer one is the same graph node
      expect(serializeState(actual)).toBe(serializeState(expected));
      expect(selectIsAwaitingInput(actual)).toBe(actual.matches('idle'));
      expect(selectIsReplaying(actual)).toBe(actual.matches('replaying'));
      expect(selectCanStepBack(actual)).toBe(
        !actual.matches('idle') && selectAppliedEvents(actual).length > 0,
      );
      expect(selectCanReopenInput(actual)).toBe(!actual.matches('idle') && input.needsInput);
      const replay = selectReplay(actual);
      expect(selectCanReplayNext(actual)).toBe(
        actual.matches('replaying') && replay !== null && selectReplayIndex(actual) < replay.steps.length,
      );
      // the light's snapshot is derived from the input and the events, never kept
      const { snapshot, error } = selectSimulation(actual, light);
      expect(error).toBeNull();
      const on = selectAppliedEvents(actual).length % 2 === 1;
      expect(snapshot.value).toBe(on ? 'on' : 'off');
      const simulationInput = selectSimulationInput(actual) as { switches: number } | null;
      expect(snapshot.context.switches).toBe(simulationInput?.switches ?? 0);
    };
    await path.test({
      events: {
        'simulation.started': ({ event }) => actor.send(event as never),
        'simulation.eventSent': ({ event }) => actor.send(event as never),
        'simulation.steppedBack': ({ event }) => actor.send(event as never),
        'simulation.restarted': ({ event }) => actor.send(event as never),
        'simulation.inputReopened': ({ event }) => actor.send(event as never),
        'simulation.pathChosen': ({ event }) => actor.send(event as never),
        'simulation.replayStepped': ({ event }) => actor.send(event as never),
        'simulation.replayLeft': ({ event }) => actor.send(event as never),
      },
      states: {
        idle: sameAsModel,
        running: sameAsModel,
        replaying: (s) => {
          sameAsModel(s);
          // a replay applies its path's steps in order, up to where it stands
          const actual = actor.getSnapshot();
          expect(selectAppliedEvents(actual)).toEqual(steps.slice(0, selectReplayIndex(actual)));
        },
      },
    });
    actor.stop();
  });
});
