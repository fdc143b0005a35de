import { describe, expect, it } from 'vitest';
import { searchMachine } from '../../src/machines/catalogue/search.machine';
import { checkoutMachine } from '../../src/machines/checkout/checkout.machine';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { statesOf } from '../../src/studio/chart-counts';
import { chartModel } from '../../src/studio/chart-model';
import { machineConfigJSON, toStatelyImport } from '../../src/studio/export';
import { machineCatalog } from '../../src/studio/machine-catalog';
import { playerMachine } from './chart-fixtures';

describe('chartModel', () => {
  it('has every state of every machine, and every transition as an edge or a listed one', () => {
    expect(machineCatalog.length).toBeGreaterThan(0);
    for (const { name, machine } of machineCatalog) {
      const graph = chartModel(machine);
      expect(
        graph.nodes.map((node) => node.id),
        name,
      ).toEqual(statesOf(machine).map((node) => node.id));
      const ids = new Set(graph.nodes.map((node) => node.id));
      // every edge joins drawn states (or leaves the "any state" box)
      const dangling = graph.edges.flatMap((edge) => [
        ...(ids.has(edge.source) || edge.source === graph.anyState?.id
          ? []
          : [`${edge.id} from ${edge.source}`]),
        ...edge.targets.filter((target) => !ids.has(target)).map((target) => `${edge.id} → ${target}`),
      ]);
      expect(dangling, name).toEqual([]);
    }
  });

  it('draws checkout: kinds, initial state, invokes, guards, done and error edges, the machine-level transitions', () => {
    const graph = chartModel(checkoutMachine);
    expect(graph.initialId).toBe('checkout.form');
    const submitting = graph.nodes.find((node) => node.id === 'checkout.submitting');
    expect(submitting?.invokes).toEqual([{ id: 'placeOrder', src: 'placeOrder' }]);
    const labels = graph.edges.map(
      (edge) => `${edge.source} -> ${edge.targets.join(',')} : ${edge.label.text}`,
    );
    expect(labels).toContain(
      'checkout.form -> checkout.previewing : checkout.submitted [!linesInvalid && hasItems]',
    );
    expect(labels).toContain('checkout.submitting -> checkout.succeeded : done placeOrder');
    expect(labels).toContain('checkout.submitting -> checkout.submitFailed : error placeOrder');
    const kinds = new Set(graph.edges.map((edge) => edge.label.kind));
    expect(kinds).toEqual(new Set(['event', 'after', 'always', 'done', 'error']));
    // the machine's own invokes (for its whole life), the slow answer inside submitting, the wait for saves
    expect(graph.invokes).toEqual([
      { id: 'draftStore', src: 'draftStore' },
      { id: 'deliveryCalendar', src: 'deliveryCalendar' },
      { id: 'deliveryAddresses', src: 'deliveryAddresses' },
      { id: 'cutoffCountdown', src: 'cutoffCountdown' },
    ]);
    expect(labels).toContain(
      'checkout.submitting.waiting -> checkout.submitting.slow : after slowAnswer (10000ms)',
    );
    expect(
      graph.edges
        .filter((edge) => edge.label.kind === 'always')
        .map((edge) => `${edge.source} -> ${edge.targets.join(',')}`),
    ).toEqual([
      'checkout.waitingForSaves -> checkout.previewing',
      'checkout.waitingForSaves -> checkout.form',
    ]);
    // the machine's own `on`: an edge from the "from any state" box, a targetless one listed in it
    expect(graph.anyState?.id).toBe('checkout.(any)');
    expect(labels).toContain('checkout.(any) -> checkout.form : checkout.reset');
    expect(graph.anyState?.internal.map((label) => label.text)).toEqual([
      'checkout.calendarLoaded',
      'checkout.calendarFailed',
      'checkout.addressesNeeded',
      'checkout.addressesLoaded',
      'checkout.addressesFailed',
      'checkout.itemsChanged',
      'checkout.savesChanged',
      'checkout.linesInvalidChanged',
    ]);
    // targetless transitions of a state are listed in it
    const form = graph.nodes.find((node) => node.id === 'checkout.form');
    expect(form?.internal.map((label) => label.text)).toContain('checkout.dateChanged');
  });

  it('nests session: compound states with their children and initial child, named delays', () => {
    const graph = chartModel(sessionMachine);
    const restoring = graph.nodes.find((node) => node.id === 'session.restoring');
    expect(restoring?.kind).toBe('compound');
    expect(restoring?.children).toEqual([
      'session.restoring.readingCredentials',
      'session.restoring.refreshing',
    ]);
    expect(restoring?.initialId).toBe('session.restoring.readingCredentials');
    const child = graph.nodes.find((node) => node.id === 'session.restoring.refreshing');
    expect(child?.parentId).toBe('session.restoring');
    const after = graph.edges.filter((edge) => edge.label.kind === 'after').map((edge) => edge.label);
    expect(after.map((label) => label.delay?.name).sort()).toEqual([
      'accessTokenExpiry',
      'revokeTimeout',
      'serverRetry',
      'slowAnswer',
      'slowAnswer',
    ]);
    // a delay computed from context has no fixed time; a fixed one is shown
    expect(after.find((label) => label.delay?.name === 'accessTokenExpiry')?.text).toBe(
      'after accessTokenExpiry',
    );
  });

  it('shows a named delay with its time when it is fixed (search debounce)', () => {
    const graph = chartModel(searchMachine);
    const after = graph.edges.find((edge) => edge.label.kind === 'after');
    expect(after?.label.delay).toEqual({ name: 'searchDebounce', ms: 250 });
    expect(after?.label.text).toBe('after searchDebounce (250ms)');
  });

  it('draws parallel regions, history, final states, onDone, always, two targets and spawned actors', () => {
    const graph = chartModel(playerMachine, {
      'player.on.playback.playing': ['visualiser'],
      player: ['clock'],
    });
    const byId = new Map(graph.nodes.map((node) => [node.id, node]));
    expect(byId.get('player.on')?.kind).toBe('parallel');
    expect(byId.get('player.on')?.initialId).toBeUndefined();
    expect(byId.get('player.on.playback.hist')).toMatchObject({ kind: 'history', history: 'shallow' });
    expect(byId.get('player.on.volume.deepHist')).toMatchObject({ kind: 'history', history: 'deep' });
    expect(byId.get('player.on.playback.stopped')?.kind).toBe('final');
    expect(byId.get('player.on.playback.playing')?.spawns).toEqual(['visualiser']);
    expect(byId.get('player.on.playback.playing')?.internal.map((label) => label.text)).toEqual(['mute']);
    expect(graph.spawns).toEqual(['clock']);
    const text = (source: string) =>
      graph.edges.filter((edge) => edge.source === source).map((edge) => edge.label);
    expect(text('player.on').map((label) => [label.kind, label.text])).toEqual(
      expect.arrayContaining([
        ['onDone', 'onDone'],
        ['event', 'eject'],
      ]),
    );
    expect(graph.edges.find((edge) => edge.label.text === 'eject')?.targets).toEqual([
      'player.on.playback.paused',
      'player.on.volume.loud',
    ]);
    expect(text('player.on.volume.loud').map((label) => label.text)).toContain('always [hasTrack]');
    expect(text('player.on.playback.paused').map((label) => label.text)).toEqual(
      expect.arrayContaining(['play [hasTrack]', 'after idleTimeout (250ms)']),
    );
    expect(text('player.finished').map((label) => label.text)).toEqual(['after 1000ms']);
    expect(graph.anyState?.internal.map((label) => label.text)).toEqual(['eject']);
  });
});

describe('Stately export', () => {
  it('keeps named guards and actions that JSON.stringify would drop, and is a createMachine module', () => {
    const json = JSON.parse(machineConfigJSON(checkoutMachine));
    expect(json.id).toBe('checkout');
    expect(json.states.form.on['checkout.submitted']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          guard: { type: 'and', guards: [{ type: 'not', guards: ['linesInvalid'] }, 'hasItems'] },
          target: 'previewing',
        }),
      ]),
    );
    // a combined guard keeps the guards it combines: and([...]) and not(...)
    expect(json.states.form.on['checkout.submitted']).toContainEqual({
      guard: { type: 'and', guards: [{ type: 'not', guards: ['linesInvalid'] }, 'hasItems', 'savesPending'] },
      target: 'waitingForSaves',
    });
    expect(json.states.waitingForSaves.always.map((t: { guard: unknown }) => t.guard)).toEqual([
      {
        type: 'and',
        guards: [
          { type: 'not', guards: ['savesPending'] },
          'hasItems',
          { type: 'not', guards: ['linesInvalid'] },
        ],
      },
      { type: 'not', guards: ['savesPending'] },
    ]);
    expect(toStatelyImport(checkoutMachine)).toMatch(
      /^import \{ createMachine \} from 'xstate';\n\nexport const machine = createMachine\(\{/,
    );
  });
});
