import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback } from 'xstate';
import { bindPreferences, preferencesMachine } from '../../../src/machines/app/preferences.machine';
import { selectSidebar, selectTheme } from '../../../src/machines/app/preferences.selectors';
import { SIDEBAR_KEY, THEME_KEY } from '../../../src/services/preferences';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const boundMachine = bindPreferences(testPorts());

const model = modelFor(preferencesMachine, {
  events: [
    { type: 'preferences.restored', theme: 'dark', sidebar: 'collapsed' },
    { type: 'preferences.restored', theme: 'light', sidebar: 'expanded' },
  ],
  serializeState: (s) => JSON.stringify(s.value),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('preferences', preferencesMachine, paths);

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

/** Real persistence (on a stubbed localStorage); the restore at start is driven by the path instead. */
function createSut() {
  const machine = boundMachine.provide({
    actors: { restorePreferences: fromCallback(() => undefined) },
  });
  return { actor: createActor(machine).start(), lastChange: { theme: 'none', sidebar: 'none' } };
}
let sut: ReturnType<typeof createSut>;

const executors = {
  'preferences.themeToggled': () => {
    sut.actor.send({ type: 'preferences.themeToggled' });
    sut.lastChange.theme = 'toggle';
  },
  'preferences.sidebarToggled': () => {
    sut.actor.send({ type: 'preferences.sidebarToggled' });
    sut.lastChange.sidebar = 'toggle';
  },
  'preferences.restored': (step: { event: { type: string } }) => {
    sut.actor.send(step.event as never);
  },
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);
/** A toggle is remembered; a restore only reads. */
const persisted = (key: string, region: 'theme' | 'sidebar', value: string) =>
  expect(storage.getItem(key)).toBe(sut.lastChange[region] === 'toggle' ? value : null);

describe('preferences machine (model-based)', () => {
  it.each(walked.map((p) => [p.description.replace(/\(\{.*?\}\)/g, ''), p] as const))(
    '%s',
    async (_name, path) => {
      sut = createSut();
      await path.test({
        events: executors,
        states: {
          'theme.light': (s) => {
            sameAsModel(s);
            expect(selectTheme(sut.actor.getSnapshot())).toBe('light');
            persisted(THEME_KEY, 'theme', 'light');
          },
          'theme.dark': (s) => {
            sameAsModel(s);
            expect(selectTheme(sut.actor.getSnapshot())).toBe('dark');
            persisted(THEME_KEY, 'theme', 'dark');
          },
          'sidebar.expanded': (s) => {
            sameAsModel(s);
            expect(selectSidebar(sut.actor.getSnapshot())).toBe('expanded');
            persisted(SIDEBAR_KEY, 'sidebar', 'expanded');
          },
          'sidebar.collapsed': (s) => {
            sameAsModel(s);
            expect(selectSidebar(sut.actor.getSnapshot())).toBe('collapsed');
            persisted(SIDEBAR_KEY, 'sidebar', 'collapsed');
          },
        },
      });
      sut.actor.stop();
    },
  );
});

describe('preferences machine (unit)', () => {
  it('defaults to light and expanded when nothing is stored', () => {
    const actor = createActor(boundMachine).start();
    expect(actor.getSnapshot().value).toEqual({ theme: 'light', sidebar: 'expanded' });
    actor.stop();
  });

  it('starts with the stored theme and sidebar, already on the first snapshot after start()', () => {
    storage.setItem(THEME_KEY, 'dark');
    storage.setItem(SIDEBAR_KEY, 'collapsed');
    const actor = createActor(boundMachine).start();
    expect(actor.getSnapshot().value).toEqual({ theme: 'dark', sidebar: 'collapsed' });
    actor.stop();
  });

  it('calls the provided persistence actions, so tests and other stores can replace localStorage', () => {
    const persistTheme = vi.fn();
    const persistSidebar = vi.fn();
    const actor = createActor(
      boundMachine.provide({
        actions: {
          persistTheme: (_, params) => persistTheme(params),
          persistSidebar: (_, params) => persistSidebar(params),
        },
      }),
    ).start();
    actor.send({ type: 'preferences.themeToggled' });
    actor.send({ type: 'preferences.themeToggled' });
    actor.send({ type: 'preferences.sidebarToggled' });
    expect(persistTheme.mock.calls).toEqual([[{ theme: 'dark' }], [{ theme: 'light' }]]);
    expect(persistSidebar.mock.calls).toEqual([[{ sidebar: 'collapsed' }]]);
    expect(storage.length).toBe(0);
    actor.stop();
  });

  it('unbound, the chart reads and writes nothing', () => {
    storage.setItem(THEME_KEY, 'dark');
    const actor = createActor(preferencesMachine).start();
    actor.send({ type: 'preferences.sidebarToggled' });
    expect(actor.getSnapshot().value).toEqual({ theme: 'light', sidebar: 'collapsed' });
    expect(storage.getItem(SIDEBAR_KEY)).toBeNull();
    actor.stop();
  });
});
