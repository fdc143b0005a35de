import {
  type ActorRefFrom,
  type AnyActorLogic,
  assign,
  enqueueActions,
  fromCallback,
  sendTo,
  setup,
} from 'xstate';
import type { Configuration, Language } from '../../domain/types';
import {
  announcementsResource,
  brandsResource,
  campaignsResource,
  categoriesResource,
  currencyResource,
  featuredResource,
  newestResource,
  unitsResource,
} from '../catalogue';
import { notBound } from '../kernel/not-bound';
import { createResourceMachine } from '../kernel/resource.machine';
import { selectIsSignedIn, sessionMachine } from '../session';
import { capabilitiesMachine } from './capabilities.machine';
import type { CartArea } from './cart-area';
import { preferencesMachine } from './preferences.machine';

/**
 * System ids of the catalogue resources that a sign-out resets to `new` (spec point 4:
 * logging out clears the catalogue). Each is also invoked below with id = systemId. The
 * notifications are not among them: they only exist while someone is signed in.
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
] as const;

export type AppEvent =
  | { type: 'catalogue.cleared' }
  /** from `sessionEffects`: whether tokens are present now */
  | { type: 'session.changed'; signedIn: boolean }
  /** from `sessionEffects` after a login (spec point 4: after loggedIn, refresh notifications) */
  | { type: 'session.loggedIn' };

type SessionRef = ActorRefFrom<typeof sessionMachine>;

type SpawnedChildOptions = { id: string; systemId: string };

/** Public resources: the login screen needs the configuration (logo, site name) before anyone signs in. */
export const configurationResource = createResourceMachine<Configuration>('configuration');
export const languagesResource = createResourceMachine<Language[]>('languages');

/**
 * The root actor (client contract): owns the session, the preferences and the lazy
 * resources, each invoked with an id and a systemId, created once outside React.
 */
export const appMachine = setup({
  types: {
    events: {} as AppEvent,
    children: {} as {
      session: 'session';
      preferences: 'preferences';
      capabilities: 'capabilities';
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
      loadCartArea: 'loadCartArea';
    },
  },
  actors: {
    // Every child's I/O is bound at the composition root (app.actor.ts, `bindAppMachine`).
    session: sessionMachine,
    preferences: preferencesMachine,
    /** what the backend offers beyond the specification's calls (discovery at start) */
    capabilities: capabilitiesMachine,
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
    /** the cart's code, fetched after start so the login route stays small (budget 130 kB gzip) */
    loadCartArea: notBound<CartArea>('app.loadCartArea'),
    /**
     * Follows the `session` child (invoked before it): whether someone is signed in, each login, and the
     * emitted sign-out as the app's own `catalogue.cleared`. Without a session it reports nothing.
     */
    sessionEffects: fromCallback<AppEvent>(({ sendBack, system }) => {
      const session = system.get('session') as SessionRef | undefined;
      if (!session) return;
      let signedIn = selectIsSignedIn(session.getSnapshot());
      sendBack({ type: 'session.changed', signedIn });
      const snapshots = session.subscribe((snapshot) => {
        if (selectIsSignedIn(snapshot) === signedIn) return;
        signedIn = !signedIn;
        sendBack({ type: 'session.changed', signedIn });
      });
      const logins = session.on('session.signedIn', () => {
        signedIn = true;
        sendBack({ type: 'session.changed', signedIn });
        sendBack({ type: 'session.loggedIn' });
      });
      const signOuts = session.on('session.signedOut', () => sendBack({ type: 'catalogue.cleared' }));
      return () => {
        snapshots.unsubscribe();
        logins.unsubscribe();
        signOuts.unsubscribe();
      };
    }),
  },
  delays: {
    /** a chunk that failed to load (offline, a deploy in between) is asked for again */
    cartAreaRetry: 3000,
  },
  guards: {
    isSignedInNow: (_, params: { signedIn: boolean }) => params.signedIn,
    isSignedOutNow: (_, params: { signedIn: boolean }) => !params.signedIn,
  },
  actions: {
    loadConfiguration: sendTo('configuration', { type: 'resource.load' }),
    /**
     * Spec point 4: after a login the notifications are asked for at once; they come with the ordering
     * part (a signed-in user's), which asks for them on arrival.
     */
    loadNotifications: enqueueActions(({ enqueue, system }) => {
      const notifications = system.get('notifications');
      if (notifications) enqueue.sendTo(notifications, { type: 'resource.load' });
    }),
    /**
     * Spawned with the ids and systemIds they would have had as invokes: views and machines reach
     * them as `snapshot.children.cart` and `system.get('cart')`, and treat them as absent until here.
     */
    startCartArea: assign(({ spawn }, area: CartArea) => {
      // `spawn` only types ids of logic named in setup; this logic arrives at run time.
      const spawnLoaded = spawn as unknown as (logic: AnyActorLogic, options: SpawnedChildOptions) => unknown;
      spawnLoaded(area.cart, { id: 'cart', systemId: 'cart' });
      spawnLoaded(area.orders, { id: 'orders', systemId: 'orders' });
      spawnLoaded(area.notifications, { id: 'notifications', systemId: 'notifications' });
      spawnLoaded(area.notificationReads, { id: 'notificationReads', systemId: 'notificationReads' });
      spawnLoaded(area.languageChange, { id: 'languageChange', systemId: 'languageChange' });
      spawnLoaded(area.favouriteLists, { id: 'favouriteLists', systemId: 'favouriteLists' });
      spawnLoaded(area.announcementReads, { id: 'announcementReads', systemId: 'announcementReads' });
      if (area.connectivity) spawnLoaded(area.connectivity, { id: 'connectivity', systemId: 'connectivity' });
      // last: it follows the actors above from its start
      spawnLoaded(area.tabSync, { id: 'tabSync', systemId: 'tabSync' });
      return {};
    }),
    /** the next user must not see this user's cart, checkout or orders */
    clearUserData: enqueueActions(({ enqueue, system }) => {
      const cart = system.get('cart');
      const orders = system.get('orders');
      if (cart) enqueue.sendTo(cart, { type: 'cart.clear' });
      if (orders) enqueue.sendTo(orders, { type: 'resource.clear' });
      const notifications = system.get('notifications');
      if (notifications) enqueue.sendTo(notifications, { type: 'resource.clear' });
      const reads = system.get('notificationReads');
      if (reads) enqueue.sendTo(reads, { type: 'reads.cleared' });
      const languageChange = system.get('languageChange');
      if (languageChange) enqueue.sendTo(languageChange, { type: 'language.dismissed' });
      const favouriteLists = system.get('favouriteLists');
      if (favouriteLists) enqueue.sendTo(favouriteLists, { type: 'favourites.cleared' });
      const announcementReads = system.get('announcementReads');
      if (announcementReads) enqueue.sendTo(announcementReads, { type: 'reads.cleared' });
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
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'preferences', systemId: 'preferences', src: 'preferences' },
    { id: 'capabilities', systemId: 'capabilities', src: 'capabilities' },
    {
      id: 'configuration',
      systemId: 'configuration',
      src: 'configuration',
    },
    {
      id: 'languages',
      systemId: 'languages',
      src: 'languages',
    },
    { id: 'sessionEffects', src: 'sessionEffects' },
    // catalogue resources, lazy: each loads on its first `resource.load`
    {
      id: 'campaigns',
      systemId: 'campaigns',
      src: 'campaigns',
    },
    { id: 'featured', systemId: 'featured', src: 'featured' },
    { id: 'newest', systemId: 'newest', src: 'newest' },
    { id: 'brands', systemId: 'brands', src: 'brands' },
    {
      id: 'categories',
      systemId: 'categories',
      src: 'categories',
    },
    { id: 'units', systemId: 'units', src: 'units' },
    { id: 'currency', systemId: 'currency', src: 'currency' },
    {
      id: 'announcements',
      systemId: 'announcements',
      src: 'announcements',
    },
  ],
  entry: 'loadConfiguration',
  on: {
    'catalogue.cleared': { actions: ['clearCatalogue', 'clearUserData'] },
    'session.loggedIn': { actions: 'loadNotifications' },
  },
  type: 'parallel',
  states: {
    // the cart and the company's orders (spawned as `cart` and `orders` once their code is
    // here; both load their data lazily and are emptied when the user signs out)
    cartArea: {
      description:
        'Whether the ordering part of the portal (the cart, orders, favourite lists, marking read) has arrived; it is fetched from the server once someone is signed in.',
      initial: 'awaitingSignIn',
      states: {
        // The login page neither shows nor needs the ordering part: fetching and starting it there cost the
        // login route 23 kB and its longest task. A restored session asks for it at once.
        awaitingSignIn: {
          description:
            'No one is signed in yet: the login, registration and password screens need no cart, so the ordering part is not fetched.',
          on: {
            'session.changed': {
              guard: { type: 'isSignedInNow', params: ({ event }) => ({ signedIn: event.signedIn }) },
              target: 'loadingCartArea',
            },
          },
        },
        loadingCartArea: {
          description:
            'The portal is usable, but the cart button, Add to cart and Order again are not shown yet, and the quick order panel says it is loading, while the ordering part is fetched.',
          invoke: {
            id: 'loadCartArea',
            src: 'loadCartArea',
            onDone: {
              target: 'running',
              // the bell's unread count shows on every screen: the notifications load as soon as they are here
              actions: [{ type: 'startCartArea', params: ({ event }) => event.output }, 'loadNotifications'],
            },
            onError: 'cartAreaUnavailable',
          },
        },
        cartAreaUnavailable: {
          description:
            'The ordering part could not be fetched (offline, or a new version went live meanwhile): the cart button and Add to cart stay hidden, and it is asked for again after three seconds.',
          after: { cartAreaRetry: 'loadingCartArea' },
        },
        running: {
          description:
            'The cart button with its item count, the notification bell, Add to cart, Order again, the favourite lists and marking notifications read all work as normal.',
        },
      },
    },
  },
});
