import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { type AppActor, createAppActor } from '../../src/machines/app.actor';
import { appMachine } from '../../src/machines/app.machine';
import { type CartArea, cartArea } from '../../src/machines/cart-area';
import { sessionMachine } from '../../src/machines/session.machine';
import type { PortalApi } from '../../src/services/api';
import type { StoredCredentials } from '../../src/services/storage';
import { requireFullCoverage } from '../../src/test/coverage';
import { MemoryStorage } from '../../src/test/memoryStorage';
import { assertExecutorsFor, modelFor } from '../../src/test/modelFor';

const api = { signOut: () => undefined } as unknown as PortalApi;
// The traversal runs every path in one simulated system, where spawning `cart` twice collides on its
// systemId: walk the same chart with the spawn left out. The system under test spawns for real.
const traversedMachine = appMachine.provide({ actions: { startCartArea: () => undefined } });
const model = modelFor(traversedMachine, {
  input: { api },
  serializeState: (s) => JSON.stringify(s.value),
  events: [{ type: 'xstate.done.actor.loadCartArea', output: cartArea }],
});
// `catalogue.cleared` changes no state value (it only forwards resource.clear), so shortest
// paths never take it; the explicit path from events does.
const paths = [...model.getShortestPaths(), ...model.getPathsFromEvents([{ type: 'catalogue.cleared' }])];
requireFullCoverage('app', traversedMachine, paths);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A promise per call whose outcome the test decides. */
function controllablePromise<T>() {
  const pending: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  return {
    next: () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })),
    resolve: (value: T) => pending.shift()!.resolve(value),
    reject: (error: unknown) => pending.shift()!.reject(error),
    get waiting() {
      return pending.length;
    },
  };
}

function createSut() {
  const clearCatalogue = vi.fn();
  const cartArea = controllablePromise<CartArea>();
  const configuration = vi.fn(() => new Promise<never>(() => undefined));
  const sutApi = { ...api, configuration, languages: vi.fn() } as unknown as PortalApi;
  const machine = appMachine.provide({
    actions: { clearCatalogue },
    actors: {
      loadCartArea: fromPromise(() => cartArea.next()),
      session: sessionMachine.provide({
        actors: { readStoredCredentials: fromPromise<StoredCredentials | null>(async () => null) },
      }),
    },
  });
  return {
    actor: createAppActor({ api: sutApi }, { machine }),
    clearCatalogue,
    configuration,
    cartArea,
    clearedSent: 0,
  };
}
let sut: ReturnType<typeof createSut>;

const executors = {
  'catalogue.cleared': () => {
    sut.actor.send({ type: 'catalogue.cleared' });
    sut.clearedSent += 1;
  },
  'xstate.done.actor.loadCartArea': async () => {
    sut.cartArea.resolve(cartArea);
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.error.actor.loadCartArea': async () => {
    sut.cartArea.reject(new Error('Failed to fetch dynamically imported module'));
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.after.cartAreaRetry.app.cartAreaUnavailable': () => vi.advanceTimersByTimeAsync(3000),
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
        loadingCartArea: () => {
          expect(sut.cartArea.waiting).toBe(1);
          // the login screen works meanwhile: only the cart is not there yet
          expect(sut.actor.getSnapshot().children.session).toBeDefined();
          expect((sut.actor.getSnapshot().children as { cart?: unknown }).cart).toBeUndefined();
        },
        cartAreaUnavailable: () => {
          expect(sut.cartArea.waiting).toBe(0);
          expect((sut.actor.getSnapshot().children as { cart?: unknown }).cart).toBeUndefined();
        },
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
          // the cart and orders, spawned once their code arrived, reachable by id and by systemId
          const loaded = sut.actor.getSnapshot().children as Record<string, unknown>;
          expect(loaded.cart).toBeDefined();
          expect(sut.actor.system.get('cart')).toBe(loaded.cart);
          expect(sut.actor.system.get('orders')).toBe(loaded.orders);
          expect(sut.clearCatalogue).toHaveBeenCalledTimes(sut.clearedSent);
        },
      },
    });
    sut.actor.stop();
  });
});
