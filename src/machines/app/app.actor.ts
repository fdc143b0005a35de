import { type Actor, createActor, fromPromise, type InspectionEvent } from 'xstate';
import { createPortalApi, type PortalApi } from '../../services/api';
import type { PortalApiOptions } from '../../services/api/portalApi';
import type { CheckoutDraftStore } from '../../services/checkout-draft';
import { loadRuntimeConfig, type RuntimeConfig } from '../../services/config';
import type { TabChannel } from '../../services/tab-sync/tab-channel';
import type { CartActorRef } from '../cart';
import { bindCatalogueResources } from '../catalogue';
import type { FavouriteListsRef } from '../favourites';
import { type BindMachine, createMachineBinder, type Ports } from '../kernel/ports';
import { bindResource } from '../kernel/resource.machine';
import { bindSession, type SessionActorRef, selectLanguage } from '../session';
import { appMachine, configurationResource, languagesResource } from './app.machine';
import { bindCapabilities } from './capabilities.machine';
import { lacksCapability } from './capabilities.selectors';
import { bindPreferences } from './preferences.machine';

export { loadRuntimeConfig, type RuntimeConfig };

export type AppActor = Actor<typeof appMachine>;

/**
 * The composition root's one binding of the app: every child's I/O provided with the API client
 * closed over (context holds data only). The cart area's code arrives later, bound the same way.
 */
export function bindAppMachine(ports: Ports): typeof appMachine {
  const { api } = ports;
  return appMachine.provide({
    actors: {
      session: bindSession(ports),
      preferences: bindPreferences(ports),
      capabilities: bindCapabilities(ports),
      configuration: bindResource(configurationResource, (signal) => api.configuration({ signal }), api),
      languages: bindResource(languagesResource, (signal) => api.languages({ signal }), api),
      ...bindCatalogueResources(ports),
      loadCartArea: fromPromise(async () => (await import('./cart-area')).bindCartArea(ports)),
    },
  });
}

/**
 * The API client's two questions about capabilities, answered by the app's `capabilities` actor once
 * the app runs: a call shown missing is reported to it, and a capability it knows absent is not asked.
 */
export function capabilityReporting(
  appOf: () => AppActor | undefined,
): Required<Pick<PortalApiOptions, 'onMissingCall' | 'lacks'>> {
  return {
    onMissingCall: (capability) =>
      appOf()?.system.get('capabilities')?.send({ type: 'capability.lost', capability }),
    lacks: (capability) => {
      const capabilities = appOf()?.getSnapshot().children.capabilities?.getSnapshot();
      return capabilities !== undefined && lacksCapability(capabilities, capability);
    },
  };
}

export interface PortalOptions {
  /** a fake fetch in tests; the browser's otherwise */
  fetch?: typeof globalThis.fetch;
  /** turns the bound app machine into a test's (`machine.provide(...)`) */
  adapt?: (machine: typeof appMachine) => typeof appMachine;
  /** XState's inspection hook for the root actor (main.tsx: the statechart studio's live bridge) */
  inspect?: (event: InspectionEvent) => void;
  /** the inspection bridge's id of this tab, which the studio's live view leaves out of its list */
  inspectionTab?: string;
  /** where the checkout keeps its draft; the tab's sessionStorage otherwise (cart-area.ts) */
  checkoutDrafts?: CheckoutDraftStore;
  /** the line to the other tabs; the browser's BroadcastChannel otherwise (tab-sync.machine.ts) */
  tabChannel?: () => TabChannel;
}

/** The running app and the one place that hands out bound machines to the views that create them. */
export interface Portal {
  app: AppActor;
  bind: BindMachine;
  /** the root actor's `inspect`, for the actors views create for themselves (`useActorRef(m, { inspect })`) */
  inspect?: (event: InspectionEvent) => void;
  inspectionTab?: string;
}

/**
 * The composition root: builds the ports once, binds the app machine, creates and starts the one root
 * actor (outside React: StrictMode would start its children twice). Given `{ apiBase }` it builds the
 * API client, whose Accept-Language follows the signed-in user's language; given `{ api }` it uses that
 * client as is.
 */
export function createPortal(
  config: RuntimeConfig | { api: PortalApi },
  options: PortalOptions = {},
): Portal {
  const { create, portalOf } = preparePortal(config, options);
  const app = create();
  app.start();
  return portalOf(app);
}

/**
 * main.tsx's `createPortal`: the same three steps (bind, create the root actor with its children, start
 * them), each in a task of its own, `between` them (together they would be one long task of the
 * signed-in home's start).
 */
export async function createPortalInSteps(
  config: RuntimeConfig | { api: PortalApi },
  options: PortalOptions,
  between: () => Promise<void>,
): Promise<Portal> {
  const { create, portalOf } = preparePortal(config, options);
  await between();
  const app = create();
  await between();
  app.start();
  return portalOf(app);
}

function preparePortal(config: RuntimeConfig | { api: PortalApi }, options: PortalOptions) {
  let app: AppActor | undefined;
  const api =
    'api' in config
      ? config.api
      : createPortalApi({
          apiBase: config.apiBase,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          getLanguage: () => {
            const session = app?.getSnapshot().children.session;
            return session ? selectLanguage(session.getSnapshot()) : null;
          },
          ...capabilityReporting(() => app),
        });
  const ports: Ports = {
    api,
    cart: () => app?.system.get('cart') as CartActorRef | undefined,
    session: () => app?.system.get('session') as SessionActorRef | undefined,
    favouriteLists: () => app?.system.get('favouriteLists') as FavouriteListsRef | undefined,
    ...(options.checkoutDrafts ? { checkoutDrafts: options.checkoutDrafts } : {}),
    ...(options.tabChannel ? { tabChannel: options.tabChannel } : {}),
  };
  const bound = bindAppMachine(ports);
  const machine = options.adapt ? options.adapt(bound) : bound;
  return {
    create: (): AppActor => {
      app = createActor(machine, { ...(options.inspect ? { inspect: options.inspect } : {}) });
      return app;
    },
    portalOf: (started: AppActor): Portal => ({
      app: started,
      bind: createMachineBinder(ports),
      inspect: options.inspect,
      inspectionTab: options.inspectionTab,
    }),
  };
}

/** The root actor alone, for callers that create no view machines (tests of the app's own chart). */
export function createAppActor(config: RuntimeConfig | { api: PortalApi }, options: PortalOptions = {}) {
  return createPortal(config, options).app;
}
