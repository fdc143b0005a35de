import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { refusedMainProcess } from './support/main-process';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  // a build's index.html carries one inline script, whose hash joins the page's policy
  writeFileSync(
    join(server.distDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module">import("/assets/app-abc123.js")</script></body></html>',
  );
});
afterAll(() => server.close());

/** The app as main.ts builds it from these environment variables. */
const appWith = (env: NodeJS.ProcessEnv) => server.freshApp({ deployment: readServerConfig(env).deployment });

const directives = (policy: string | null) =>
  Object.fromEntries((policy ?? '').split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('API_BASE on another origin', () => {
  const app = () => appWith({ API_BASE: 'https://erp.example/api/' });

  it('is what /config.json tells the portal', async () => {
    const response = await app().request('/config.json');
    expect(await response.json()).toEqual({ apiBase: 'https://erp.example/api' });
  });

  it.each(['/', '/orders/12', '/config.json'])(
    'lets the page at %s call it and show its images, nothing else',
    async (path) => {
      const policy = directives((await app().request(path)).headers.get('Content-Security-Policy'));
      expect(policy['connect-src']).toEqual(["'self'", 'https://erp.example']);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://erp.example']);
      expect(policy['default-src']).toEqual(["'self'"]);
    },
  );

  it('keeps the inline start script allowed on index.html', async () => {
    const policy = directives((await app().request('/')).headers.get('Content-Security-Policy'));
    expect(policy['script-src']).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      expect.stringMatching(/^'sha256-/),
    ]);
  });
});

describe('IMAGE_ORIGIN', () => {
  it('is where images may come from instead of the API host', async () => {
    const app = appWith({
      API_BASE: 'https://erp.example/api',
      IMAGE_ORIGIN: 'https://cdn.example/, https://img.example',
    });
    const policy = directives((await app.request('/')).headers.get('Content-Security-Policy'));
    expect(policy['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example',
      'https://img.example',
    ]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://erp.example']);
  });

  it('joins img-src with the API on the portal’s own origin', async () => {
    const app = appWith({ IMAGE_ORIGIN: 'https://cdn.example' });
    const response = await app.request('/config.json');
    expect(await response.json()).toEqual({ apiBase: '/api' });
    const policy = directives(response.headers.get('Content-Security-Policy'));
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example']);
    expect(policy['connect-src']).toEqual(["'self'"]);
  });
});

describe('API_BASE on the portal’s own origin', () => {
  it('defaults to /api with a policy of the portal’s origin only', async () => {
    const response = await appWith({}).request('/config.json');
    expect(await response.json()).toEqual({ apiBase: '/api' });
    const policy = directives(response.headers.get('Content-Security-Policy'));
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('may be another path', async () => {
    const response = await appWith({ API_BASE: '/b2b/api/' }).request('/config.json');
    expect(await response.json()).toEqual({ apiBase: '/b2b/api' });
  });
});

describe('bad deployment settings', () => {
  it.each([
    [{ API_BASE: 'erp.example/api' }, /API_BASE must be/],
    [{ API_BASE: 'ftp://erp.example/api' }, /API_BASE must be/],
    [{ API_BASE: 'https://erp.example/api?key=1' }, /API_BASE must be/],
    [{ API_BASE: '//erp.example/api' }, /API_BASE must be/],
    [{ IMAGE_ORIGIN: 'https://cdn.example/images' }, /IMAGE_ORIGIN .*without a path/],
    [{ IMAGE_ORIGIN: 'cdn.example' }, /IMAGE_ORIGIN must be/],
    [{ CORS_ORIGINS: '*' }, /CORS_ORIGINS .*any site/],
    [{ CORS_ORIGINS: 'https://portal.example/app' }, /CORS_ORIGINS .*without a path/],
    [{ API_UPSTREAM: 'erp.example' }, /API_UPSTREAM must be/],
    [
      { API_UPSTREAM: 'https://erp.example/api', API_BASE: 'https://erp.example/api' },
      /API_UPSTREAM .*API_BASE/,
    ],
    [{ API_UPSTREAM: 'https://erp.example/api', CORS_ORIGINS: 'https://portal.example' }, /CORS_ORIGINS/],
  ])('refuses %o, naming the setting', (env, message) => {
    expect(() => readServerConfig(env)).toThrow(message);
  });

  it('stops the server before it starts, with the reason', async () => {
    const { code, output } = await refusedMainProcess({ API_BASE: 'erp.example/api' });
    expect(code).toBe(1);
    expect(output).toMatch(/Not starting: API_BASE must be a path such as \/api or a URL/);
  }, 60_000);
});
