import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { type AppActor, createAppActor } from '../../src/machines/app.actor';
import { appMachine } from '../../src/machines/app.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import type { PortalApi } from '../../src/services/api';
import type { StoredCredentials } from '../../src/services/storage';
import { requireFullCoverage } from '../../src/test/coverage';
import { MemoryStorage } from '../../src/test/memoryStorage';
import { assertExecutorsFor, modelFor } from '../../src/test/modelFor';

const api = { signOut: () => undefined } as unknown as PortalApi;
const model = modelFor(appMachine, { input: { api }, serializeState: (s) => JSON.stringify(s.value) });
// `catalogue.cleared` changes no state value (it only forwards resource.clear), so shortest
// paths never take it; the explicit path from events does.
const paths = [...model.getShortestPaths(), ...model.getPathsFromEvents([{ type: 'catalogue.cleared' }])];
requireFullCoverage('app', appMachine, paths);

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

function createSut() {
  const clearCatalogue = vi.fn();
  const configuration = vi.fn(() => new Promise<never>(() => undefined));
  const sutApi = { ...api, configuration, languages: vi.fn() } as unknown as PortalApi;
  const machine = appMachine.provide({
    actions: { clearCatalogue },
    actors: {
      session: sessionMachine.provide({
        actors: { readStoredCredentials: fromPromise<StoredCredentials | null>(async () => null) },
      }),
    },
  });
  return {
    actor: createAppActor({ api: sutApi }, { machine }),
    clearCatalogue,
    configuration,
    clearedSent: 0,
  };
}
let sut: ReturnType<typeof createSut>;

const executors = {
  'catalogue.cleared': () => {
    sut.actor.send({ type: 'catalogue.cleared' });
    sut.clearedSent += 1;
  },
};
assertExecutorsFor(paths, executors);

const childValues = (actor: AppActor) =>
  Object.fromEntries(
    Object.entries(actor.getSnapshot().children).map(([id, child]) => [
      id,
      (child?.getSnapshot() as { value?: unknown } | undefined)?.value,
    ]),
  );

describe('app machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        running: (s) => {
          expect(sut.actor.getSnapshot().value).toEqual(s.value);
          // the children the views reach, by id and by systemId
          for (const id of ['session', 'preferences', 'configuration', 'languages'] as const) {
            expect(sut.actor.system.get(id)).toBe(sut.actor.getSnapshot().children[id]);
          }
          expect(childValues(sut.actor)).toMatchObject({
            configuration: 'loading', // public and needed by the login screen: loaded at start
            languages: 'new', // loaded on demand
            preferences: { theme: 'light', sidebar: 'expanded' },
          });
          expect(sut.configuration).toHaveBeenCalledOnce();
          expect(sut.clearCatalogue).toHaveBeenCalledTimes(sut.clearedSent);
        },
      },
    });
    sut.actor.stop();
  });
});
