import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { chartModel } from '../../src/studio/chart-model';
import { diffFlows, isUnchanged, type NoteTexts, unionGraph } from '../../src/studio/flow-diff';
import { flowGraph } from '../../src/studio/flow-version';
import { machineCatalog } from '../../src/studio/machine-catalog';

// Notes read back as their key and values, so a test sees which text a mark would show.
const texts: NoteTexts = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const older = createMachine({
  id: 'order',
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: [{ target: 'sending', guard: 'hasItems' }],
        cancel: 'cancelled',
        note: { actions: 'keepNote' },
      },
    },
    sending: {
      invoke: { id: 'send', src: 'send', onDone: 'done', onError: 'editing' },
    },
    cancelled: { type: 'final' },
    done: { type: 'final' },
  },
});

const graphOf = (config: Parameters<typeof createMachine>[0]) => chartModel(createMachine(config));

describe('diffFlows', () => {
  it('finds nothing between a chart and itself', () => {
    const diff = diffFlows(chartModel(older), chartModel(older));
    expect(isUnchanged(diff)).toBe(true);
  });

  it('finds nothing between a machine and its stored snapshot, whose keys are sorted', () => {
    // as scripts/flows.ts writes docs/flows/versions/<machine>.json
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
            )
          : value;
    for (const { name, machine } of machineCatalog) {
      const stored = JSON.parse(JSON.stringify(sorted(flowGraph(chartModel(machine)))));
      expect(diffFlows(stored, chartModel(machine)), name).toEqual({
        states: [],
        transitions: [],
        machine: [],
      });
    }
  });

  it('calls a transition whose delay changed changed', () => {
    const waiting = (ms: number) =>
      chartModel(
        createMachine(
          { id: 'm', initial: 'a', states: { a: { after: { settle: 'b' } }, b: {} } },
          { delays: { settle: ms } },
        ),
      );
    const diff = diffFlows(waiting(300), waiting(500));
    expect(diff.transitions.map((change) => [change.change, change.aspects])).toEqual([
      ['changed', ['delay']],
    ]);
  });

  it('names added and removed states and the transitions into them', () => {
    const newer = graphOf({
      id: 'order',
      initial: 'editing',
      states: {
        editing: {
          on: { submit: [{ target: 'sending', guard: 'hasItems' }], note: { actions: 'keepNote' } },
        },
        sending: { invoke: { id: 'send', src: 'send', onDone: 'done', onError: 'editing' } },
        done: { type: 'final' },
        archived: { type: 'final' },
      },
      on: { archive: '.archived' },
    });
    const diff = diffFlows(chartModel(older), newer);
    expect(diff.states.map((change) => [change.id, change.change])).toEqual([
      ['order.archived', 'added'],
      ['order.cancelled', 'removed'],
    ]);
    expect(
      diff.transitions.map((change) => [
        change.change,
        change.before?.label.eventType ?? change.after?.label.eventType,
      ]),
    ).toEqual([
      ['added', 'archive'],
      ['removed', 'cancel'],
    ]);
  });

  it('calls a transition whose guard changed changed, not removed and added', () => {
    const newer = graphOf({
      id: 'order',
      initial: 'editing',
      states: {
        editing: {
          on: {
            submit: [{ target: 'sending', guard: 'hasItemsAndAddress' }],
            cancel: 'cancelled',
            note: { actions: 'keepNote' },
          },
        },
        sending: { invoke: { id: 'send', src: 'send', onDone: 'done', onError: 'editing' } },
        cancelled: { type: 'final' },
        done: { type: 'final' },
      },
    });
    const diff = diffFlows(chartModel(older), newer);
    expect(diff.states).toEqual([]);
    expect(diff.transitions).toHaveLength(1);
    expect(diff.transitions[0]).toMatchObject({
      change: 'changed',
      aspects: ['guard'],
      before: { label: { guard: 'hasItems' } },
      after: { label: { guard: 'hasItemsAndAddress' } },
    });
  });

  it('tells a state whose kind, initial child, invokes or listed transitions changed', () => {
    const before = graphOf({
      id: 'm',
      initial: 'a',
      states: {
        a: { initial: 'x', states: { x: {}, y: {} }, invoke: { id: 'load', src: 'load' } },
        b: { on: { ping: { actions: 'log' } } },
        c: {},
      },
    });
    const after = graphOf({
      id: 'm',
      initial: 'a',
      states: {
        a: { initial: 'y', states: { x: {}, y: {} }, invoke: { id: 'load', src: 'loadAll' } },
        b: { on: { pong: { actions: 'log' } } },
        c: { type: 'final' },
      },
    });
    const diff = diffFlows(before, after);
    expect(diff.states.map((change) => [change.id, change.change, change.aspects])).toEqual([
      ['m.a', 'changed', ['initial', 'invokes']],
      ['m.b', 'changed', ['internal']],
      ['m.c', 'changed', ['kind']],
    ]);
    expect(diff.transitions).toEqual([]);
  });

  it('tells a new initial state of the machine itself', () => {
    const before = graphOf({ id: 'm', initial: 'a', states: { a: {}, b: {} } });
    const after = graphOf({ id: 'm', initial: 'b', states: { a: {}, b: {} } });
    expect(diffFlows(before, after).machine).toEqual(['initial']);
  });
});

describe('unionGraph', () => {
  it('draws the newer chart with the removed states and transitions back, each marked with its note', () => {
    const newer = graphOf({
      id: 'order',
      initial: 'editing',
      states: {
        editing: {
          on: { submit: [{ target: 'sending', guard: 'canSubmit' }], note: { actions: 'keepNote' } },
        },
        sending: { invoke: { id: 'send', src: 'send', onDone: 'done', onError: 'editing' } },
        done: { type: 'final' },
        archived: { type: 'final' },
      },
      on: { archive: '.archived' },
    });
    const { graph, decorations } = unionGraph(chartModel(older), newer, texts);
    expect(graph.nodes.map((node) => node.id)).toEqual([
      'order.editing',
      'order.sending',
      'order.done',
      'order.archived',
      'order.cancelled',
    ]);
    expect(decorations.states).toEqual({
      'order.archived': { tone: 'added', note: 'versions.mark.added' },
      'order.cancelled': { tone: 'removed', note: 'versions.mark.removed' },
    });
    const edge = (id: string) => graph.edges.find((each) => each.id === id);
    // the removed `cancel` gets an id after the editing state's own edges, so every id stays unique
    expect(new Set(graph.edges.map((each) => each.id)).size).toBe(graph.edges.length);
    const marked = Object.entries(decorations.transitions ?? {}).map(([id, mark]) => [
      edge(id)?.label.eventType,
      mark,
    ]);
    expect(marked).toEqual([
      [
        'submit',
        { tone: 'changed', note: 'versions.aspect.guard {"before":"hasItems","after":"canSubmit"}' },
      ],
      ['archive', { tone: 'added', note: 'versions.mark.added' }],
      ['cancel', { tone: 'removed', note: 'versions.mark.removed' }],
    ]);
    expect(graph.anyState?.id).toBe('order.(any)');
  });

  it('puts a removed child back under its parent, which becomes a container to hold it', () => {
    const before = graphOf({ id: 'm', initial: 'a', states: { a: { initial: 'x', states: { x: {} } } } });
    const after = graphOf({ id: 'm', initial: 'a', states: { a: {} } });
    const { graph, decorations } = unionGraph(before, after, texts);
    const parent = graph.nodes.find((node) => node.id === 'm.a');
    expect(parent).toMatchObject({ kind: 'compound', children: ['m.a.x'] });
    expect(graph.nodes.find((node) => node.id === 'm.a.x')).toMatchObject({ parentId: 'm.a' });
    expect(decorations.states?.['m.a.x']?.tone).toBe('removed');
    expect(decorations.states?.['m.a']).toEqual({
      tone: 'changed',
      note: 'versions.aspect.kind; versions.aspect.initial {"before":"x","after":"—"}',
    });
  });
});
