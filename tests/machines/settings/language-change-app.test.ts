import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppActor, createAppActor } from '../../../src/machines/app/app.actor';
import { selectLanguageChangeRef } from '../../../src/machines/app/app.selectors';
import { selectIsSignedIn, selectLanguage } from '../../../src/machines/session/session.selectors';
import { selectLanguageChangeFailure } from '../../../src/machines/settings/language-change.selectors';
import { CREDENTIALS_KEY } from '../../../src/services/storage';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../../src/test/fakeFetch';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';

const deutsch = { id: 3, code: 'de', name: 'Deutsch', flag: '🇩🇪' };
const path = (r: RecordedRequest) => `${r.method} ${new URL(r.url).pathname}`;
/** The session's and the language's calls, apart from the configuration and notifications the app loads. */
const accountCalls = (requests: RecordedRequest[]) =>
  requests.map(path).filter((call) => /token|update-language/.test(call));

/** A server whose refresh answers with the language the account has now. */
function fakeServer(options: { updateFails?: boolean; refreshFails?: boolean } = {}) {
  let accountLanguage = 'en';
  return createFakeFetch((r) => {
    switch (path(r)) {
      case 'POST /api/token/':
        return jsonResponse(fakeTokenPair({ language: accountLanguage }));
      case 'POST /api/baf/update-language/':
        if (options.updateFails) return jsonResponse({ detail: 'Down' }, { status: 500 });
        accountLanguage = 'de';
        return jsonResponse(deutsch);
      case 'POST /api/token/refresh/':
        if (options.refreshFails) return jsonResponse({ detail: 'Down' }, { status: 502 });
        return jsonResponse(fakeTokenPair({ language: accountLanguage, marker: 'renewed' }));
      // the reference server's discovery: error reports are a capability beyond the specification
      case 'GET /api/capabilities/':
        return jsonResponse({ capabilities: ['errorReports'] });
      case 'POST /api/errors/':
        return jsonResponse({}, { status: 202 });
      case 'GET /api/netb2b/categories/':
        return jsonResponse(
          r.headers.get('Accept-Language') === 'de'
            ? [{ id: 3, name: 'Erfrischungsgetränke & Wasser' }]
            : [{ id: 3, name: 'Soft Drinks & Water' }],
        );
      default:
        return jsonResponse({ detail: 'Not found' }, { status: 404 });
    }
  });
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

async function signedInApp(options: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(options);
  app = createAppActor({ apiBase: 'http://portal.test/api' }, { fetch: server.fetch });
  const session = app.getSnapshot().children.session!;
  await vi.waitFor(() => expect(session.getSnapshot().value).toBe('new'));
  session.send({ type: 'session.login', username: 'buyer', password: 'buyer123', remember: true });
  await vi.waitFor(() => expect(selectIsSignedIn(session.getSnapshot())).toBe(true));
  // the ordering part is a chunk of its own: its first import may take a while on a busy machine
  await vi.waitFor(() => expect(selectLanguageChangeRef(app!.getSnapshot())).toBeDefined(), {
    timeout: 60_000,
  });
  const change = selectLanguageChangeRef(app.getSnapshot())!;
  const switched: string[] = [];
  change.on('language.switched', ({ language }) => switched.push(language));
  return { server, session, change, switched };
}

describe('language change in the running app (spec point 4)', () => {
  it('saves the language, signs in again for the new claim, then switches the interface', async () => {
    const { server, session, change, switched } = await signedInApp();
    change.send({ type: 'language.chosen', language: deutsch, current: 'en' });
    await vi.waitFor(() => expect(switched).toEqual(['de']));
    expect(accountCalls(server.requests)).toEqual([
      'POST /api/token/',
      'POST /api/baf/update-language/',
      'POST /api/token/refresh/',
    ]);
    expect(server.requests.find((r) => path(r).includes('update-language'))?.body).toEqual({ language: 3 });
    // later calls speak German and a reload restores the session with the German claim
    expect(selectLanguage(session.getSnapshot())).toBe('de');
    expect(localStorage.getItem(CREDENTIALS_KEY)).toContain(
      (session.getSnapshot().context.tokens?.refresh ?? 'missing').slice(0, 20),
    );
  });

  it('fetches the texts already shown again once the interface speaks the new language', async () => {
    const { server, change, switched } = await signedInApp();
    const categories = app!.system.get('categories')!;
    categories.send({ type: 'resource.load' });
    await vi.waitFor(() =>
      expect(categories.getSnapshot().context.value).toEqual([{ id: 3, name: 'Soft Drinks & Water' }]),
    );
    change.send({ type: 'language.chosen', language: deutsch, current: 'en' });
    await vi.waitFor(() => expect(switched).toEqual(['de']));
    // the shell has switched i18next and says so; the lists already shown come again, now in German
    change.send({ type: 'language.applied' });
    await vi.waitFor(() =>
      expect(categories.getSnapshot().context.value).toEqual([
        { id: 3, name: 'Erfrischungsgetränke & Wasser' },
      ]),
    );
    const categoryCalls = server.requests.filter((r) => path(r) === 'GET /api/netb2b/categories/');
    expect(categoryCalls.map((r) => r.headers.get('Accept-Language'))).toEqual(['en', 'de']);
    // nothing is asked for that no screen has needed yet
    expect(server.requests.map(path).filter((call) => call.includes('brands'))).toEqual([]);
  });

  it('does nothing for the language already shown', async () => {
    const { server, change, switched } = await signedInApp();
    change.send({ type: 'language.chosen', language: { id: 1, code: 'en' }, current: 'en' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accountCalls(server.requests)).toEqual(['POST /api/token/']);
    expect(switched).toEqual([]);
  });

  it('keeps the interface and reports when the server refuses the update', async () => {
    const { server, change, switched, session } = await signedInApp({ updateFails: true });
    change.send({ type: 'language.chosen', language: deutsch, current: 'en' });
    await vi.waitFor(() => expect(selectLanguageChangeFailure(change.getSnapshot())).toBe('update'));
    await vi.waitFor(() => expect(server.requests.map(path)).toContain('POST /api/errors/'));
    expect(server.requests.map(path)).not.toContain('POST /api/token/refresh/');
    expect(switched).toEqual([]);
    expect(selectLanguage(session.getSnapshot())).toBe('en');
  });

  it('stays signed in with the old claims when signing in again fails', async () => {
    const { change, switched, session } = await signedInApp({ refreshFails: true });
    change.send({ type: 'language.chosen', language: deutsch, current: 'en' });
    await vi.waitFor(() => expect(selectLanguageChangeFailure(change.getSnapshot())).toBe('renewal'));
    expect(switched).toEqual([]);
    expect(selectIsSignedIn(session.getSnapshot())).toBe(true);
  });
});
