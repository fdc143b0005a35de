import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

describe('GET /config.json', () => {
  it('gives the API base', async () => {
    const response = await server.app.request('/config.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ apiBase: '/api' });
  });
});

describe('the csrftoken cookie on static answers', () => {
  // a new client: no cookie sent, so the CSRF middleware would hand out one
  it.each(['/assets/app-abc123.js', '/media/logo-wide.svg'])(
    'is never set on the cacheable file %s',
    async (path) => {
      const response = await server.app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toMatch(/max-age=[1-9]/);
      expect(response.headers.get('Set-Cookie')).toBeNull();
    },
  );

  it.each(['/', '/index.html', '/orders/12', '/config.json', '/api/baf/languages/'])(
    'is still set on %s, where the portal gets it from',
    async (path) => {
      const response = await server.app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Set-Cookie')).toMatch(/^csrftoken=[A-Za-z0-9_-]{32,}/);
    },
  );
});

describe('serving the built portal', () => {
  it('serves index.html at the root', async () => {
    const response = await server.app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });

  it.each([
    '/orders/',
    '/orders/12',
    '/campaigns/3',
    '/auth/forgot-password/',
    '/settings/',
    '/no/such/page',
  ])('answers the client route %s with index.html so a reload keeps the page', async (path) => {
    const response = await server.app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('serves built files with a long cache, and a missing file as 404 (not the page)', async () => {
    const asset = await server.app.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('portal');
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    const missing = await server.app.request('/assets/missing-123.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
  });

  it('does not answer unknown /api or /media paths with the page', async () => {
    const api = await server.app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect(api.headers.get('Content-Type')).toMatch(/json/);
    const media = await server.app.request('/media/unknown.png');
    expect(media.status).toBe(404);
  });

  it('refuses paths that climb out of the build folder', async () => {
    const response = await server.app.request('/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('"dependencies"');
  });

  it('says how to build when dist/ is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'portal-empty-dist-'));
    try {
      const response = await server.freshApp({ distDir: empty }).request('/orders/');
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/npm run build/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
