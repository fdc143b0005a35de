import { assign, setup } from 'xstate';
import type { JsonEvent } from '../../studio/event-json';

/**
 * The studio's simulator: which machine, with which input, after which events. The
 * simulated machine's snapshot is never kept here: it is derived from this plain data by replaying
 * the events (src/studio/simulation.ts, memoised), so going back a step is dropping the last event
 * and a replayed path is the report's events, taken one at a time.
 */
export interface SimulationReplay {
  /** the report path's id (`checkout-4`) */
  pathId: string;
  /** its events in order; the replay stands at step `events.length` */
  steps: JsonEvent[];
}

export interface StatechartSimulationContext {
  /** the catalog name (`checkout`) */
  name: string;
  /** the machine cannot start without an input (its context reads one) */
  needsInput: boolean;
  /** the simulated machine's input (JSON), null for none */
  input: unknown;
  /** the events applied so far, oldest first (JSON, errors as `$apiError`) */
  events: JsonEvent[];
  replay: SimulationReplay | null;
}

export interface StatechartSimulationInput {
  name: string;
  needsInput: boolean;
}

export type StatechartSimulationEvent =
  /** start with this input (a machine that needs one) */
  | { type: 'simulation.started'; input: unknown }
  /** an event for the simulated machine: one of its own, a stand-in's done or error, a delay */
  | { type: 'simulation.eventSent'; event: JsonEvent }
  | { type: 'simulation.steppedBack' }
  /** back to the initial state with the same input (a replay stays at its first step) */
  | { type: 'simulation.restarted' }
  /** back to the input editor (a machine that needs no input starts again at once) */
  | { type: 'simulation.inputReopened' }
  /** replay a path of the report, from its first step, with the report's input */
  | { type: 'simulation.pathChosen'; pathId: string; steps: JsonEvent[]; input: unknown }
  | { type: 'simulation.replayStepped' }
  | { type: 'simulation.replayLeft' };

export const statechartSimulationMachine = setup({
  types: {
    context: {} as StatechartSimulationContext,
    events: {} as StatechartSimulationEvent,
    input: {} as StatechartSimulationInput,
  },
  guards: {
    startsWithoutInput: ({ context }) => !context.needsInput,
    hasEvents: ({ context }) => context.events.length > 0,
    replayHasNextStep: ({ context }) =>
      context.replay !== null && context.events.length < context.replay.steps.length,
  },
  actions: {
    takeInput: assign((_, params: { input: unknown }) => ({ input: params.input ?? null, events: [] })),
    appendEvent: assign(({ context }, params: { event: JsonEvent }) => ({
      events: [...context.events, params.event],
    })),
    dropLastEvent: assign(({ context }) => ({ events: context.events.slice(0, -1) })),
    clearEvents: assign({ events: () => [] }),
    loadPath: assign((_, params: { pathId: string; steps: JsonEvent[]; input: unknown }) => ({
      replay: { pathId: params.pathId, steps: params.steps },
      input: params.input ?? null,
      events: [],
    })),
    takeNextStep: assign(({ context }) => ({
      events: context.replay ? context.replay.steps.slice(0, context.events.length + 1) : context.events,
    })),
    dropReplay: assign({ replay: null }),
  },
}).createMachine({
  id: 'statechartSimulation',
  context: ({ input }) => ({
    name: input.name,
    needsInput: input.needsInput,
    input: null,
    events: [],
    replay: null,
  }),
  initial: 'idle',
  on: {
    'simulation.pathChosen': {
      target: '.replaying',
      actions: {
        type: 'loadPath',
        params: ({ event }) => ({ pathId: event.pathId, steps: event.steps, input: event.input }),
      },
    },
  },
  states: {
    /** the input editor: the machine has not started */
    idle: {
      always: { guard: 'startsWithoutInput', target: 'running' },
      on: {
        'simulation.started': {
          target: 'running',
          actions: { type: 'takeInput', params: ({ event }) => ({ input: event.input }) },
        },
      },
    },
    /** free play: any accepted event, back, restart */
    running: {
      on: {
        'simulation.eventSent': {
          actions: { type: 'appendEvent', params: ({ event }) => ({ event: event.event }) },
        },
        'simulation.steppedBack': { guard: 'hasEvents', actions: 'dropLastEvent' },
        'simulation.restarted': { actions: 'clearEvents' },
        'simulation.inputReopened': { target: 'idle', actions: 'clearEvents' },
      },
    },
    /** a report path step by step; an event of one's own leaves the path where it stands */
    replaying: {
      on: {
        'simulation.replayStepped': { guard: 'replayHasNextStep', actions: 'takeNextStep' },
        'simulation.steppedBack': { guard: 'hasEvents', actions: 'dropLastEvent' },
        'simulation.restarted': { actions: 'clearEvents' },
        'simulation.eventSent': {
          target: 'running',
          actions: ['dropReplay', { type: 'appendEvent', params: ({ event }) => ({ event: event.event }) }],
        },
        'simulation.replayLeft': { target: 'running', actions: 'dropReplay' },
        'simulation.inputReopened': { target: 'idle', actions: ['dropReplay', 'clearEvents'] },
      },
    },
  },
});
