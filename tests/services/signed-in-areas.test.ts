import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api';
import { signedInAreaMethods } from '../../src/services/api/signed-in-area-methods';
import { createSignedInAreas } from '../../src/services/api/signed-in-areas';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

describe('signed-in calls loaded on first use', () => {
  it('lists every signed-in call, so none is missing from the portal API', () => {
    const real = Object.keys(createSignedInAreas({} as never)).sort();
    expect([...signedInAreaMethods].sort()).toEqual(real);
  });

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
});
