import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

describe('signed-in calls loaded on first use', () => {
  /** A signed-in API whose calls but the sign-in are answered with `body`. */
  async function signedIn(body: unknown) {
    const fake = createFakeFetch((request) =>
      new URL(request.url).pathname === '/api/token/' ? jsonResponse(fakeTokenPair()) : jsonResponse(body),
    );
    const api = createPortalApi({
      apiBase: 'http://portal.test/api',
      fetch: fake.fetch,
      getLanguage: () => 'en',
    });
    await api.login({ username: 'buyer', password: 'buyer123' });
    return { api, fake };
  }

  it('a call made before its module has loaded reaches the server and answers parsed', async () => {
    const { api, fake } = await signedIn([{ id: 4, name: 'Dairy' }]);
    await expect(api.categories()).resolves.toEqual([{ id: 4, name: 'Dairy' }]);
    expect(fake.requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/token/',
      '/api/netb2b/categories/',
    ]);
  });

  it('a malformed answer still fails with the parse error, through the stand-in', async () => {
    const { api } = await signedIn([{ id: 'four' }]);
    await expect(api.categories()).rejects.toMatchObject({ kind: 'parse' });
  });

  it('an account-access call goes to its own module, not the signed-in areas', async () => {
    const fake = createFakeFetch(() => jsonResponse({}));
    const api = createPortalApi({
      apiBase: 'http://portal.test/api',
      fetch: fake.fetch,
      getLanguage: () => 'en',
    });
    await api.requestPasswordReset('buyer@example.test');
    expect(fake.requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/password-reset/']);
  });

  it('can be awaited and handed on as itself, and a call read twice is one function', async () => {
    const { api } = await signedIn([]);
    expect(await Promise.resolve(api)).toBe(api);
    expect(api.categories).toBe(api.categories);
  });
});
