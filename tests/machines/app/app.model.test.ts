import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMachine, fromPromise } from 'xstate';
import { type AppActor, createAppActor } from '../../../src/machines/app/app.actor';
import { appMachine } from '../../../src/machines/app/app.machine';
import { selectNotificationsRef } from '../../../src/machines/app/app.selectors';
import type { CartArea } from '../../../src/machines/app/cart-area';
import { tabSyncMachine } from '../../../src/machines/app/tab-sync.machine';
import { bindAnnouncementReads } from '../../../src/machines/catalogue/announcement-reads.machine';
import { bindFavouriteLists } from '../../../src/machines/favourites/favourite-lists.machine';
import { bindNotificationReads } from '../../../src/machines/notifications/notification-reads.machine';
import { bindNotifications } from '../../../src/machines/notifications/notifications.machine';
import { bindOrdersResource } from '../../../src/machines/orders/orders.machine';
import { bindLanguageChange } from '../../../src/machines/settings/language-change.machine';
import type { PortalApi } from '../../../src/services/api';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const api = { signOut: () => undefined } as unknown as PortalApi;
// The app's chart only spawns the cart area's machines (the cart itself: cart-app.test.ts), so a
// stand-in cart runs here beside the real orders resource.
const cartArea = {
  cart: createMachine({ id: 'cart' }),
  orders: bindOrdersResource(testPorts(api)),
  notificationReads: bindNotificationReads(testPorts(api)),
  languageChange: bindLanguageChange(testPorts(api)),
  favouriteLists: bindFavouriteLists(testPorts(api)),
  announcementReads: bindAnnouncementReads(testPorts(api)),
  // unbound: no channel to other tabs here
  tabSync: tabSyncMachine,
} as unknown as CartArea;
// The traversal runs every path in one simulated system, where spawning `cart` twice collides on its
// systemId: walk the same chart with the spawn left out. The system under test spawns for real.
const traversedMachine = appMachine.provide({
  actions: {
    startCartArea: () => undefined,
    loadNotifications: () => undefined,
  },
});
const model = modelFor(traversedMachine, {
  serializeState: (s) => JSON.stringify(s.value),
  events: [
    { type: 'xstate.done.actor.loadCartArea', output: cartArea },
    // from `sessionEffects`, which follows the session
    { type: 'session.changed', signedIn: true },
    { type: 'session.changed', signedIn: false },
  ],
});
// `catalogue.cleared` and `session.loggedIn` change no state value (they only forward resource.clear
// and resource.load), so shortest paths never take them; the explicit paths from events do.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([{ type: 'catalogue.cleared' }]),
  ...model.getPathsFromEvents([{ type: 'session.changed', signedIn: true }, { type: 'session.loggedIn' }]),
  ...model.getPathsFromEvents([
    { type: 'session.changed', signedIn: true },
    { type: 'xstate.done.actor.loadCartArea', output: cartArea },
    { type: 'session.loggedIn' },
  ]),
];
const walked = pathsToWalk('app', traversedMachine, paths);

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
  const notifications = vi.fn(() => new Promise<never>(() => undefined));
  const sutApi = { ...api, configuration, notifications, languages: vi.fn() } as unknown as PortalApi;
  // the bound app (nothing is stored, so the session starts signed out), with the cart area's arrival
  // and the catalogue reset controlled by the test
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actions: { clearCatalogue },
      actors: { loadCartArea: fromPromise(() => cartArea.next()) },
    });
  return {
    actor: createAppActor({ api: sutApi }, { adapt }),
    clearCatalogue,
    configuration,
    notifications,
    cartArea,
    sutApi,
    clearedSent: 0,
    /** sign-outs (catalogue.cleared) after the ordering part arrived: they forget the notifications */
    clearedWhileRunning: 0,
  };
}
let sut: ReturnType<typeof createSut>;

const executors = {
  'catalogue.cleared': () => {
    if (sut.actor.getSnapshot().matches({ cartArea: 'running' })) sut.clearedWhileRunning += 1;
    sut.actor.send({ type: 'catalogue.cleared' });
    sut.clearedSent += 1;
  },
  'xstate.done.actor.loadCartArea': async () => {
    sut.cartArea.resolve({ ...cartArea, notifications: bindNotifications(testPorts(sut.sutApi)) });
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.error.actor.loadCartArea': async () => {
    sut.cartArea.reject(new Error('Failed to fetch dynamically imported module'));
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.after.cartAreaRetry.app.cartArea.cartAreaUnavailable': () => vi.advanceTimersByTimeAsync(3000),
  'session.changed': (step: { event: { type: string } }) => {
    sut.actor.send(step.event as { type: 'session.changed'; signedIn: boolean });
  },
  'session.loggedIn': async () => {
    sut.actor.send({ type: 'session.loggedIn' });
    await vi.advanceTimersByTimeAsync(0);
  },
};
assertExecutorsFor(walked, executors);

const childValues = (actor: AppActor) =>
  Object.fromEntries(
    Object.entries(actor.getSnapshot().children).map(([id, child]) => [
      id,
      (child?.getSnapshot() as { value?: unknown } | undefined)?.value,
    ]),
  );

describe('app machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'cartArea.awaitingSignIn': () => {
          // the login route fetches no ordering code: nothing asked for, nothing spawned
          expect(sut.cartArea.waiting).toBe(0);
          expect((sut.actor.getSnapshot().children as { cart?: unknown }).cart).toBeUndefined();
          // nobody signed in: no notifications to ask for (spec points 4 and 6)
          expect(selectNotificationsRef(sut.actor.getSnapshot())).toBeUndefined();
          expect(sut.notifications).not.toHaveBeenCalled();
        },
        'cartArea.loadingCartArea': () => {
          expect(sut.cartArea.waiting).toBe(1);
          // the login screen works meanwhile: only the cart is not there yet
          expect(sut.actor.getSnapshot().children.session).toBeDefined();
          expect((sut.actor.getSnapshot().children as { cart?: unknown }).cart).toBeUndefined();
        },
        'cartArea.cartAreaUnavailable': () => {
          expect(sut.cartArea.waiting).toBe(0);
          expect((sut.actor.getSnapshot().children as { cart?: unknown }).cart).toBeUndefined();
        },
        'cartArea.running': (s) => {
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
          // the notifications came with it and load at once (the bell shows everywhere); a login while it is
          // here asks again only if they are not already on their way; a sign-out forgets them
          const notifications = selectNotificationsRef(sut.actor.getSnapshot());
          expect(sut.actor.system.get('notifications')).toBe(notifications);
          expect(sut.notifications).toHaveBeenCalledOnce();
          expect(notifications?.getSnapshot().value).toBe(sut.clearedWhileRunning > 0 ? 'new' : 'loading');
          expect(sut.clearCatalogue).toHaveBeenCalledTimes(sut.clearedSent);
        },
      },
    });
    sut.actor.stop();
  });
});
