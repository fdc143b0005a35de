import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { cookieForPortal } from '../../server/http/api-proxy';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The reference server in front of a supplier's backend (API_UPSTREAM): the portal's host answers
 * /api/* from the upstream. The upstream here is a second reference server on the test's database
 * (so the CSRF round trip is the real one), or an app that echoes what reached it.
 */
let upstream: TestServer;
beforeAll(async () => {
  upstream = await startTestServer();
});
afterAll(() => upstream.close());

const UPSTREAM = 'http://erp.test/api';

/** The portal's server as main.ts builds it with API_UPSTREAM, reaching the upstream through `fetch`. */
const portalFor = (fetch: typeof globalThis.fetch, env: NodeJS.ProcessEnv = {}) =>
  upstream.freshApp({
    deployment: readServerConfig({ API_UPSTREAM: UPSTREAM, ...env }).deployment,
    upstreamFetch: fetch,
  });

/** The portal's server in front of the reference server. */
const inFrontOfReference = () =>
  portalFor(async (input, init) => upstream.app.fetch(new Request(input, init)));

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** An upstream that tells what reached it, and sets two cookies the way a backend on its own host would. */
function echoUpstream() {
  const seen: Seen[] = [];
  const app = new Hono();
  app.all('*', async (c) => {
    seen.push({
      url: c.req.url,
      method: c.req.method,
      headers: Object.fromEntries(c.req.raw.headers),
      body: await c.req.text(),
    });
    c.header('Set-Cookie', 'csrftoken=upstream-token; Domain=erp.test; Path=/; SameSite=Lax', {
      append: true,
    });
    c.header('Set-Cookie', 'session_hint=1; Path=/api/netb2b; HttpOnly', { append: true });
    c.header('Connection', 'keep-alive, X-Upstream-Only');
    c.header('X-Upstream-Only', 'this hop only');
    c.header('Content-Security-Policy', 'default-src *');
    return c.json({ answered: 'by the upstream' }, 201);
  });
  const fetch: typeof globalThis.fetch = async (input, init) => app.fetch(new Request(input, init));
  return { seen, fetch };
}

describe('the reference server in front of another backend (API_UPSTREAM)', () => {
  it('signs in and reads the cart through the upstream, same origin for the browser', async () => {
    const portal = new TestClient(inFrontOfReference());
    const tokens = await portal.signIn('buyer', 'buyer123');
    const cart = await portal.get('/api/netb2b/cart-items/?detailed=true', tokens.access);
    expect(cart.status).toBe(200);
    expect(Array.isArray(await cart.json())).toBe(true);
  });

  it('hands out the upstream’s csrftoken cookie and passes it back with the header', async () => {
    const portal = inFrontOfReference();
    // the portal's own pages set no cookie of their own: it would shadow the upstream's
    const page = await portal.request('/');
    expect(page.headers.get('Set-Cookie')).toBeNull();

    const first = await portal.request('/api/baf/languages/');
    const cookie = /^csrftoken=([A-Za-z0-9_-]+);/.exec(first.headers.get('Set-Cookie') ?? '')?.[1];
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(first.headers.get('Set-Cookie')).toMatch(/Path=\//);

    const { access } = await new TestClient(portal).signIn('buyer', 'buyer123');
    const call = (headers: Record<string, string>) =>
      portal.request('/api/netb2b/cart-items/999999/', {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${access}`, Cookie: `csrftoken=${cookie}`, ...headers },
      });
    // past the upstream's CSRF check: its answer about the record itself
    const echoed = await call({ 'X-CSRFToken': cookie ?? '' });
    expect(echoed.status).toBe(404);
    expect(await echoed.json()).toMatchObject({ code: 'not_found' });
    // without the header the upstream refuses, and its refusal reaches the browser as it is
    const refused = await call({});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'csrf_failed' });
  });

  it('passes the call on whole: path, query, body and the portal’s headers, without hop-by-hop ones', async () => {
    const { seen, fetch } = echoUpstream();
    const answer = await portalFor(fetch).request(
      '/api/netb2b/orders/?page=2',
      {
        method: 'POST',
        headers: {
          Authorization: 'Bearer the-access-token',
          'Accept-Language': 'de',
          'Content-Type': 'application/json',
          Cookie: 'csrftoken=abc; other=1',
          'X-CSRFToken': 'abc',
          'Idempotency-Key': 'order-1',
          Connection: 'keep-alive, X-Client-Hop',
          'X-Client-Hop': 'for this hop',
          'Proxy-Authorization': 'Basic c2VjcmV0',
          Host: 'portal.example',
        },
        body: JSON.stringify({ items: [] }),
      },
      { incoming: { socket: { remoteAddress: '192.0.2.7' } } },
    );
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ answered: 'by the upstream' });
    const [request] = seen;
    expect(request?.url).toBe('http://erp.test/api/netb2b/orders/?page=2');
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe('{"items":[]}');
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer the-access-token',
      'accept-language': 'de',
      'content-type': 'application/json',
      cookie: 'csrftoken=abc; other=1',
      'x-csrftoken': 'abc',
      'idempotency-key': 'order-1',
      'x-forwarded-for': '192.0.2.7',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'portal.example',
    });
    expect(request?.headers).not.toHaveProperty('x-client-hop');
    expect(request?.headers).not.toHaveProperty('proxy-authorization');
  });

  it('gives the browser the upstream’s cookies on the portal’s host, and drops its hop-by-hop headers', async () => {
    const { fetch } = echoUpstream();
    const answer = await portalFor(fetch).request('/api/baf/configuration/');
    expect(answer.headers.getSetCookie()).toEqual([
      'csrftoken=upstream-token; Path=/; SameSite=Lax',
      'session_hint=1; Path=/api/netb2b; HttpOnly',
    ]);
    expect(answer.headers.get('X-Upstream-Only')).toBeNull();
    // the portal host's own security headers stay on the passed-on answer
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(answer.headers.get('Content-Security-Policy')).toContain(
      "img-src 'self' data: blob: http://erp.test",
    );
  });

  it('serves the upstream’s media from the same host, for image paths like /media/products/1.svg', async () => {
    const { seen, fetch } = echoUpstream();
    await portalFor(fetch).request('/media/products/1.svg');
    expect(seen.map((s) => s.url)).toEqual(['http://erp.test/media/products/1.svg']);
  });

  it('does not answer /api itself: discovery and every other call go to the upstream', async () => {
    const { seen, fetch } = echoUpstream();
    await portalFor(fetch).request('/api/capabilities/');
    expect(seen.map((s) => s.url)).toEqual(['http://erp.test/api/capabilities/']);
  });

  it('refuses a body over the limit without bothering the upstream', async () => {
    const { seen, fetch } = echoUpstream();
    const answer = await portalFor(fetch).request('/api/netb2b/orders/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ code: 'payload_too_large' });
    expect(seen).toEqual([]);
  });

  it('keeps a path from climbing out of the upstream’s prefix', async () => {
    const { seen, fetch } = echoUpstream();
    const portal = portalFor(fetch);
    await portal.request('/api/%2e%2e/admin/');
    await portal.request('/api/netb2b/%2E%2E/%2e%2e/admin/');
    await portal.request('/api/..%2f..%2fadmin/');
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(['/api/..%2f..%2fadmin/']);
  });

  it('answers 502 with a JSON detail when the upstream cannot be reached', async () => {
    const unreachable: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const answer = await portalFor(unreachable).request('/api/netb2b/orders/');
      expect(answer.status).toBe(502);
      expect(answer.headers.get('Content-Type')).toMatch(/application\/json/);
      expect(await answer.json()).toMatchObject({ code: 'bad_gateway', detail: expect.any(String) });
    } finally {
      console.error = original;
    }
    // the operator learns which upstream failed
    expect(String(errors[0])).toMatch(/http:\/\/erp\.test/);
  });
});

describe('cookieForPortal', () => {
  it.each([
    ['a=1; Domain=erp.example; Path=/; Secure', '/api', 'a=1; Path=/; Secure'],
    ['a=1; Path=/api/netb2b', '/api', 'a=1; Path=/api/netb2b'],
    ['a=1; Path=/b2b/api/netb2b', '/b2b/api', 'a=1; Path=/api/netb2b'],
    ['a=1; Path=/b2b', '/b2b/api', 'a=1; Path=/'],
    ['a=1; path=/x', '', 'a=1; path=/'],
  ])('makes %s (upstream at %s) a cookie of the portal’s host', (cookie, upstreamPath, expected) => {
    expect(cookieForPortal(cookie, upstreamPath, '/api')).toBe(expected);
  });
});
