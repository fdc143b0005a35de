import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SLOW_ANSWER_MS } from '../../../src/machines/kernel/slow-answer';
import { bindSession } from '../../../src/machines/session/session.machine';
import {
  selectCancelled,
  selectIsRestoreSlow,
  selectIsSignInSlow,
} from '../../../src/machines/session/session.selectors';
import { createPortalApi } from '../../../src/services/api';
import { CREDENTIALS_KEY } from '../../../src/services/storage';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { testPorts } from '../../../src/test/ports';

/**
 * With the real API client: a request that hangs can be cancelled, and cancelling aborts
 * the request itself (not only the machine's wait), so nothing keeps waiting for it afterwards.
 */
let local: MemoryStorage;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

interface Seen {
  path: string;
  signal: AbortSignal;
  authorization: string | null;
}

/**
 * A server whose answers the test scripts per path: `'hang'` never answers (until the request is
 * aborted, as a browser's fetch does), anything else is sent as JSON.
 */
function scriptedServer(script: Record<string, Array<'hang' | object>>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    seen.push({ path, signal: request.signal, authorization: request.headers.get('Authorization') });
    const answer = script[path]?.shift() ?? {};
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  };
  const api = createPortalApi({ apiBase: 'http://portal.test/api', fetch: fetch as typeof globalThis.fetch });
  return { api, seen, calls: (path: string) => seen.filter((s) => s.path === path) };
}

describe('a slow sign-in', () => {
  it('says so after SLOW_ANSWER_MS; Cancel aborts POST token/, and signing in again works', async () => {
    const tokens = fakeTokenPair({ marker: 'second', accessExpiresIn: 3600 });
    const server = scriptedServer({ '/api/token/': ['hang', tokens] });
    const actor = createActor(bindSession(testPorts(server.api))).start();
    await flush();
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: false });
    await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS);
    expect(selectIsSignInSlow(actor.getSnapshot())).toBe(true);
    const [hanging] = server.calls('/api/token/');
    expect(hanging?.signal.aborted).toBe(false);

    actor.send({ type: 'session.cancel' });
    await flush();
    expect(hanging?.signal.aborted).toBe(true);
    expect(selectCancelled(actor.getSnapshot())).toBe('signIn');

    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: false });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('resolved')).toBe(true));
    expect(actor.getSnapshot().context.tokens).toEqual(tokens);
    actor.stop();
  });

  it('an answer before SLOW_ANSWER_MS never shows the slow message', async () => {
    const server = scriptedServer({ '/api/token/': [fakeTokenPair({ accessExpiresIn: 3600 })] });
    const actor = createActor(bindSession(testPorts(server.api))).start();
    await flush();
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: false });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('resolved')).toBe(true));
    await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS);
    expect(selectIsSignInSlow(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});

describe('a slow restore at start', () => {
  const stored = fakeTokenPair({ marker: 'stored' }).refresh;
  const storedRaw = JSON.stringify({ version: 2, refresh: stored });

  it('Cancel aborts POST token/refresh/ and keeps the stored credentials; Try again restores them', async () => {
    local.setItem(CREDENTIALS_KEY, storedRaw);
    const rotated = fakeTokenPair({ marker: 'rotated', accessExpiresIn: 3600 });
    const server = scriptedServer({ '/api/token/refresh/': ['hang', rotated] });
    const actor = createActor(bindSession(testPorts(server.api))).start();
    await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS - 1);
    expect(selectIsRestoreSlow(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectIsRestoreSlow(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'session.cancel' });
    await flush();
    const [hanging] = server.calls('/api/token/refresh/');
    expect(hanging?.signal.aborted).toBe(true);
    expect(selectCancelled(actor.getSnapshot())).toBe('restore');
    expect(local.getItem(CREDENTIALS_KEY)).toBe(storedRaw);

    actor.send({ type: 'session.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('resolved')).toBe(true));
    expect(server.calls('/api/token/refresh/')).toHaveLength(2);
    expect(JSON.parse(local.getItem(CREDENTIALS_KEY)!)).toEqual({ version: 2, refresh: rotated.refresh });
    actor.stop();
  });

  it('after a cancelled restore, a password sign-in is not held up by the abandoned refresh', async () => {
    local.setItem(CREDENTIALS_KEY, storedRaw);
    const signedIn = fakeTokenPair({ marker: 'password', accessExpiresIn: 3600 });
    const server = scriptedServer({
      '/api/token/refresh/': ['hang'],
      '/api/token/': [signedIn],
      '/api/baf/update-language/': [{ id: 1, code: 'de', name: 'Deutsch', flag: '/media/flags/de.svg' }],
    });
    const actor = createActor(bindSession(testPorts(server.api))).start();
    await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS);
    actor.send({ type: 'session.cancel' });
    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: true });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('resolved')).toBe(true));

    // authenticated calls wait for a running refresh: an abandoned one that still hung would block them
    await server.api.updateLanguage(1);
    expect(server.calls('/api/baf/update-language/').map((s) => s.authorization)).toEqual([
      `Bearer ${signedIn.access}`,
    ]);
    actor.stop();
  });
});
