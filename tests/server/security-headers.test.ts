import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/security/security-headers';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let access: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ access } = await new TestClient(server.app).signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

describe('security headers', () => {
  const answers: [string, () => Response | Promise<Response>][] = [
    ['a public API answer', () => server.app.request('/api/baf/languages/')],
    [
      'an authenticated API answer',
      () => server.app.request('/api/netb2b/brands/', { headers: { Authorization: `Bearer ${access}` } }),
    ],
    ['a 401', () => server.app.request('/api/netb2b/brands/')],
    ['a 400', () => server.app.request('/api/token/', { method: 'POST', body: '{' })],
    ['a 403', () => server.app.request('/api/baf/update-language/', { method: 'POST', body: '{}' })],
    ['a 404', () => server.app.request('/api/nothing/')],
    ['the portal page', () => server.app.request('/')],
    ['a client route', () => server.app.request('/orders/12')],
    ['a static file', () => server.app.request('/assets/app-abc123.js')],
    ['an image', () => server.app.request('/media/logo-wide.svg')],
    ['/config.json', () => server.app.request('/config.json')],
  ];

  it.each(answers)('are on %s', async (_, send) => {
    const response = await send();
    expect(response.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('forbid inline scripts and framing', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });
});
