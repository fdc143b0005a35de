import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { SITE_NAME } from '../../server/site-configuration';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  // what `vite build` writes next to index.html (vite.config.ts: vite-plugin-pwa and the default manifest)
  writeFileSync(join(server.distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(server.distDir, 'manifest.webmanifest'), '{"name":"B2B Portal"}');
});
afterAll(() => server.close());

describe('GET /sw.js', () => {
  it('is JavaScript the browser checks for a new version at every visit', async () => {
    const response = await server.app.request('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await response.text()).toContain('addEventListener');
  });

  it('is allowed to run as a worker by the security policy', async () => {
    const response = await server.app.request('/sw.js');
    expect(response.headers.get('Content-Security-Policy')).toMatch(/worker-src 'self'/);
  });
});

describe('GET /manifest.webmanifest', () => {
  it('names the supplier, not the build’s default', async () => {
    const response = await server.app.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: SITE_NAME, start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }));
  });

  it('is a manifest the page’s policy lets the browser fetch (default-src or manifest-src self)', async () => {
    const page = await server.app.request('/');
    expect(page.headers.get('Content-Security-Policy')).toMatch(/(manifest-src|default-src) 'self'/);
  });
});

describe('with API_UPSTREAM (the supplier’s own backend)', () => {
  it('serves the build’s default manifest, as the backend’s site configuration is not this server’s', async () => {
    const proxied = server.freshApp({
      deployment: readServerConfig({ API_UPSTREAM: 'https://erp.example/api' }).deployment,
    });
    const response = await proxied.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/);
    expect(await response.json()).toEqual({ name: 'B2B Portal' });
  });
});
