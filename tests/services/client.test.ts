import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createHttpClient, interfaceLanguageOf, readCookie } from '../../src/services/api/client';
import { ApiError } from '../../src/services/api/errors';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';

const apiBase = 'http://portal.test/api';
const echo = z.object({ ok: z.boolean() });

function client(options: { token?: string | null; language?: string | null; cookies?: string } = {}) {
  const fake = createFakeFetch(() => jsonResponse({ ok: true }));
  const http = createHttpClient({
    apiBase,
    fetch: fake.fetch,
    // signed in unless a test says otherwise: a signed-in call without a token is never sent
    getAccessToken: async () => (options.token === undefined ? 'tok-0' : options.token),
    getLanguage: () => options.language ?? null,
    readCookies: () => options.cookies ?? '',
  });
  return { http, requests: fake.requests };
}

describe('http client headers', () => {
  it('prefixes paths with apiBase and sends JSON bodies', async () => {
    const { http, requests } = client();
    await http.call({ method: 'post', path: 'token/', json: { a: 1 } }, echo, (w) => w);
    expect(requests[0]?.url).toBe('http://portal.test/api/token/');
    expect(requests[0]?.headers.get('Content-Type')).toContain('application/json');
    expect(requests[0]?.headers.get('Accept')).toContain('application/json');
    expect(requests[0]?.body).toEqual({ a: 1 });
  });

  it('echoes the csrftoken cookie in X-CSRFToken on unsafe methods only', async () => {
    const { http, requests } = client({ cookies: 'theme=dark; csrftoken=abc%3D123; other=1' });
    for (const method of ['post', 'put', 'delete'] as const) await http.send({ method, path: 'x/' });
    await http.send({ method: 'get', path: 'x/' });
    expect(requests.map((r) => [r.method, r.headers.get('X-CSRFToken')])).toEqual([
      ['POST', 'abc=123'],
      ['PUT', 'abc=123'],
      ['DELETE', 'abc=123'],
      ['GET', null],
    ]);
  });

  it('omits X-CSRFToken when there is no cookie', async () => {
    const { http, requests } = client();
    await http.send({ method: 'post', path: 'x/' });
    expect(requests[0]?.headers.has('X-CSRFToken')).toBe(false);
  });

  it('sends the bearer token from the getter, except on calls marked auth: false', async () => {
    const { http, requests } = client({ token: 'tok-1' });
    await http.send({ method: 'get', path: 'private/' });
    await http.send({ method: 'post', path: 'token/', auth: false });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[1]?.headers.has('Authorization')).toBe(false);
  });

  it('sends no Authorization header on a call that goes out signed in or not, when there is no token', async () => {
    const { http, requests } = client({ token: null });
    await http.send({ method: 'post', path: 'errors/', auth: 'ifSignedIn' });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it("sends Accept-Language from the session's language when there is one", async () => {
    const signedIn = client({ language: 'de' });
    await signedIn.http.send({ method: 'get', path: 'x/' });
    expect(signedIn.requests[0]?.headers.get('Accept-Language')).toBe('de');
    const anonymous = client({ language: null });
    await anonymous.http.send({ method: 'get', path: 'x/' });
    expect(anonymous.requests[0]?.headers.get('Accept-Language')).not.toBe('de');
  });

  it('sends Accept-Language = the interface language, following every language switch', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: ['en', 'tr', 'de', 'ar'],
      load: 'languageOnly', // as src/ui/app/i18n.ts: de-CH reads German
      resources: {
        en: { translation: {} },
        tr: { translation: {} },
        de: { translation: {} },
        ar: { translation: {} },
      },
    });
    const fake = createFakeFetch(() => jsonResponse({ ok: true }));
    // The account's language (German) does not matter: the header is what the customer reads now.
    const http = createHttpClient({ apiBase, fetch: fake.fetch, getLanguage: interfaceLanguageOf(i18n) });
    await http.send({ method: 'get', path: 'netb2b/categories/' });
    for (const language of ['ar', 'tr', 'de-CH']) {
      await i18n.changeLanguage(language);
      await http.send({ method: 'get', path: 'netb2b/categories/' });
    }
    expect(fake.requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['en', 'ar', 'tr', 'de']);
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('xcsrftoken=no; csrftoken=yes', 'csrftoken')).toBe('yes');
    expect(readCookie('', 'csrftoken')).toBeNull();
  });
});

describe('http client errors', () => {
  const respond = (response: () => Response | Promise<Response>) =>
    createHttpClient({ apiBase, fetch: createFakeFetch(response).fetch });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected the call to fail'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(ApiError);
        return error as ApiError;
      },
    );

  it('turns a 401 with a detail into an http error carrying status, detail and code', async () => {
    const http = respond(() => jsonResponse({ detail: 'No active account', code: 'bad' }, { status: 401 }));
    const error = await failure(http.call({ method: 'post', path: 'token/' }, echo, (w) => w));
    expect(error).toMatchObject({ kind: 'http', status: 401, detail: 'No active account', code: 'bad' });
    expect(error.message).toBe('POST token/ failed with HTTP 401: No active account');
  });

  it("keeps a stock refusal's figure, so the refusal can be worded in the interface language", async () => {
    const http = respond(() =>
      jsonResponse(
        { detail: 'Not enough stock: at most 4 boxes.', code: 'not_enough_stock', max_quantity: 4 },
        { status: 400 },
      ),
    );
    const error = await failure(http.send({ method: 'put', path: 'netb2b/cart-items/5/' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'not_enough_stock', maxQuantity: 4 });
  });

  it('reads Retry-After seconds on 429', async () => {
    const http = respond(() =>
      jsonResponse({ detail: 'slow down' }, { status: 429, headers: { 'Retry-After': '42' } }),
    );
    const error = await failure(http.send({ method: 'post', path: 'token/' }));
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterSeconds: 42 });
  });

  it('reports an HTML error page by status alone', async () => {
    const http = respond(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = await failure(http.send({ method: 'get', path: 'x/' }));
    expect(error).toMatchObject({ kind: 'http', status: 502, detail: null });
  });

  it('turns a failed fetch into a network error', async () => {
    const http = respond(() => Promise.reject(new TypeError('fetch failed')));
    const error = await failure(http.send({ method: 'get', path: 'x/' }));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('GET x/ failed: no answer from the server');
  });

  it('turns a body that is not JSON into a parse error', async () => {
    const http = respond(() => new Response('not json', { status: 200 }));
    const error = await failure(http.call({ method: 'get', path: 'x/' }, echo, (w) => w));
    expect(error).toMatchObject({ kind: 'parse', status: 200 });
    expect(error.message).toBe('GET x/: the answer is not JSON');
  });

  it('turns a body that fails its schema into a parse error naming the field', async () => {
    const http = respond(() => jsonResponse({ ok: 'yes' }));
    const error = await failure(http.call({ method: 'get', path: 'x/' }, echo, (w) => w));
    expect(error.kind).toBe('parse');
    expect(error.message).toMatch(/^GET x\/: unexpected answer: ok: /);
  });

  it('rethrows an abort as is, not as a network error', async () => {
    const controller = new AbortController();
    const http = respond(
      () =>
        new Promise<Response>((_resolve, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (controller.signal.aborted) abort();
          else controller.signal.addEventListener('abort', abort);
        }),
    );
    const pending = http.send({ method: 'get', path: 'x/', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });
});
