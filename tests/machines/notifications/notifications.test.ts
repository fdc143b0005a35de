import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppActor, createAppActor } from '../../../src/machines/app/app.actor';
import { selectNotificationReadsRef, selectNotificationsRef } from '../../../src/machines/app/app.selectors';
import {
  selectMarkReadError,
  selectNotifications,
  selectNotificationsStatus,
  selectUnreadNotificationCount,
} from '../../../src/machines/notifications/notifications.selectors';
import { CREDENTIALS_KEY } from '../../../src/services/storage';
import { aNotificationWire } from '../../../src/test/builders';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../../src/test/fakeFetch';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';

const configurationBody = {
  global: { logo_square: null, logo_wide: null, site_name: 'Acme Wholesale' },
  modules: { netb2b: { money_decimal_places: 2, default_customer_type: 1 } },
};
const notice = (id: number, read = false) => aNotificationWire({ id, name: `Notice ${id}`, read });
const campaignsBody = [
  {
    id: 2,
    name: 'Summer',
    description: '',
    banner: '/media/campaigns/2.svg',
    starts_at: '2026-11-18T10:00:00.000Z',
    ends_at: '2027-11-21T10:00:00.000Z',
    campaign_prices: [],
  },
];
const path = (r: RecordedRequest) => new URL(r.url).pathname;

/**
 * `capabilities`: what the backend announces (null: no discovery call, a backend of the specification
 * only); `notificationsCall: false`: the notification calls are answered as calls it does not have.
 */
function startApp({
  markReadStatus = 200,
  capabilities = ['notifications'] as string[] | null,
  notificationsCall = true,
} = {}) {
  const fake = createFakeFetch((r) => {
    const p = path(r);
    if (p === '/api/capabilities/' && capabilities) return jsonResponse({ capabilities });
    if (p.startsWith('/api/netb2b/notifications/') && !notificationsCall)
      return jsonResponse({ detail: 'No such call.', code: 'no_such_call' }, { status: 404 });
    if (p === '/api/baf/configuration/') return jsonResponse(configurationBody);
    if (p === '/api/token/' || p === '/api/token/refresh/') return jsonResponse(fakeTokenPair());
    if (p === '/api/netb2b/notifications/') return jsonResponse([notice(4), notice(5), notice(6, true)]);
    if (p === '/api/netb2b/campaigns/') return jsonResponse(campaignsBody);
    const read = /^\/api\/netb2b\/notifications\/(\d+)\/read\/$/.exec(p);
    if (read)
      return markReadStatus === 200
        ? jsonResponse(notice(Number(read[1]), true))
        : jsonResponse({ detail: 'Server error' }, { status: markReadStatus });
    return jsonResponse({ detail: 'Not found' }, { status: 404 });
  });
  const app = createAppActor({ apiBase: 'http://portal.test/api' }, { fetch: fake.fetch });
  return { app, requests: fake.requests };
}
/** The list, there while someone is signed in. */
const notificationsOf = (app: AppActor) => {
  const list = selectNotificationsRef(app.getSnapshot());
  if (!list)
    throw new Error('no notifications list: nobody is signed in (or the ordering part has not arrived)');
  return list;
};
const readsOf = (app: AppActor) => selectNotificationReadsRef(app.getSnapshot())!;
/** No mark-read call is running. */
const readsSettled = (app: AppActor) => readsOf(app).getSnapshot().matches('idle');
const session = (app: AppActor) => app.getSnapshot().children.session!;
const calls = (requests: RecordedRequest[], p: string) => requests.filter((r) => path(r) === p);

async function signIn(app: AppActor) {
  await vi.waitFor(() => expect(session(app).getSnapshot().value).toBe('new'));
  session(app).send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: false });
  await vi.waitFor(() => expect(session(app).getSnapshot().matches('resolved')).toBe(true));
  // mark-read comes with the cart area, a chunk of its own loaded after the sign-in
  await vi.waitFor(() => expect(selectNotificationReadsRef(app.getSnapshot())).toBeDefined(), {
    timeout: 60_000,
  });
}

let app: AppActor | undefined;
beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  app?.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notifications on a backend without them', () => {
  it('a backend of the specification only (no discovery) is never asked for notifications', async () => {
    const started = startApp({ capabilities: null });
    app = started.app;
    await vi.waitFor(() =>
      expect(app!.getSnapshot().children.capabilities?.getSnapshot().value).toBe('known'),
    );
    await signIn(app);
    await vi.waitFor(() =>
      expect(selectNotificationsStatus(notificationsOf(app!).getSnapshot())).toBe('unavailable'),
    );
    notificationsOf(app).send({ type: 'resource.load' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls(started.requests, '/api/netb2b/notifications/')).toHaveLength(0);
  });

  it('a notification call answered as missing ends the notifications without a retry', async () => {
    const started = startApp({ notificationsCall: false });
    app = started.app;
    await signIn(app);
    await vi.waitFor(() =>
      expect(selectNotificationsStatus(notificationsOf(app!).getSnapshot())).toBe('unavailable'),
    );
    notificationsOf(app).send({ type: 'resource.load' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls(started.requests, '/api/netb2b/notifications/')).toHaveLength(1);
  });
});

describe('notifications in the app', () => {
  it('are not there while nobody is signed in, so nothing can ask for them', async () => {
    const started = startApp();
    app = started.app;
    await vi.waitFor(() => expect(session(app!).getSnapshot().value).toBe('new'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(selectNotificationsRef(app.getSnapshot())).toBeUndefined();
    expect(app.system.get('notifications')).toBeUndefined();
    expect(calls(started.requests, '/api/netb2b/notifications/')).toHaveLength(0);
  });

  it('load by themselves after a login (spec: after loggedIn refresh notifications), with the bearer', async () => {
    const started = startApp();
    app = started.app;
    await signIn(app);
    await vi.waitFor(() =>
      expect(selectNotificationsStatus(notificationsOf(app!).getSnapshot())).toBe('resolved'),
    );
    const [call] = calls(started.requests, '/api/netb2b/notifications/');
    expect(call?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(selectUnreadNotificationCount(notificationsOf(app).getSnapshot())).toBe(2);
  });

  it('after a restored session (page reload) they load once the signed-in part is there (the bell shows everywhere)', async () => {
    localStorage.setItem(
      CREDENTIALS_KEY,
      JSON.stringify({ version: 2, refresh: fakeTokenPair({ marker: 'stored' }).refresh }),
    );
    const started = startApp();
    app = started.app;
    await vi.waitFor(() => expect(session(app!).getSnapshot().matches('resolved')).toBe(true));
    await vi.waitFor(() =>
      expect(selectNotificationsStatus(notificationsOf(app!).getSnapshot())).toBe('resolved'),
    );
    expect(calls(started.requests, '/api/netb2b/notifications/')).toHaveLength(1);
  });

  it('are cleared on sign-out together with the other catalogue lists', async () => {
    const started = startApp();
    app = started.app;
    await signIn(app);
    const campaigns = app.getSnapshot().children.campaigns!;
    campaigns.send({ type: 'resource.load' });
    await vi.waitFor(() => expect(campaigns.getSnapshot().value).toBe('resolved'));
    await vi.waitFor(() => expect(selectNotifications(notificationsOf(app!).getSnapshot())).toHaveLength(3));

    const list = notificationsOf(app);
    session(app).send({ type: 'session.logout' });

    // the list and mark-read forget what they had: the next user starts from nothing
    await vi.waitFor(() =>
      expect(list.getSnapshot()).toMatchObject({ value: 'new', context: { value: null } }),
    );
    expect(readsOf(app).getSnapshot()).toMatchObject({
      value: 'idle',
      context: { pendingReadIds: [], markReadError: null },
    });
    expect(campaigns.getSnapshot()).toMatchObject({ value: 'new', context: { value: null } });
  });

  it('mark read shows at once and stays read when the server agrees', async () => {
    const started = startApp();
    app = started.app;
    await signIn(app);
    await vi.waitFor(() =>
      expect(selectUnreadNotificationCount(notificationsOf(app!).getSnapshot())).toBe(2),
    );
    readsOf(app).send({ type: 'reads.markRead', id: 4 });
    readsOf(app).send({ type: 'reads.markRead', id: 5 });
    // optimistic: both count as read before any answer
    expect(selectUnreadNotificationCount(notificationsOf(app).getSnapshot())).toBe(0);
    await vi.waitFor(() => expect(readsSettled(app!)).toBe(true));
    expect(selectNotificationsStatus(notificationsOf(app).getSnapshot())).toBe('resolved');
    expect(
      started.requests.filter((r) => r.method === 'POST' && path(r).includes('/read/')).map((r) => path(r)),
    ).toEqual(['/api/netb2b/notifications/4/read/', '/api/netb2b/notifications/5/read/']);
    expect(selectUnreadNotificationCount(notificationsOf(app).getSnapshot())).toBe(0);
  });

  it('mark read rolls back to unread when the call fails, and says why', async () => {
    app = startApp({ markReadStatus: 500 }).app;
    await signIn(app);
    await vi.waitFor(() =>
      expect(selectUnreadNotificationCount(notificationsOf(app!).getSnapshot())).toBe(2),
    );
    readsOf(app).send({ type: 'reads.markRead', id: 4 });
    expect(selectUnreadNotificationCount(notificationsOf(app).getSnapshot())).toBe(1);
    await vi.waitFor(() => expect(readsSettled(app!)).toBe(true));
    expect(selectUnreadNotificationCount(notificationsOf(app).getSnapshot())).toBe(2);
    expect(selectNotifications(notificationsOf(app).getSnapshot())[0]).toMatchObject({ id: 4, read: false });
    expect(selectMarkReadError(readsOf(app).getSnapshot())).toMatchObject({
      kind: 'http',
      status: 500,
    });
  });

  it('ignores a second mark read of the same notification', async () => {
    const started = startApp();
    app = started.app;
    await signIn(app);
    await vi.waitFor(() =>
      expect(selectUnreadNotificationCount(notificationsOf(app!).getSnapshot())).toBe(2),
    );
    readsOf(app).send({ type: 'reads.markRead', id: 4 });
    readsOf(app).send({ type: 'reads.markRead', id: 4 });
    readsOf(app).send({ type: 'reads.markRead', id: 6 }); // already read
    await vi.waitFor(() => expect(readsSettled(app!)).toBe(true));
    expect(started.requests.filter((r) => r.method === 'POST' && path(r).includes('/read/'))).toHaveLength(1);
  });
});
