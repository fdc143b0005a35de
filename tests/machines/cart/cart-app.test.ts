import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { type AppActor, createAppActor } from '../../../src/machines/app/app.actor';
import type { CartActorRef } from '../../../src/machines/cart/cart.machine';
import { selectItemCount } from '../../../src/machines/cart/cart.selectors';
import type { ordersResource } from '../../../src/machines/orders/orders.machine';
import { selectOrders } from '../../../src/machines/orders/orders.selectors';
import { aCartItemWire, anOrderWire } from '../../../src/test/builders';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../../src/test/fakeFetch';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';

const configurationBody = {
  global: { logo_square: null, logo_wide: null, site_name: 'Acme Wholesale' },
  modules: { netb2b: { money_decimal_places: 2, default_customer_type: 1 } },
};
const target = (r: RecordedRequest) => `${r.method} ${new URL(r.url).pathname}`;

/** The real app, real machines and real API client over a fake server with one cart line. */
function startApp() {
  const fake = createFakeFetch((r) => {
    switch (target(r)) {
      case 'GET /api/baf/configuration/':
        return jsonResponse(configurationBody);
      case 'POST /api/token/':
        return jsonResponse(fakeTokenPair());
      case 'GET /api/netb2b/cart-items/':
        return jsonResponse([aCartItemWire()]);
      case 'GET /api/netb2b/orders/':
        return jsonResponse([anOrderWire()]);
      case 'POST /api/netb2b/orders/preview/':
        return jsonResponse({ detail: 'preview is down' }, { status: 503 });
      case 'POST /api/netb2b/orders/':
        return jsonResponse({ id: 777 }, { status: 201 });
      default:
        return jsonResponse({ detail: 'Not found' }, { status: 404 });
    }
  });
  const app = createAppActor({ apiBase: 'http://portal.test/api' }, { fetch: fake.fetch });
  return { app, requests: fake.requests };
}

let app: AppActor | undefined;
beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  app?.stop();
  vi.unstubAllGlobals();
});

type LoadedChildren = { cart?: CartActorRef; orders?: ActorRefFrom<typeof ordersResource> };
const children = (actor: AppActor) => {
  const { session } = actor.getSnapshot().children;
  const { cart, orders } = actor.getSnapshot().children as LoadedChildren;
  if (!cart || !orders || !session) throw new Error('the app lacks cart, orders or session');
  return { cart, orders, session };
};

async function signIn(actor: AppActor) {
  const { session } = actor.getSnapshot().children;
  if (!session) throw new Error('the app lacks its session');
  await vi.waitFor(() => expect(session.getSnapshot().value).toBe('new'));
  session.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: true });
  await vi.waitFor(() => expect(session.getSnapshot().matches('resolved')).toBe(true));
}

describe('cart and orders in the app', () => {
  it('are reachable by systemId, lazy, and emptied on sign-out', async () => {
    const started = startApp();
    app = started.app;
    // the cart's code is not fetched for the login screen: it arrives once someone is signed in
    await vi.waitFor(() =>
      expect(app!.getSnapshot().children.configuration?.getSnapshot().value).toBe('resolved'),
    );
    expect(app.system.get('cart')).toBeUndefined();
    expect(app.getSnapshot().value).toMatchObject({ cartArea: 'awaitingSignIn' });
    await signIn(app);
    const { cart, orders, session } = await vi.waitFor(() => children(app!));
    expect(app.system.get('cart')).toBe(cart);
    expect(app.system.get('orders')).toBe(orders);
    expect(started.requests.map(target)).not.toContain('GET /api/netb2b/cart-items/');
    cart.send({ type: 'cart.load' });
    orders.send({ type: 'resource.load' });
    await vi.waitFor(() => expect(selectItemCount(cart.getSnapshot())).toBe(1));
    await vi.waitFor(() => expect(selectOrders(orders.getSnapshot())).toHaveLength(1));
    const cartCall = started.requests.find((r) => target(r) === 'GET /api/netb2b/cart-items/');
    expect(cartCall?.headers.get('Authorization')).toMatch(/^Bearer /);

    session.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(cart.getSnapshot().value).toBe('new'));
    expect(selectItemCount(cart.getSnapshot())).toBe(0);
    expect(orders.getSnapshot().value).toBe('new');
    expect(orders.getSnapshot().context.value).toBeNull();
  });

  it('an order placed without the preview refetches the cart and reloads the order list', async () => {
    const started = startApp();
    app = started.app;
    await signIn(app);
    const { cart, orders } = await vi.waitFor(() => children(app!));
    cart.send({ type: 'cart.load' });
    orders.send({ type: 'resource.load' });
    await vi.waitFor(() => expect(cart.getSnapshot().value).toBe('resolved'));
    await vi.waitFor(() => expect(orders.getSnapshot().value).toBe('resolved'));
    const checkout = app.system.get('checkout');
    checkout.send({ type: 'checkout.submitted' });
    // this fake backend has no preview call (it answers 404): the confirmation shows the cart as it is
    await vi.waitFor(() => expect(checkout.getSnapshot().value).toBe('confirmingWithoutPreview'));
    checkout.send({ type: 'checkout.confirmed' });
    await vi.waitFor(() => expect(checkout.getSnapshot().value).toBe('succeeded'));
    const placed = started.requests.find((r) => target(r) === 'POST /api/netb2b/orders/');
    expect(placed?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() =>
      expect(started.requests.filter((r) => target(r) === 'GET /api/netb2b/cart-items/')).toHaveLength(2),
    );
    await vi.waitFor(() =>
      expect(started.requests.filter((r) => target(r) === 'GET /api/netb2b/orders/')).toHaveLength(2),
    );
  });
});
