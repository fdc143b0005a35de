import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppActor, createAppActor, type PortalOptions } from '../../../src/machines/app/app.actor';
import { catalogueResourceIds } from '../../../src/machines/app/app.machine';
import { selectNotificationReadsRef, selectNotificationsRef } from '../../../src/machines/app/app.selectors';
import { createPortalApi } from '../../../src/services/api';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../../src/test/fakeFetch';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';

const configurationBody = {
  global: { logo_square: null, logo_wide: '/media/logo-wide.svg', site_name: 'Acme Wholesale' },
  modules: { netb2b: { money_decimal_places: 2, default_customer_type: 1 } },
};
const languagesBody = [{ id: 3, code: 'de', name: 'Deutsch', flag: '/media/flags/de.svg' }];
const path = (r: RecordedRequest) => new URL(r.url).pathname;

function fakeServer() {
  return createFakeFetch((r) => {
    switch (path(r)) {
      case '/api/baf/configuration/':
        return jsonResponse(configurationBody);
      case '/api/baf/languages/':
        return jsonResponse(languagesBody);
      case '/api/token/':
        return jsonResponse(fakeTokenPair({ language: 'de' }));
      default:
        return jsonResponse({ detail: 'Not found' }, { status: 404 });
    }
  });
}

/** The real app with the real API client over a fake server; `adapt` provides on top of the bound app. */
function startApp(adapt?: PortalOptions['adapt']) {
  const fake = fakeServer();
  const app = createAppActor(
    { apiBase: 'http://portal.test/api' },
    { fetch: fake.fetch, ...(adapt ? { adapt } : {}) },
  );
  return { app, requests: fake.requests };
}
const child = <K extends 'session' | 'configuration' | 'languages' | 'preferences'>(app: AppActor, id: K) =>
  app.getSnapshot().children[id]!;

let app: AppActor | undefined;
beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  app?.stop();
  vi.unstubAllGlobals();
});

async function signIn(app: AppActor) {
  await vi.waitFor(() => expect(child(app, 'session').getSnapshot().value).toBe('new'));
  child(app, 'session').send({
    type: 'session.login',
    username: 'buyer',
    password: 'buyer123',
    remember: true,
  });
  await vi.waitFor(() => expect(child(app, 'session').getSnapshot().matches('resolved')).toBe(true));
}

describe('app machine with the real API client', () => {
  it('loads the configuration at start and the languages only on demand', async () => {
    const started = startApp();
    app = started.app;
    await vi.waitFor(() => expect(child(app!, 'configuration').getSnapshot().value).toBe('resolved'));
    expect(child(app, 'configuration').getSnapshot().context.value).toMatchObject({
      siteName: 'Acme Wholesale',
    });
    expect(child(app, 'languages').getSnapshot().value).toBe('new');
    expect(started.requests.map(path)).not.toContain('/api/baf/languages/');
    child(app, 'languages').send({ type: 'resource.load' });
    await vi.waitFor(() => expect(child(app!, 'languages').getSnapshot().value).toBe('resolved'));
    expect(child(app, 'languages').getSnapshot().context.value).toEqual(languagesBody);
  });

  it("sends Accept-Language from the signed-in user's language", async () => {
    const started = startApp();
    app = started.app;
    await signIn(app);
    child(app, 'languages').send({ type: 'resource.load' });
    await vi.waitFor(() => expect(child(app!, 'languages').getSnapshot().value).toBe('resolved'));
    const [configurationCall] = started.requests.filter((r) => path(r) === '/api/baf/configuration/');
    const [languagesCall] = started.requests.filter((r) => path(r) === '/api/baf/languages/');
    expect(configurationCall?.headers.has('Accept-Language')).toBe(false); // before sign-in
    expect(languagesCall?.headers.get('Accept-Language')).toBe('de');
  });

  it('given an API client (main.tsx builds it with the interface language), uses it as is', async () => {
    const fake = fakeServer();
    const api = createPortalApi({
      apiBase: 'http://portal.test/api',
      fetch: fake.fetch,
      getLanguage: () => 'tr',
    });
    app = createAppActor({ api });
    await vi.waitFor(() => expect(child(app!, 'configuration').getSnapshot().value).toBe('resolved'));
    const [configurationCall] = fake.requests.filter((r) => path(r) === '/api/baf/configuration/');
    expect(configurationCall?.headers.get('Accept-Language')).toBe('tr');
  });

  it('clears the catalogue when the session signs out', async () => {
    const clearCatalogue = vi.fn();
    app = startApp((machine) => machine.provide({ actions: { clearCatalogue } })).app;
    await signIn(app);
    expect(clearCatalogue).not.toHaveBeenCalled();
    child(app, 'session').send({ type: 'session.logout' });
    // after the server has ended the session (the revoke call)
    await vi.waitFor(() => expect(clearCatalogue).toHaveBeenCalledOnce());
  });

  it('keeps the public resources on sign-out', async () => {
    app = startApp().app;
    await vi.waitFor(() => expect(child(app!, 'configuration').getSnapshot().value).toBe('resolved'));
    await signIn(app);
    child(app, 'session').send({ type: 'session.logout' });
    await vi.waitFor(() => expect(child(app!, 'session').getSnapshot().value).toBe('new'));
    expect(child(app, 'configuration').getSnapshot().value).toBe('resolved');
  });

  it('offers every catalogue resource as a child, by id and by systemId, not loaded yet', () => {
    app = startApp().app;
    expect(catalogueResourceIds.length).toBeGreaterThan(0);
    const { children } = app.getSnapshot();
    const offered = catalogueResourceIds.map((id) => ({
      id,
      bySystemId: children[id] !== undefined && app!.system.get(id) === children[id],
      value: children[id]?.getSnapshot().value,
    }));
    // lazy: nothing loads before a view asks
    expect(offered).toEqual(catalogueResourceIds.map((id) => ({ id, bySystemId: true, value: 'new' })));
  });

  it('has the notifications and their mark-read only once someone signed in, and forgets them on sign-out', async () => {
    app = startApp().app;
    await vi.waitFor(() => expect(child(app!, 'session').getSnapshot().value).toBe('new'));
    expect(selectNotificationsRef(app.getSnapshot())).toBeUndefined();
    await signIn(app);
    await vi.waitFor(() => expect(selectNotificationsRef(app!.getSnapshot())).toBeDefined());
    expect(app.system.get('notifications')).toBe(selectNotificationsRef(app.getSnapshot()));
    await vi.waitFor(() => expect(selectNotificationReadsRef(app!.getSnapshot())).toBeDefined());
    expect(app.system.get('notificationReads')).toBe(selectNotificationReadsRef(app.getSnapshot()));
    selectNotificationsRef(app.getSnapshot())!.send({ type: 'resource.load' });
    child(app, 'session').send({ type: 'session.logout' });
    // the next user starts from nothing
    await vi.waitFor(() =>
      expect(selectNotificationsRef(app!.getSnapshot())!.getSnapshot().value).toBe('new'),
    );
    expect(selectNotificationsRef(app.getSnapshot())!.getSnapshot().context.value).toBeNull();
  });
});
