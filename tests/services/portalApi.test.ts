import { describe, expect, it } from 'vitest';
import { ApiError, NotSignedInError } from '../../src/services/api/errors';
import { createPortalApi } from '../../src/services/api/portalApi';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../src/test/fakeFetch';
import { fakeJwt, fakeTokenPair } from '../../src/test/jwt';

const apiBase = 'http://portal.test/api';
const path = (r: RecordedRequest) => new URL(r.url).pathname;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('auth endpoints', () => {
  it('login posts the credentials without a bearer and returns tokens plus refresh claims', async () => {
    const pair = fakeTokenPair({ name: 'Bea Buyer', language: 'de' });
    const fake = createFakeFetch(() => jsonResponse(pair));
    const api = createPortalApi({ apiBase, fetch: fake.fetch });
    const signedIn = await api.login({ username: 'buyer', password: 'buyer123' });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      body: { username: 'buyer', password: 'buyer123' },
    });
    expect(path(fake.requests[0]!)).toBe('/api/token/');
    expect(fake.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(signedIn.tokens).toEqual(pair);
    expect(signedIn.claims).toMatchObject({
      name: 'Bea Buyer',
      accountName: 'Acme Foods',
      language: 'de',
      isDemo: false,
      canReviewFlows: false,
    });
  });

  it('a token answer whose refresh token lacks the claims is a parse error', async () => {
    const api = createPortalApi({
      apiBase,
      fetch: createFakeFetch(() =>
        jsonResponse({ access: fakeJwt({ exp: 1 }), refresh: fakeJwt({ exp: 1 }) }),
      ).fetch,
    });
    await expect(api.login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringMatching(/^POST token\/: unexpected answer: refresh token claims: name/),
    });
  });

  it('login 401 carries the server detail', async () => {
    const api = createPortalApi({
      apiBase,
      fetch: createFakeFetch(() => jsonResponse({ detail: 'No active account found' }, { status: 401 }))
        .fetch,
    });
    const error = await api.login({ username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 401, detail: 'No active account found' });
  });

  it('authenticated calls carry the access token from the last login', async () => {
    const pair = fakeTokenPair();
    const fake = createFakeFetch((r) =>
      path(r) === '/api/token/'
        ? jsonResponse(pair)
        : jsonResponse({ id: 1, code: 'de', name: 'Deutsch', flag: '/media/flags/de.svg' }),
    );
    const api = createPortalApi({ apiBase, fetch: fake.fetch });
    await api.login({ username: 'buyer', password: 'buyer123' });
    await api.updateLanguage(3);
    expect(fake.requests[1]).toMatchObject({ method: 'POST', body: { language: 3 } });
    expect(path(fake.requests[1]!)).toBe('/api/baf/update-language/');
    expect(fake.requests[1]?.headers.get('Authorization')).toBe(`Bearer ${pair.access}`);
    api.signOut();
    // spec point 8: a signed-in call without tokens is an internal error, never an anonymous request
    await expect(api.updateLanguage(3)).rejects.toBeInstanceOf(NotSignedInError);
    expect(fake.requests).toHaveLength(2);
  });

  it('public catalogue calls map configuration and languages', async () => {
    const fake = createFakeFetch((r) =>
      path(r) === '/api/baf/languages/'
        ? jsonResponse([{ id: 1, code: 'en', name: 'English', flag: '/f/en.svg' }])
        : jsonResponse({
            global: { logo_square: null, logo_wide: '/w.svg', site_name: 'Acme' },
            modules: { netb2b: { money_decimal_places: 2, default_customer_type: 0 } },
          }),
    );
    const api = createPortalApi({ apiBase, fetch: fake.fetch, getLanguage: () => 'tr' });
    await expect(api.languages()).resolves.toEqual([
      { id: 1, code: 'en', name: 'English', flag: '/f/en.svg' },
    ]);
    await expect(api.configuration()).resolves.toMatchObject({
      logoWide: '/w.svg',
      siteName: 'Acme',
      moneyDecimalPlaces: 2,
    });
    expect(fake.requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['tr', 'tr']);
  });
});

describe('single-flight refresh', () => {
  function setup() {
    const first = fakeTokenPair({ marker: 'first' });
    const second = fakeTokenPair({ marker: 'second' });
    const refreshAnswer = deferred<Response>();
    const fake = createFakeFetch((r) => {
      if (path(r) === '/api/token/') return jsonResponse(first);
      if (path(r) === '/api/token/refresh/') return refreshAnswer.promise;
      return jsonResponse({ id: 1, code: 'de', name: 'Deutsch', flag: '/media/flags/de.svg' });
    });
    const api = createPortalApi({ apiBase, fetch: fake.fetch });
    return { api, fake, first, second, refreshAnswer };
  }

  it('concurrent refreshes make one call and share its result', async () => {
    const { api, fake, first, second, refreshAnswer } = setup();
    await api.login({ username: 'buyer', password: 'buyer123' });
    const a = api.refresh(first.refresh);
    const b = api.refresh(first.refresh);
    refreshAnswer.resolve(jsonResponse(second));
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.tokens).toEqual(second);
    expect(rb).toBe(ra);
    expect(fake.requests.filter((r) => path(r) === '/api/token/refresh/')).toHaveLength(1);
  });

  it('requests made during a refresh wait for it and carry the new token', async () => {
    const { api, fake, first, second, refreshAnswer } = setup();
    await api.login({ username: 'buyer', password: 'buyer123' });
    const refreshing = api.refresh(first.refresh);
    const waiting = [api.updateLanguage(1), api.updateLanguage(2)];
    await new Promise((r) => setTimeout(r, 5));
    // nothing but the refresh has gone out while it runs
    expect(fake.requests.map(path)).toEqual(['/api/token/', '/api/token/refresh/']);
    refreshAnswer.resolve(jsonResponse(second));
    await Promise.all([refreshing, ...waiting]);
    const after = fake.requests.filter((r) => path(r) === '/api/baf/update-language/');
    expect(after.map((r) => r.headers.get('Authorization'))).toEqual([
      `Bearer ${second.access}`,
      `Bearer ${second.access}`,
    ]);
  });

  it('a failed refresh forgets the token, so waiting requests fail without going out', async () => {
    const { api, fake, first, refreshAnswer } = setup();
    await api.login({ username: 'buyer', password: 'buyer123' });
    const refreshing = api.refresh(first.refresh);
    const waiting = api.updateLanguage(1);
    refreshAnswer.resolve(jsonResponse({ detail: 'Token is invalid or expired' }, { status: 401 }));
    await expect(refreshing).rejects.toMatchObject({ kind: 'http', status: 401 });
    await expect(waiting).rejects.toBeInstanceOf(NotSignedInError);
    expect(fake.requests.map(path)).toEqual(['/api/token/', '/api/token/refresh/']);
  });

  it('a refresh that finishes after sign-out does not bring the token back', async () => {
    const { api, fake, first, second, refreshAnswer } = setup();
    await api.login({ username: 'buyer', password: 'buyer123' });
    const refreshing = api.refresh(first.refresh);
    api.signOut();
    refreshAnswer.resolve(jsonResponse(second));
    await refreshing;
    await expect(api.updateLanguage(1)).rejects.toBeInstanceOf(NotSignedInError);
    expect(fake.requests.map(path)).toEqual(['/api/token/', '/api/token/refresh/']);
  });
});
