import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/security/security-headers';
import { startTestServer, type TestServer } from './support/test-server';

/** index.html as the build writes it: one inline script that starts the portal after the first paint. */
const start = '(()=>{import("/assets/index-A.js")})()';
const indexHtml = (script: string) =>
  `<!doctype html><html><head><style>.a{}</style></head><body><div id="root"></div><script>${script}</script></body></html>`;
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const scriptSources = (policy: string | null) =>
  /script-src ([^;]*)/.exec(policy ?? '')?.[1]?.split(' ') ?? [];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  writeFileSync(join(server.distDir, 'index.html'), indexHtml(start));
});
afterAll(() => server.close());

describe("index.html's inline start and the Content-Security-Policy", () => {
  it.each(['/', '/orders/12', '/index.html'])(
    'lets %s run exactly the inline script it carries',
    async (path) => {
      const response = await server.app.request(path);
      expect(await response.text()).toContain(`<script>${start}</script>`);
      expect(scriptSources(response.headers.get('Content-Security-Policy'))).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        hashOf(start),
      ]);
    },
  );

  it('allows no other inline script and keeps the rest of the policy', async () => {
    const policy = (await server.app.request('/')).headers.get('Content-Security-Policy') ?? '';
    expect(policy).not.toMatch(/unsafe-inline'[^;]*;.*script|script-src[^;]*'unsafe-/);
    expect(policy.replace(/ 'sha256-[^']+'/, '')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('follows a new build under the running server', async () => {
    const next = '(()=>{import("/assets/index-B.js")})()';
    writeFileSync(join(server.distDir, 'index.html'), indexHtml(`${next}/* a rebuilt, longer start */`));
    const response = await server.app.request('/');
    expect(scriptSources(response.headers.get('Content-Security-Policy'))).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      hashOf(`${next}/* a rebuilt, longer start */`),
    ]);
    writeFileSync(join(server.distDir, 'index.html'), indexHtml(start));
  });

  it('gives API answers and assets the plain policy, which allows no inline script', async () => {
    for (const path of ['/api/unknown', '/assets/app-abc123.js']) {
      const response = await server.app.request(path);
      expect(response.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});
