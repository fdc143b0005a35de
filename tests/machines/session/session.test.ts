import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toLoginError } from '../../../src/machines/session/session.errors';
import { bindSession, type SessionEmitted } from '../../../src/machines/session/session.machine';
import { selectLoginError } from '../../../src/machines/session/session.selectors';
import { ApiError, createPortalApi, type LoginCredentials, type SignedIn } from '../../../src/services/api';
import { CREDENTIALS_KEY } from '../../../src/services/storage';
import { someClaims } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../../src/test/fakeFetch';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { testPorts } from '../../../src/test/ports';

let local: MemoryStorage;
let tab: MemoryStorage;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  local = new MemoryStorage();
  tab = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', tab);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

const signedIn = (options: Parameters<typeof fakeTokenPair>[0] = {}): SignedIn => ({
  tokens: fakeTokenPair(options),
  claims: someClaims(),
});
const http401 = new ApiError({ kind: 'http', call: 'POST token/refresh/', status: 401 }, 'HTTP 401');

/** The real machine with real storage (stubbed globals); only the network actors are controlled. */
function start() {
  const refresh = controllableActor<SignedIn, { refresh: string }>();
  const login = controllableActor<SignedIn, LoginCredentials>();
  const revokedWhileStored: Array<{ refresh: string; stored: string | null }> = [];
  const api = {
    signOut: vi.fn(),
    // what the server is asked to end, and whether the client still held its credentials then
    revokeSession: vi.fn(async (refreshToken: string) => {
      revokedWhileStored.push({
        refresh: refreshToken,
        stored: local.getItem(CREDENTIALS_KEY) ?? tab.getItem(CREDENTIALS_KEY),
      });
    }),
  };
  const actor = createActor(
    bindSession(testPorts(api)).provide({ actors: { refreshTokens: refresh.logic, login: login.logic } }),
  );
  const emitted: SessionEmitted['type'][] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { actor, refresh, login, api, emitted, revokedWhileStored };
}

async function signIn(remember: boolean, session = signedIn()) {
  const sut = start();
  await flush(); // nothing stored → new
  sut.actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember });
  sut.login.next().resolve(session);
  await flush();
  return sut;
}

describe('session: restore at start', () => {
  it('refreshes usable stored credentials and resolves without navigating', async () => {
    const stored = fakeTokenPair().refresh;
    local.setItem(CREDENTIALS_KEY, JSON.stringify({ version: 2, refresh: stored }));
    const sut = start();
    await flush();
    expect(sut.actor.getSnapshot().matches({ restoring: 'refreshing' })).toBe(true);
    const call = sut.refresh.next();
    expect(call.input.refresh).toBe(stored);
    const session = signedIn();
    call.resolve(session);
    await flush();
    expect(sut.actor.getSnapshot().matches('resolved')).toBe(true);
    expect(sut.actor.getSnapshot().context).toMatchObject({ tokens: session.tokens, remember: true });
    // the rotated refresh token replaces the stored one
    expect(JSON.parse(local.getItem(CREDENTIALS_KEY)!)).toEqual({
      version: 2,
      refresh: session.tokens.refresh,
    });
    expect(sut.emitted).toEqual([]); // a reload keeps its route: no session.signedIn
  });

  it('goes to new without a call when the stored credentials are of another version', async () => {
    local.setItem(CREDENTIALS_KEY, JSON.stringify({ version: 1, refresh: fakeTokenPair().refresh }));
    const sut = start();
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('new');
    expect(sut.refresh.calls).toHaveLength(0);
  });

  it('goes to new when the stored refresh token has expired', async () => {
    tab.setItem(
      CREDENTIALS_KEY,
      JSON.stringify({ version: 2, refresh: fakeTokenPair({ expiresIn: -5 }).refresh }),
    );
    const sut = start();
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('new');
    expect(sut.refresh.calls).toHaveLength(0);
  });

  it('a refresh 401 at start rejects with sessionExpired and forgets the stored credentials', async () => {
    local.setItem(CREDENTIALS_KEY, JSON.stringify({ version: 2, refresh: fakeTokenPair().refresh }));
    const sut = start();
    await flush();
    sut.refresh.next().reject(http401);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('rejected');
    expect(selectLoginError(sut.actor.getSnapshot())).toEqual({ kind: 'sessionExpired' });
    expect(local.getItem(CREDENTIALS_KEY)).toBeNull();
  });
});

describe('session: login and logout', () => {
  it('with Remember Me stores {version 2, refresh} in localStorage and announces the sign-in', async () => {
    const session = signedIn();
    const sut = await signIn(true, session);
    expect(JSON.parse(local.getItem(CREDENTIALS_KEY)!)).toEqual({
      version: 2,
      refresh: session.tokens.refresh,
    });
    expect(tab.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(sut.emitted).toEqual(['session.signedIn']);
  });

  it('without Remember Me stores them for this tab only', async () => {
    const session = signedIn();
    await signIn(false, session);
    expect(JSON.parse(tab.getItem(CREDENTIALS_KEY)!)).toEqual({
      version: 2,
      refresh: session.tokens.refresh,
    });
    expect(local.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('logout ends the session on the server, then clears storage, tokens and the API token, and announces the sign-out', async () => {
    const sut = await signIn(true);
    const refreshToken = sut.actor.getSnapshot().context.tokens?.refresh;
    sut.actor.send({ type: 'session.logout' });
    await flush();
    expect(sut.revokedWhileStored).toEqual([
      { refresh: refreshToken, stored: expect.stringContaining(refreshToken!) },
    ]);
    expect(sut.actor.getSnapshot().value).toBe('new');
    expect(sut.actor.getSnapshot().context).toMatchObject({ tokens: null, claims: null });
    expect([local.getItem(CREDENTIALS_KEY), tab.getItem(CREDENTIALS_KEY)]).toEqual([null, null]);
    expect(sut.api.signOut).toHaveBeenCalledOnce();
    expect(sut.emitted).toEqual(['session.signedIn', 'session.signedOut']);
  });

  it('logout on a backend without revoke forgets the session at once and asks the server nothing', async () => {
    const sut = await signIn(true);
    sut.actor.send({ type: 'session.logout', revoke: false });
    expect(sut.actor.getSnapshot().value).toBe('new');
    expect(sut.api.revokeSession).not.toHaveBeenCalled();
    expect(sut.actor.getSnapshot().context).toMatchObject({ tokens: null, claims: null });
    expect([local.getItem(CREDENTIALS_KEY), tab.getItem(CREDENTIALS_KEY)]).toEqual([null, null]);
    expect(sut.api.signOut).toHaveBeenCalledOnce();
    expect(sut.emitted).toEqual(['session.signedIn', 'session.signedOut']);
  });

  it('a revoke answered as a call the backend lacks signs out without waiting', async () => {
    const sut = await signIn(true);
    sut.api.revokeSession.mockRejectedValueOnce(
      new ApiError(
        { kind: 'http', call: 'POST token/revoke/', status: 404, code: 'no_such_call' },
        'HTTP 404',
      ),
    );
    sut.actor.send({ type: 'session.logout' });
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('new');
    expect(sut.emitted).toEqual(['session.signedIn', 'session.signedOut']);
  });

  it('a new login clears the banner of the failed one', async () => {
    const sut = start();
    await flush();
    sut.actor.send({ type: 'session.login', username: 'buyer', password: 'wrong', remember: false });
    sut.login
      .next()
      .reject(new ApiError({ kind: 'http', call: 'POST token/', status: 401, detail: 'No' }, 'x'));
    await flush();
    expect(selectLoginError(sut.actor.getSnapshot())).toEqual({
      kind: 'invalidCredentials',
      code: null,
      detail: 'No',
    });
    sut.actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: false });
    expect(selectLoginError(sut.actor.getSnapshot())).toBeNull();
  });
});

describe('session: access-token refresh', () => {
  it('refreshes once when the access token exp passes, then waits for the new token', async () => {
    const sut = await signIn(true, signedIn({ accessExpiresIn: 300 }));
    await vi.advanceTimersByTimeAsync(299_000);
    expect(sut.refresh.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sut.actor.getSnapshot().value).toEqual({ resolved: 'refreshing' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sut.refresh.calls).toHaveLength(1); // once, however long the refresh takes
    const rotated = signedIn({ accessExpiresIn: 300, marker: 'rotated' });
    sut.refresh.next().resolve(rotated);
    await flush();
    expect(sut.actor.getSnapshot().value).toEqual({ resolved: 'active' });
    expect(sut.actor.getSnapshot().context.tokens).toEqual(rotated.tokens);
    expect(JSON.parse(local.getItem(CREDENTIALS_KEY)!).refresh).toBe(rotated.tokens.refresh);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(sut.refresh.calls).toHaveLength(0); // the next refresh follows the new token's exp
  });

  it('a refresh failure ends the session', async () => {
    const sut = await signIn(true);
    await vi.advanceTimersByTimeAsync(300_000);
    sut.refresh.next().reject(http401);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('rejected');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      tokens: null,
      error: { kind: 'sessionExpired' },
    });
    expect(sut.emitted.at(-1)).toBe('session.signedOut');
    expect(sut.api.signOut).toHaveBeenCalled();
    expect(local.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('with the real API, requests made during the refresh wait for it and carry the new token', async () => {
    const first = fakeTokenPair({ marker: 'first' });
    const rotated = fakeTokenPair({ marker: 'rotated', accessExpiresIn: 3600 });
    let answerRefresh!: () => void;
    const refreshAnswered = new Promise<void>((resolve) => {
      answerRefresh = resolve;
    });
    const path = (r: RecordedRequest) => new URL(r.url).pathname;
    const fake = createFakeFetch(async (r) => {
      if (path(r) === '/api/token/') return jsonResponse(first);
      if (path(r) === '/api/token/refresh/') {
        await refreshAnswered;
        return jsonResponse(rotated);
      }
      return jsonResponse({ id: 1, code: 'de', name: 'Deutsch', flag: '/media/flags/de.svg' });
    });
    const api = createPortalApi({ apiBase: 'http://portal.test/api', fetch: fake.fetch });
    const actor = createActor(bindSession(testPorts(api))).start();
    await flush();
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: false });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('resolved')).toBe(true));
    await vi.advanceTimersByTimeAsync(300_000);
    const during = [api.updateLanguage(1), api.updateLanguage(2)];
    await flush();
    expect(fake.requests.map(path)).toEqual(['/api/token/', '/api/token/refresh/']);
    answerRefresh();
    await Promise.all(during);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ resolved: 'active' }));
    expect(fake.requests.filter((r) => path(r) === '/api/token/refresh/')).toHaveLength(1);
    const languageCalls = fake.requests.filter((r) => path(r) === '/api/baf/update-language/');
    expect(languageCalls.map((r) => r.headers.get('Authorization'))).toEqual([
      `Bearer ${rotated.access}`,
      `Bearer ${rotated.access}`,
    ]);
    actor.stop();
  });
});

describe('login error kinds (spec point 8)', () => {
  const http = (status: number, fields: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
    new ApiError({ kind: 'http', call: 'POST token/', status, ...fields }, `HTTP ${status}`);

  it.each([
    [
      '401 with the server detail',
      http(401, { detail: 'No active account' }),
      { kind: 'invalidCredentials', code: null, detail: 'No active account' },
    ],
    ['401 without a detail', http(401), { kind: 'invalidCredentials', code: null, detail: '' }],
    [
      '401 with its code, which the view words in the interface language',
      http(401, {
        code: 'invalid_credentials',
        detail: 'No active account found with the given credentials',
      }),
      {
        kind: 'invalidCredentials',
        code: 'invalid_credentials',
        detail: 'No active account found with the given credentials',
      },
    ],
    [
      '403 inactive_user',
      http(403, { code: 'inactive_user', detail: 'Inactive' }),
      { kind: 'inactiveUser', detail: 'Inactive' },
    ],
    [
      '401 inactive_user',
      http(401, { code: 'inactive_user', detail: 'Inactive' }),
      { kind: 'inactiveUser', detail: 'Inactive' },
    ],
    [
      '429 with Retry-After',
      http(429, { retryAfterSeconds: 30 }),
      { kind: 'throttled', retryAfterSeconds: 30 },
    ],
    ['429 without Retry-After', http(429), { kind: 'throttled', retryAfterSeconds: 60 }],
    ['403 of another kind', http(403), { kind: 'unknown' }],
    ['500', http(500), { kind: 'unknown' }],
    ['no answer', new ApiError({ kind: 'network', call: 'POST token/' }, 'x'), { kind: 'unknown' }],
    [
      'a malformed answer',
      new ApiError({ kind: 'parse', call: 'POST token/', status: 200 }, 'x'),
      { kind: 'unknown' },
    ],
    ['a programming error', new TypeError('x is undefined'), { kind: 'unknown' }],
  ])('%s', (_name, error, expected) => {
    expect(toLoginError(error)).toEqual(expected);
  });
});
