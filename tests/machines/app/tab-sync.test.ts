import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppActor, createAppActor } from '../../../src/machines/app/app.actor';
import { selectTheme } from '../../../src/machines/app/preferences.selectors';
import type { CartActorRef } from '../../../src/machines/cart/cart.machine';
import { selectIsSignedIn } from '../../../src/machines/session/session.selectors';
import type { TabChannel } from '../../../src/services/tab-sync/tab-channel';
import type { TabMessage } from '../../../src/services/tab-sync/tab-message';
import { aCartItemWire } from '../../../src/test/builders';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../../src/test/fakeFetch';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';

const configurationBody = {
  global: { logo_square: null, logo_wide: null, site_name: 'Acme Wholesale' },
  modules: { netb2b: { money_decimal_places: 2, default_customer_type: 1 } },
};
const target = (r: RecordedRequest) => `${r.method} ${new URL(r.url).pathname}`;

/**
 * The tabs of one browser, linked the way BroadcastChannel links them: what one tab posts reaches
 * every other tab, never itself. `inject` plays a tab of another build or account.
 */
function linkedTabs() {
  const listeners = new Map<number, Set<(message: TabMessage) => void>>();
  let next = 0;
  const deliver = (from: number, message: TabMessage) => {
    for (const [tab, heard] of listeners) if (tab !== from) for (const listener of heard) listener(message);
  };
  const open = (): TabChannel => {
    const tab = next++;
    const heard = new Set<(message: TabMessage) => void>();
    listeners.set(tab, heard);
    return {
      post: (message) => deliver(tab, structuredClone(message)),
      listen(listener) {
        heard.add(listener);
        return () => heard.delete(listener);
      },
      close: () => listeners.delete(tab),
    };
  };
  return { open, inject: (message: TabMessage) => deliver(-1, message) };
}

/** One tab: the real app and API client over a fake server with one cart line, signed in as `name`. */
function startTab(tabs: ReturnType<typeof linkedTabs>, name = 'Bea Buyer') {
  const fake = createFakeFetch((r) => {
    switch (target(r)) {
      case 'GET /api/baf/configuration/':
        return jsonResponse(configurationBody);
      case 'POST /api/token/':
      case 'POST /api/token/refresh/':
        return jsonResponse(fakeTokenPair({ name }));
      case 'POST /api/token/revoke/':
        return new Response(null, { status: 204 });
      // a backend that ends sessions on sign-out says so
      case 'GET /api/capabilities/':
        return jsonResponse({ capabilities: ['revoke'] });
      case 'GET /api/netb2b/cart-items/':
        return jsonResponse([aCartItemWire()]);
      default:
        return jsonResponse({ detail: 'Not found' }, { status: 404 });
    }
  });
  const app = createAppActor(
    { apiBase: 'http://portal.test/api' },
    { fetch: fake.fetch, tabChannel: tabs.open },
  );
  const calls = (call: string) => fake.requests.filter((r) => target(r) === call).length;
  return { app, calls };
}

let apps: AppActor[] = [];
beforeEach(() => {
  // one browser: the tabs share localStorage (each has its own sessionStorage, unused with Remember Me)
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  for (const app of apps) app.stop();
  apps = [];
  vi.unstubAllGlobals();
});

const sessionOf = (app: AppActor) => {
  const { session } = app.getSnapshot().children;
  if (!session) throw new Error('the app lacks its session');
  return session;
};

async function signedInTab(tabs: ReturnType<typeof linkedTabs>, name?: string) {
  const tab = startTab(tabs, name);
  apps.push(tab.app);
  const session = sessionOf(tab.app);
  // a later tab finds the remembered sign-in of the first and renews it
  const settled = () =>
    session.getSnapshot().matches('resolved') ? 'resolved' : session.getSnapshot().value;
  await vi.waitFor(() => expect(['new', 'resolved']).toContain(settled()));
  if (settled() === 'new')
    session.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: true });
  // the first sign-in loads the cart area's code
  await vi.waitFor(() => expect(tab.app.system.get('cart')).toBeDefined(), { timeout: 60_000 });
  const cart = tab.app.system.get('cart') as CartActorRef;
  cart.send({ type: 'cart.load' });
  await vi.waitFor(() => expect(cart.getSnapshot().value).toBe('resolved'));
  return { ...tab, cart, session };
}

describe('tabs of one browser stay in step', () => {
  it('a cart change stored in one tab makes the other fetch its cart afresh', async () => {
    const tabs = linkedTabs();
    const first = await signedInTab(tabs);
    const second = await signedInTab(tabs);
    const [line] = first.cart.getSnapshot().context.items;
    const fetchesBefore = {
      first: first.calls('GET /api/netb2b/cart-items/'),
      second: second.calls('GET /api/netb2b/cart-items/'),
    };

    first.cart.send({ type: 'cart.itemReplaced', item: { ...line!, quantity: '4' } });

    await vi.waitFor(() =>
      expect(second.calls('GET /api/netb2b/cart-items/')).toBe(fetchesBefore.second + 1),
    );
    await vi.waitFor(() => expect(second.cart.getSnapshot().value).toBe('resolved'));
    // the tab that made the change does not hear its own message
    expect(first.calls('GET /api/netb2b/cart-items/')).toBe(fetchesBefore.first);
  });

  it('signing out in one tab signs the other out, without a second sign-out call', async () => {
    const tabs = linkedTabs();
    const first = await signedInTab(tabs);
    const second = await signedInTab(tabs);

    first.session.send({ type: 'session.logout' });

    await vi.waitFor(() => expect(selectIsSignedIn(second.session.getSnapshot())).toBe(false));
    expect(second.session.getSnapshot().value).toBe('new');
    await vi.waitFor(() => expect(first.session.getSnapshot().value).toBe('new'));
    expect(first.calls('POST /api/token/revoke/')).toBe(1);
    expect(second.calls('POST /api/token/revoke/')).toBe(0);
    // its memory is cleared as on its own sign-out: the cart is empty
    await vi.waitFor(() => expect(second.cart.getSnapshot().context.items).toEqual([]));
  });

  it('a theme chosen in one tab shows in the other, and is not told back', async () => {
    const tabs = linkedTabs();
    const first = await signedInTab(tabs);
    const second = await signedInTab(tabs);
    const preferencesOf = (app: AppActor) => {
      const { preferences } = app.getSnapshot().children;
      if (!preferences) throw new Error('the app lacks its preferences');
      return preferences;
    };

    preferencesOf(first.app).send({ type: 'preferences.themeToggled' });

    await vi.waitFor(() => expect(selectTheme(preferencesOf(second.app).getSnapshot())).toBe('dark'));
    // an echo would toggle the first tab back to light
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectTheme(preferencesOf(first.app).getSnapshot())).toBe('dark');
  });

  it("another account's messages change nothing in this tab", async () => {
    const tabs = linkedTabs();
    const tab = await signedInTab(tabs);
    const fetchesBefore = tab.calls('GET /api/netb2b/cart-items/');

    tabs.inject({ kind: 'cartChanged', user: JSON.stringify(['Other Company', 'Olga Other']) });
    tabs.inject({ kind: 'signedOut', user: JSON.stringify(['Other Company', 'Olga Other']) });
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(tab.calls('GET /api/netb2b/cart-items/')).toBe(fetchesBefore);
    expect(selectIsSignedIn(tab.session.getSnapshot())).toBe(true);
  });
});
