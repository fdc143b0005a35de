import { describe, expect, it } from 'vitest';
import { and, assign, not, setup } from 'xstate';
import { chartModel } from '../../src/studio/chart-model';
import { coverageDecorations, coverageSummary, hotKeys, modelCoverage } from '../../src/studio/coverage';
import { edgeIdsByKey, renameKey, takenTransition } from '../../src/studio/coverage-keys';
import { transitionKey } from '../../src/studio/flow-version';
import type { PathsReport, ReportPath } from '../../src/studio/paths-report';

/** A small flow with a guard, a combined guard, an always, the machine's own `on` and two failures. */
const orderMachine = setup({
  types: {
    context: {} as { items: number },
    events: {} as
      | { type: 'add' }
      | { type: 'submit' }
      | { type: 'refuse' }
      | { type: 'break' }
      | { type: 'reset' }
      | { type: 'note' },
  },
  guards: { hasItems: ({ context }) => context.items > 0, isLocked: () => false },
}).createMachine({
  id: 'order',
  context: { items: 0 },
  initial: 'editing',
  on: { reset: '.editing' },
  states: {
    editing: {
      on: {
        add: { actions: assign({ items: ({ context }) => context.items + 1 }) },
        submit: { target: 'checking', guard: and(['hasItems', not('isLocked')]) },
        note: { actions: () => undefined },
      },
    },
    checking: { always: { target: 'sending' } },
    sending: { on: { refuse: 'refused', break: 'sendFailed' } },
    refused: {},
    sendFailed: {},
  },
});

const graph = chartModel(orderMachine);
const keyOf = (edgeId: string) => transitionKey(graph.edges.find((edge) => edge.id === edgeId)!);

const path = (id: string, events: string[], executed = true): ReportPath => ({
  id,
  kind: 'state',
  target: '',
  serves: [],
  executed,
  steps: events.map((type) => ({ event: { type }, words: '', state: null, stateIds: [], screen: '' })),
});

const report = (paths: ReportPath[]): PathsReport => ({
  machine: 'order',
  input: null,
  states: 5,
  transitions: graph.edges.length,
  failureStates: [],
  initial: { state: 'editing', stateIds: ['order.editing'], screen: '' },
  spawned: {},
  paths,
});

describe('takenTransition and the chart keys', () => {
  it('gives a taken transition the key of the edge the chart draws for it', () => {
    const submit = orderMachine.root.states.editing!.transitions.get('submit')![0]!;
    expect(takenTransition(submit)).toEqual({
      machine: 'order',
      source: 'order.editing',
      event: 'submit',
      targets: ['order.checking'],
      key: keyOf('order.editing:0'),
    });
    const reset = orderMachine.root.transitions.get('reset')![0]!;
    expect(takenTransition(reset)?.key).toBe(keyOf('order.(any):0'));
    expect(takenTransition(orderMachine.root.states.editing!.transitions.get('add')![0]!)).toBeNull();
  });

  it('maps every key of the chart to its edge', () => {
    const byKey = edgeIdsByKey(graph);
    expect(byKey.size).toBe(graph.edges.length);
    expect(byKey.get(keyOf('order.sending:1'))).toEqual(['order.sending:1']);
  });

  it("renames a resource instance's key onto the generic chart, not the event", () => {
    expect(
      renameKey('orders.loading --xstate.done.actor.load--> orders.resolved', 'orders', 'resource'),
    ).toBe('resource.loading --xstate.done.actor.load--> resource.resolved');
    expect(renameKey('orders.x --orders.reload--> ordersList.y', 'orders', 'resource')).toBe(
      'resource.x --orders.reload--> ordersList.y',
    );
  });
});

describe('modelCoverage', () => {
  it('takes the transitions of the executed paths, eventless ones included, and not the others', () => {
    const keys = modelCoverage(
      orderMachine,
      report([
        path('order-1', ['add', 'submit', 'refuse']),
        path('order-2', ['add', 'submit', 'break'], false),
      ]),
    );
    expect([...keys].sort()).toEqual(
      [keyOf('order.editing:0'), keyOf('order.checking:0'), keyOf('order.sending:0')].sort(),
    );
  });

  it('counts a refused event as no transition, and a step after the machine stopped as none', () => {
    const keys = modelCoverage(orderMachine, report([path('order-1', ['submit', 'reset'])]));
    expect([...keys]).toEqual([keyOf('order.(any):0')]);
  });
});

describe('coverageDecorations', () => {
  const texts = {
    customers: (count: number) => `${count}× by customers`,
    journeys: (count: number) => `in ${count} journeys`,
  };
  const model = new Set(graph.edges.map(transitionKey));

  it('marks what no journey takes untested and the rest covered, noting the journeys', () => {
    const journeys = { [keyOf('order.editing:0')]: 4, [keyOf('order.checking:0')]: 4 };
    const { transitions } = coverageDecorations({ graph, model, journeys }, texts);
    expect(transitions?.['order.editing:0']).toEqual({ tone: 'covered', note: 'in 4 journeys' });
    expect(transitions?.['order.sending:1']).toEqual({ tone: 'untested', note: 'in 0 journeys' });
    expect(Object.keys(transitions ?? {}).sort()).toEqual(graph.edges.map((edge) => edge.id).sort());
  });

  it('without a journey run, marks what the model tests take covered and the rest untested', () => {
    const { transitions } = coverageDecorations({ graph, model: new Set([keyOf('order.editing:0')]) }, texts);
    expect(transitions?.['order.editing:0']).toEqual({ tone: 'covered' });
    expect(transitions?.['order.sending:0']).toEqual({ tone: 'untested' });
  });

  it("draws hot the failure transitions customers entered most, and notes the customers' counts", () => {
    const usage = {
      [keyOf('order.sending:0')]: 40,
      [keyOf('order.sending:1')]: 3,
      [keyOf('order.editing:0')]: 900,
    };
    const { transitions } = coverageDecorations({ graph, model, journeys: {}, usage }, texts);
    expect(transitions?.['order.sending:0']).toEqual({ tone: 'hot', note: '40× by customers' });
    expect(transitions?.['order.sending:1']).toEqual({ tone: 'hot', note: '3× by customers' });
    // the most used transition enters no failure: untested by the journeys, not hot
    expect(transitions?.['order.editing:0']).toEqual({ tone: 'untested', note: '900× by customers' });
    // nobody took it: no "0×" note crowding the chart
    expect(transitions?.['order.checking:0']).toEqual({ tone: 'untested' });
  });

  it('keeps hot to the three failure transitions entered most, none that nobody entered', () => {
    expect(hotKeys(graph, { [keyOf('order.sending:1')]: 0 }).size).toBe(0);
    expect(hotKeys(graph, undefined).size).toBe(0);
  });
});

describe('coverageSummary', () => {
  it("counts the chart's transitions taken by the model tests and journeys, and customers' total", () => {
    const summary = coverageSummary({
      graph,
      model: new Set([keyOf('order.editing:0'), 'a key of an older version']),
      journeys: { [keyOf('order.editing:0')]: 2, [keyOf('order.sending:0')]: 0 },
      usage: { [keyOf('order.editing:0')]: 5, [keyOf('order.sending:1')]: 2 },
    });
    expect(summary).toEqual({ total: graph.edges.length, model: 1, journeys: 1, customers: 7 });
    expect(coverageSummary({ graph })).toEqual({
      total: graph.edges.length,
      model: null,
      journeys: null,
      customers: null,
    });
  });
});
