import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';
import type {
  AppNotification,
  Brand,
  Category,
  Configuration,
  Product,
  SessionClaims,
} from '../../../src/domain/types';
import { type AppActor, createPortal } from '../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../src/machines/app/app.machine';
import { type PreferencesEvent, preferencesMachine } from '../../../src/machines/app/preferences.machine';
import type { CampaignWithPrices } from '../../../src/machines/catalogue/catalogue.resources';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { PortalApi } from '../../../src/services/api';
import type { StoredCredentials } from '../../../src/services/storage';
import {
  aBrand,
  aCampaign,
  aCampaignPrice,
  aCategory,
  aNotification,
  aProduct,
  units,
} from '../../../src/test/builders';
import { withCapabilityGate } from '../../../src/test/capability-gate';
import { App } from '../../../src/ui/app/app';
import { AppActorProvider } from '../../../src/ui/app/app-actor-provider';
import { buyerClaims, signedInAs } from '../support/fakeSession';
import { testConfiguration } from '../support/renderApp';

// jsdom has no layout: the carousel (embla) and the virtual list ask for these browser observers.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
class NoObserver {
  observe(_target?: Element) {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
/**
 * jsdom lays nothing out: a placeholder of what draws only when it nears the viewport (the home's
 * product tables: `data-when-near`) counts as on screen, so it draws in these tests as after
 * a scroll. Other observers (the dialogs' libraries) hear nothing, as before.
 */
class PlaceholdersVisible extends NoObserver {
  constructor(private readonly report: IntersectionObserverCallback) {
    super();
  }
  override observe(target?: Element) {
    if (!target?.hasAttribute('data-when-near')) return;
    queueMicrotask(() =>
      this.report(
        [{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
}
globalThis.IntersectionObserver ??= PlaceholdersVisible as unknown as typeof IntersectionObserver;
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= NoObserver as unknown as typeof ResizeObserver;

// The signed-in portal and the catalogue screens are lazy chunks; importing them here, before any
// test starts, keeps that one-off cost out of each test's time limit.
await Promise.all([
  import('../../../src/ui/app/main-routes'),
  import('../../../src/ui/screens/products/products-screen'),
  import('../../../src/ui/screens/campaigns/campaign-screen'),
  import('../../../src/ui/screens/campaigns/campaigns-screen'),
  import('../../../src/ui/screens/catalog/catalog-detail-screen'),
  import('../../../src/ui/screens/notifications/notification-screen'),
]);

export const never = () => new Promise<never>(() => {});

/** A promise the test settles when it wants to (loading states stay visible until then). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The catalogue screens' product: the Gouda's figures (1234.50 net at 7 %, 240 in stock, 12 a box,
 * 20 boxes a pallet) unless overridden.
 */
export function aCatalogueProduct(overrides: Partial<Product> = {}): Product {
  return aProduct({
    id: 1,
    name: 'Alpenhof Käse Gouda jung 200 g',
    description: 'Young Gouda, sliced.',
    image: '/media/products/1.svg',
    brand: { id: 4, name: 'Alpenhof' },
    category: { id: 2, name: 'Dairy & Cheese' },
    price: '1234.50',
    oldPrice: null,
    taxIncluded: false,
    taxRatePercent: '7',
    depositPrice: '0',
    stockCode: 'DAI-00001',
    barcode: '4000000000013',
    quantityInStock: 240,
    unitAmounts: [
      { unit: 2, amount: '12' },
      { unit: 3, amount: '20' },
    ],
    ...overrides,
  });
}

export const gouda = aCatalogueProduct();
/** 19 % tax and 0.25 deposit a bottle: shown 1.00 + 0.19 + 0.25 = 1.44, before 1.20 → 1.68. */
export const water = aCatalogueProduct({
  id: 9,
  name: 'Quellblick Mineral Water 1 l',
  description: 'Still water in a returnable bottle.',
  brand: { id: 5, name: 'Quellblick' },
  category: { id: 3, name: 'Soft Drinks & Water' },
  price: '1.00',
  oldPrice: '1.20',
  taxIncluded: true,
  taxRatePercent: '19',
  depositPrice: '0.25',
  stockCode: 'DRI-00009',
  barcode: '4000000000099',
  quantityInStock: 0,
  unitAmounts: [{ unit: 2, amount: '6' }],
});

export const categories: Category[] = [
  aCategory({ id: 3, name: 'Soft Drinks & Water' }),
  aCategory({ id: 2, name: 'Dairy & Cheese' }),
  aCategory({ id: 1, name: 'Bakery' }),
];
export const brands: Brand[] = [aBrand({ id: 4, name: 'Alpenhof' }), aBrand({ id: 5, name: 'Quellblick' })];
/** Running whenever the tests run (aCampaign's default): an ended campaign shows no products to add. */
export const summerDrinks: CampaignWithPrices = {
  ...aCampaign({
    id: 2,
    name: 'Summer Drinks',
    description: 'Cold drinks for warm days.',
    banner: '/media/campaigns/2.svg',
  }),
  campaignPrices: [aCampaignPrice({ product: water, campaignId: 2, newPrice: '0.80' })],
};
export const cleanKitchen: CampaignWithPrices = {
  ...summerDrinks,
  id: 3,
  name: 'Clean Kitchen Deals',
  campaignPrices: [],
};
export const firstNotification: AppNotification = aNotification({
  id: 11,
  name: 'Your order is on its way',
  description: 'Lukas will call before delivery.',
  read: false,
});

/** Every catalogue call answered at once with the fixtures above; a test overrides what it studies. */
export function catalogueApi(overrides: Partial<PortalApi> = {}): Partial<PortalApi> {
  return {
    campaigns: async () => [summerDrinks, cleanKitchen],
    featuredProducts: async () => [gouda],
    newestProducts: async () => [water],
    categories: async () => categories,
    brands: async () => brands,
    productUnits: async () => units,
    customerCurrency: async () => ({ symbol: '€' }),
    announcements: async () => [],
    notifications: async () => [firstNotification],
    searchProducts: async () => [gouda, water],
    productPage: async () => ({ count: 2, next: null, previous: null, results: [gouda, water] }),
    ...overrides,
  };
}

interface RenderPortalOptions {
  path?: string;
  claims?: SessionClaims;
  api?: Partial<PortalApi>;
  configuration?: () => Promise<Configuration>;
}

/**
 * The real app machine, signed in from stored credentials, with a scripted API: the catalogue
 * screens run on the same statecharts as in the browser; only the answers are made up.
 */
export function renderPortal(options: RenderPortalOptions = {}) {
  const claims = options.claims ?? buyerClaims;
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredCredentials: fromPromise(
              async (): Promise<StoredCredentials | null> => ({
                refresh: signedInAs(claims).tokens.refresh,
                remember: true,
              }),
            ),
            refreshTokens: fromPromise(async () => signedInAs(claims)),
          },
        }),
        preferences: preferencesMachine.provide({
          actors: {
            restorePreferences: fromCallback<PreferencesEvent>(({ sendBack }) => {
              sendBack({ type: 'preferences.restored', theme: 'light', sidebar: 'expanded' });
            }),
          },
          actions: { persistTheme: () => {}, persistSidebar: () => {} },
        }),
        configuration: configurationResource.provide({
          actors: { load: fromPromise(options.configuration ?? (async () => testConfiguration)) },
        }),
      },
    });
  const scripted = (options.api ?? catalogueApi()) as Record<string, unknown>;
  const api = new Proxy({}, { get: (_, key: string) => scripted[key] ?? vi.fn(never) }) as PortalApi;
  // as the browser's API client does: a capability the backend is known to lack is never asked
  let started: AppActor | undefined;
  const portal = createPortal({ api: withCapabilityGate(api, () => started) }, { adapt });
  started = portal.app;
  const app = portal.app;
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const ui: ReactElement = (
    <AppActorProvider portal={portal}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </AppActorProvider>
  );
  return { ...render(ui), app, location };
}
