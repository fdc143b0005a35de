import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createHttpClient } from '../../src/services/api/client';
import { ApiError, NotSignedInError } from '../../src/services/api/errors';
import { createPortalApi } from '../../src/services/api/portalApi';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

// Spec point 8: "Using the authenticated API without tokens, or with an expired refresh token, raises an
// internal error." The call must not go out without its bearer.

const apiBase = 'http://portal.test/api';
const echo = z.object({ ok: z.boolean() });

function clientWithoutToken() {
  const fake = createFakeFetch(() => jsonResponse({ ok: true }));
  const http = createHttpClient({ apiBase, fetch: fake.fetch, getAccessToken: async () => null });
  return { http, requests: fake.requests };
}

describe('an authenticated call without tokens', () => {
  it('is not sent: it rejects with NotSignedInError naming the call', async () => {
    const { http, requests } = clientWithoutToken();
    const pending = http.call({ method: 'get', path: 'netb2b/orders/' }, echo, (w) => w);
    await expect(pending).rejects.toBeInstanceOf(NotSignedInError);
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    await expect(pending).rejects.toMatchObject({ call: 'GET netb2b/orders/' });
    await expect(http.send({ method: 'post', path: 'netb2b/cart-items/' })).rejects.toBeInstanceOf(
      NotSignedInError,
    );
    expect(requests).toHaveLength(0);
  });

  it('leaves the public calls and an "if signed in" call alone: they go out without a bearer', async () => {
    const { http, requests } = clientWithoutToken();
    await http.send({ method: 'get', path: 'baf/configuration/', auth: false });
    await http.send({ method: 'post', path: 'errors/', auth: 'ifSignedIn' });
    expect(requests.map((r) => [r.url, r.headers.has('Authorization')])).toEqual([
      [`${apiBase}/baf/configuration/`, false],
      [`${apiBase}/errors/`, false],
    ]);
  });

  it('after sign-out, a signed-in call raises NotSignedInError while the public ones still work', async () => {
    const tokens = fakeTokenPair();
    const fake = createFakeFetch((request) => {
      if (request.url.endsWith('/token/')) return jsonResponse(tokens);
      if (request.url.endsWith('/baf/languages/')) return jsonResponse([]);
      return jsonResponse([]);
    });
    const api = createPortalApi({ apiBase, fetch: fake.fetch });
    await api.login({ username: 'buyer', password: 'buyer123' });
    await api.orders();
    expect(fake.requests.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${tokens.access}`);

    api.signOut();
    const sent = fake.requests.length;
    await expect(api.orders()).rejects.toBeInstanceOf(NotSignedInError);
    expect(fake.requests).toHaveLength(sent);
    await expect(api.languages()).resolves.toEqual([]);
  });

  it('with an expired refresh token, the calls waiting for the refresh raise NotSignedInError', async () => {
    const tokens = fakeTokenPair();
    let refreshAnswer: (response: Response) => void = () => undefined;
    const fake = createFakeFetch((request) => {
      if (request.url.endsWith('/token/')) return jsonResponse(tokens);
      if (request.url.endsWith('/token/refresh/'))
        return new Promise<Response>((resolve) => {
          refreshAnswer = resolve;
        });
      return jsonResponse([]);
    });
    const api = createPortalApi({ apiBase, fetch: fake.fetch });
    await api.login({ username: 'buyer', password: 'buyer123' });

    const refreshing = api.refresh(tokens.refresh).catch((error: unknown) => error);
    const waiting = api.orders();
    await new Promise((resolve) => setTimeout(resolve, 0));
    refreshAnswer(jsonResponse({ detail: 'Token is expired', code: 'token_not_valid' }, { status: 401 }));
    await expect(refreshing).resolves.toMatchObject({ status: 401 });
    await expect(waiting).rejects.toBeInstanceOf(NotSignedInError);
    expect(fake.requests.some((r) => r.url.endsWith('/netb2b/orders/'))).toBe(false);
  });
});
