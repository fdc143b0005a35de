import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { clientAddress } from '../../server/security/client-address';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** the address clientAddress sees for a request from `peer` with this X-Forwarded-For */
async function seen(trustProxy: number, forwardedFor: string | undefined, peer = '10.0.0.2') {
  const app = new Hono();
  app.get('/', (c) => c.text(clientAddress(c, trustProxy)));
  const headers: Record<string, string> =
    forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor };
  const response = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return response.text();
}

describe('clientAddress', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await seen(0, '203.0.113.7')).toBe('10.0.0.2');
  });

  it('takes the address that many hops from the right with TRUST_PROXY', async () => {
    expect(await seen(1, '203.0.113.7')).toBe('203.0.113.7');
    // the client wrote the first entry itself; the one proxy appended the real peer
    expect(await seen(1, '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seen(2, '1.2.3.4, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    expect(await seen(3, ' 203.0.113.7 ,10.0.0.9')).toBe('203.0.113.7');
  });

  it('falls back to the socket peer when the header is missing or empty', async () => {
    expect(await seen(1, undefined)).toBe('10.0.0.2');
    expect(await seen(1, ' , ')).toBe('10.0.0.2');
  });
});

describe('TRUST_PROXY in the environment', () => {
  it('reads a number of proxies, true as one, and refuses anything else', () => {
    expect(readServerConfig({}).trustProxy).toBe(0);
    expect(readServerConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readServerConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readServerConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(readServerConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(() => readServerConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('reads DEFAULT_CUSTOMER_TYPE (default 1, 0 is off) and NODE_ENV', () => {
    expect(readServerConfig({}).defaultCustomerType).toBe(1);
    expect(readServerConfig({ DEFAULT_CUSTOMER_TYPE: '0' }).defaultCustomerType).toBe(0);
    expect(() => readServerConfig({ DEFAULT_CUSTOMER_TYPE: '-1' })).toThrow(/DEFAULT_CUSTOMER_TYPE/);
    expect(readServerConfig({}).production).toBe(false);
    expect(readServerConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).production).toBe(true);
    expect(readServerConfig({}).smtpUrl).toBeUndefined();
    expect(readServerConfig({ SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBe('smtp://mail.example:587');
  });
});

const limits = { perUsername: 50, perAddress: 3, windowMs: 15 * 60_000 };

/** a sign-in through the proxy at 10.0.0.2, which forwards for `forwardedFor` */
const viaProxy = (client: TestClient, forwardedFor: string, username: string, password: string) =>
  client.request('/api/token/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ username, password }),
  });

describe('the sign-in throttle behind a proxy', () => {
  it('throttles each forwarded client on its own with TRUST_PROXY=1', async () => {
    const proxy = new TestClient(server.freshApp({ throttleLimits: limits, trustProxy: 1 }), '10.0.0.2');
    for (let i = 0; i < 3; i += 1)
      expect((await viaProxy(proxy, '198.51.100.1', `nobody${i}`, 'guess-guess')).status).toBe(401);
    expect((await viaProxy(proxy, '198.51.100.1', 'buyer', 'buyer123')).status).toBe(429);
    // a forged left entry does not help the blocked client: the proxy's own entry counts
    expect((await viaProxy(proxy, '9.9.9.9, 198.51.100.1', 'buyer', 'buyer123')).status).toBe(429);
    // another customer behind the same proxy is not blocked
    expect((await viaProxy(proxy, '203.0.113.50', 'buyer', 'buyer123')).status).toBe(200);
  });

  it('ignores the header without TRUST_PROXY: everyone behind the proxy shares its address', async () => {
    const proxy = new TestClient(server.freshApp({ throttleLimits: limits }), '10.0.0.2');
    for (let i = 0; i < 3; i += 1)
      expect((await viaProxy(proxy, `198.51.100.${i}`, `nobody${i}`, 'guess-guess')).status).toBe(401);
    expect((await viaProxy(proxy, '203.0.113.50', 'buyer', 'buyer123')).status).toBe(429);
  });
});

const HSTS = 'max-age=31536000; includeSubDomains';

/** a public API answer to a new client, over `url`'s scheme, with these forwarded headers */
const answerTo = (
  app: ReturnType<TestServer['freshApp']>,
  url: string,
  headers: Record<string, string> = {},
) => app.request(url, { headers }, { incoming: { socket: { remoteAddress: '10.0.0.2' } } });

const csrfCookieOf = (response: Response) => response.headers.get('Set-Cookie') ?? '';

describe('requests that came over TLS', () => {
  it('get HSTS and a Secure csrftoken cookie over a direct TLS connection', async () => {
    const response = await answerTo(server.freshApp(), 'https://portal.example/api/baf/languages/');
    expect(response.headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(csrfCookieOf(response)).toMatch(/^csrftoken=.*; Secure/);
  });

  it('get neither over plain HTTP', async () => {
    const response = await answerTo(server.freshApp(), 'http://portal.example/api/baf/languages/');
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    expect(csrfCookieOf(response)).toMatch(/^csrftoken=/);
    expect(csrfCookieOf(response)).not.toMatch(/Secure/i);
  });

  it('are recognised by X-Forwarded-Proto from a trusted proxy (TRUST_PROXY=1)', async () => {
    const app = server.freshApp({ trustProxy: 1 });
    const response = await answerTo(app, 'http://portal.example/api/baf/languages/', {
      'X-Forwarded-Proto': 'https',
    });
    expect(response.headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(csrfCookieOf(response)).toMatch(/^csrftoken=.*; Secure/);
    // the index page sets the cookie too, and it is Secure there as well
    const page = await answerTo(app, 'http://portal.example/', { 'X-Forwarded-Proto': 'https' });
    expect(page.headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(csrfCookieOf(page)).toMatch(/^csrftoken=.*; Secure/);
  });

  it('are not believed from X-Forwarded-Proto without TRUST_PROXY', async () => {
    const response = await answerTo(server.freshApp(), 'http://portal.example/api/baf/languages/', {
      'X-Forwarded-Proto': 'https',
    });
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    expect(csrfCookieOf(response)).not.toMatch(/Secure/i);
  });

  it('read the scheme the trusted proxy facing the client wrote, as X-Forwarded-For is read', async () => {
    // one proxy appended "http" after an entry the client wrote itself: the client came over HTTP
    const forged = await answerTo(
      server.freshApp({ trustProxy: 1 }),
      'http://portal.example/api/baf/languages/',
      {
        'X-Forwarded-Proto': 'https, http',
      },
    );
    expect(forged.headers.get('Strict-Transport-Security')).toBeNull();
    // two proxies: the outer one took the client's TLS connection, the hop between them was plain
    const twoHops = await answerTo(
      server.freshApp({ trustProxy: 2 }),
      'http://portal.example/api/baf/languages/',
      { 'X-Forwarded-Proto': 'https, http' },
    );
    expect(twoHops.headers.get('Strict-Transport-Security')).toBe(HSTS);
  });
});
