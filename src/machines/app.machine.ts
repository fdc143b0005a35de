import {
  type ActorRefFrom,
  type AnyActorLogic,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
} from 'xstate';
import type { PortalApi } from '../services/api';
import type { CartArea } from './cart-area';
import {
  announcementsResource,
  brandsResource,
  campaignsResource,
  categoriesResource,
  currencyResource,
  featuredResource,
  newestResource,
  unitsResource,
} from './catalogue.resources';
import { provideReporting } from './error-reporting';
import { notificationsMachine } from './notifications.machine';
import { preferencesMachine } from './preferences.machine';
import { createResourceMachine } from './resource.machine';
import { sessionMachine } from './session.machine';

/**
 * System ids of the catalogue resources that a sign-out resets to `new` (spec point 4:
 * logging out clears the catalogue). Each is also invoked below with id = systemId.
 */
export const catalogueResourceIds = [
  'campaigns',
  'featured',
  'newest',
  'brands',
  'categories',
  'units',
  'currency',
  'announcements',
  'notifications',
] as const;

export type AppEvent = { type: 'catalogue.cleared' };

type SpawnedChildOptions = { id: string; systemId: string; input: { api: PortalApi } };

export interface AppInput {
  api: PortalApi;
}

/** Public resources: the login screen needs the configuration (logo, site name) before anyone signs in. */
export const configurationResource = createResourceMachine('configuration', ({ api, signal }) =>
  api.configuration({ signal }),
);
export const languagesResource = createResourceMachine('languages', ({ api, signal }) =>
  api.languages({ signal }),
);

/**
 * The root actor (client contract): owns the session, the preferences and the lazy
 * resources, each invoked with an id and a systemId, created once outside React.
 */
export const appMachine = setup({
  types: {
    context: {} as { api: PortalApi },
    input: {} as AppInput,
    events: {} as AppEvent,
    children: {} as {
      session: 'session';
      preferences: 'preferences';
      configuration: 'configuration';
      languages: 'languages';
      sessionEffects: 'sessionEffects';
      campaigns: 'campaigns';
      featured: 'featured';
      newest: 'newest';
      brands: 'brands';
      categories: 'categories';
      units: 'units';
      currency: 'currency';
      announcements: 'announcements';
      notifications: 'notifications';
      loadCartArea: 'loadCartArea';
    },
  },
  actors: {
    /** session and notifications report failures (spec point 8) through the one reporter */
    session: provideReporting(sessionMachine),
    preferences: preferencesMachine,
    configuration: configurationResource,
    languages: languagesResource,
    campaigns: campaignsResource,
    featured: featuredResource,
    newest: newestResource,
    brands: brandsResource,
    categories: categoriesResource,
    units: unitsResource,
    currency: currencyResource,
    announcements: announcementsResource,
    /** invoked after `session`, which it follows from its start */
    notifications: provideReporting(notificationsMachine),
    /** the cart's code, fetched after start so the login route stays small (budget 130 kB gzip) */
    loadCartArea: fromPromise<CartArea>(async () => (await import('./cart-area')).cartArea),
    /** turns the session's emitted sign-out into the app's own `catalogue.cleared` */
    sessionEffects: fromCallback<AppEvent>(({ sendBack, system }) => {
      const session = system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
      const subscription = session?.on('session.signedOut', () => sendBack({ type: 'catalogue.cleared' }));
      return () => subscription?.unsubscribe();
    }),
  },
  delays: {
    /** a chunk that failed to load (offline, a deploy in between) is asked for again */
    cartAreaRetry: 3000,
  },
  actions: {
    loadConfiguration: sendTo('configuration', { type: 'resource.load' }),
    /**
     * Spawned with the ids and systemIds they would have had as invokes: views and machines reach
     * them as `snapshot.children.cart` and `system.get('cart')`, and treat them as absent until here.
     */
    startCartArea: assign(({ spawn, context }, area: CartArea) => {
      // `spawn` only types ids of logic named in setup; this logic arrives at run time.
      const spawnLoaded = spawn as unknown as (logic: AnyActorLogic, options: SpawnedChildOptions) => unknown;
      spawnLoaded(area.cart, { id: 'cart', systemId: 'cart', input: { api: context.api } });
      spawnLoaded(area.orders, { id: 'orders', systemId: 'orders', input: { api: context.api } });
      return {};
    }),
    /** the next user must not see this user's cart, checkout or orders (issue 4) */
    clearUserData: enqueueActions(({ enqueue, system }) => {
      const cart = system.get('cart');
      const orders = system.get('orders');
      if (cart) enqueue.sendTo(cart, { type: 'cart.clear' });
      if (orders) enqueue.sendTo(orders, { type: 'resource.clear' });
    }),
    clearCatalogue: enqueueActions(({ enqueue, system }) => {
      for (const systemId of catalogueResourceIds) {
        const resource = system.get(systemId);
        if (resource) enqueue.sendTo(resource, { type: 'resource.clear' });
      }
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ api: input.api }),
  invoke: [
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => ({ api: context.api }) },
    { id: 'preferences', systemId: 'preferences', src: 'preferences' },
    {
      id: 'configuration',
      systemId: 'configuration',
      src: 'configuration',
      input: ({ context }) => ({ api: context.api }),
    },
    {
      id: 'languages',
      systemId: 'languages',
      src: 'languages',
      input: ({ context }) => ({ api: context.api }),
    },
    { id: 'sessionEffects', src: 'sessionEffects' },
    // catalogue resources (issue 3), lazy: each loads on its first `resource.load`
    {
      id: 'campaigns',
      systemId: 'campaigns',
      src: 'campaigns',
      input: ({ context }) => ({ api: context.api }),
    },
    { id: 'featured', systemId: 'featured', src: 'featured', input: ({ context }) => ({ api: context.api }) },
    { id: 'newest', systemId: 'newest', src: 'newest', input: ({ context }) => ({ api: context.api }) },
    { id: 'brands', systemId: 'brands', src: 'brands', input: ({ context }) => ({ api: context.api }) },
    {
      id: 'categories',
      systemId: 'categories',
      src: 'categories',
      input: ({ context }) => ({ api: context.api }),
    },
    { id: 'units', systemId: 'units', src: 'units', input: ({ context }) => ({ api: context.api }) },
    { id: 'currency', systemId: 'currency', src: 'currency', input: ({ context }) => ({ api: context.api }) },
    {
      id: 'announcements',
      systemId: 'announcements',
      src: 'announcements',
      input: ({ context }) => ({ api: context.api }),
    },
    {
      id: 'notifications',
      systemId: 'notifications',
      src: 'notifications',
      input: ({ context }) => ({ api: context.api }),
    },
  ],
  entry: 'loadConfiguration',
  on: {
    'catalogue.cleared': { actions: ['clearCatalogue', 'clearUserData'] },
  },
  // issue 4: the cart and the company's orders (spawned as `cart` and `orders` once their code is
  // here; both load their data lazily and are emptied when the user signs out)
  initial: 'loadingCartArea',
  states: {
    loadingCartArea: {
      invoke: {
        id: 'loadCartArea',
        src: 'loadCartArea',
        onDone: {
          target: 'running',
          actions: { type: 'startCartArea', params: ({ event }) => event.output },
        },
        onError: 'cartAreaUnavailable',
      },
    },
    cartAreaUnavailable: {
      after: { cartAreaRetry: 'loadingCartArea' },
    },
    running: {},
  },
});
