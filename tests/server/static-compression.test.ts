import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { precompressDirectory } from '../../vite-plugins/precompress';
import { startTestServer, type TestServer } from './support/test-server';

const ASSET = '/assets/index-Cq3x9Lm2.js';
const SCRIPT = Array.from(
  { length: 120 },
  (_, i) => `export function line${i}(order) { return order.lines.map((line) => line.quantity * ${i}); }`,
).join('\n');
const PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
${Array.from({ length: 30 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" />`).join('\n')}
<script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100">${Array.from(
  { length: 40 },
  (_, i) => `<rect x="${i * 10}" y="10" width="8" height="80" fill="#0a7" />`,
).join('')}</svg>`;

let server: TestServer;
let app: ServerApp;
let distDir: string;
const original = (path: string) => readFileSync(join(distDir, path));

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  distDir = mkdtempSync(join(tmpdir(), 'portal-compressed-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, ASSET), SCRIPT);
  writeFileSync(join(distDir, `${ASSET}.map`), JSON.stringify({ version: 3, sources: ['src/main.tsx'] }));
  writeFileSync(join(distDir, 'index.html'), PAGE);
  writeFileSync(join(distDir, 'logo.svg'), LOGO);
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDirectory(distDir);
  app = server.freshApp({ distDir });
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  });

const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('precompression at build time', () => {
  it('writes a brotli and a gzip variant of text files, none of maps or tiny files', () => {
    for (const file of [ASSET, '/index.html', '/logo.svg']) {
      expect(existsSync(join(distDir, `${file}.br`))).toBe(true);
      expect(existsSync(join(distDir, `${file}.gz`))).toBe(true);
    }
    expect(existsSync(join(distDir, `${ASSET}.map.br`))).toBe(false);
    expect(existsSync(join(distDir, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(distDir, 'favicon.svg.gz'))).toBe(false);
  });
});

describe.each([
  [ASSET, 'text/javascript', 'public, max-age=31536000, immutable', ASSET],
  ['/', 'text/html', 'no-cache', '/index.html'],
  ['/index.html', 'text/html', 'no-cache', '/index.html'],
  ['/orders/12', 'text/html', 'no-cache', '/index.html'],
  ['/logo.svg', 'image/svg+xml', 'no-cache', '/logo.svg'],
])('GET %s', (path, type, cacheControl, file) => {
  it('sends brotli to a client that accepts it, byte-identical once decoded', async () => {
    for (const acceptEncoding of ['br', 'gzip, deflate, br', 'gzip;q=0.5, br;q=1', '*']) {
      const response = await get(path, acceptEncoding);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Encoding')).toBe('br');
      const body = await bodyOf(response);
      expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
      expect(body.length).toBeLessThan(original(file).length);
      expect(brotliDecompressSync(body).equals(original(file))).toBe(true);
    }
  });

  it('sends gzip to a client that accepts only gzip, or refuses brotli with q=0', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'gzip;q=0.5, br;q=0']) {
      const response = await get(path, acceptEncoding);
      expect(response.headers.get('Content-Encoding')).toBe('gzip');
      const body = await bodyOf(response);
      expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
      expect(gunzipSync(body).equals(original(file))).toBe(true);
    }
  });

  it('sends the original bytes without Content-Encoding when nothing it has is accepted', async () => {
    for (const acceptEncoding of [undefined, '', 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const response = await get(path, acceptEncoding);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Encoding')).toBeNull();
      const body = await bodyOf(response);
      expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
      expect(body.equals(original(file))).toBe(true);
    }
  });

  it("keeps the original's type, the cache policy and Vary on every representation", async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await get(path, acceptEncoding);
      expect(response.headers.get('Content-Type')).toContain(type);
      expect(response.headers.get('Cache-Control')).toBe(cacheControl);
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
      expect(response.headers.get('ETag')).toBeTruthy();
    }
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const get_ = await get(path, 'br');
    const head = await get(path, 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Encoding')).toBe('br');
    expect(head.headers.get('Content-Length')).toBe(get_.headers.get('Content-Length'));
    expect(head.headers.get('Content-Type')).toBe(get_.headers.get('Content-Type'));
    expect(head.headers.get('Vary')).toBe('Accept-Encoding');
    expect((await bodyOf(head)).length).toBe(0);
  });
});

describe('validators', () => {
  it('gives each representation its own ETag and answers a matching If-None-Match with 304', async () => {
    const br = await get(ASSET, 'br');
    const gzip = await get(ASSET, 'gzip');
    const identity = await get(ASSET, 'identity');
    const tags = [br, gzip, identity].map((response) => response.headers.get('ETag'));
    expect(new Set(tags).size).toBe(3);
    const revalidated = await app.request(ASSET, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': tags[0] ?? '' },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('Vary')).toBe('Accept-Encoding');
    expect((await bodyOf(revalidated)).length).toBe(0);
    const otherCoding = await app.request(ASSET, {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': tags[0] ?? '' },
    });
    expect(otherCoding.status).toBe(200);
    expect(otherCoding.headers.get('Content-Encoding')).toBe('gzip');
  });
});

describe('files that are not sent compressed', () => {
  it('sends a tiny file as it is, with Vary', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect((await bodyOf(response)).equals(original('/favicon.svg'))).toBe(true);
  });

  it.each([`${ASSET}.map`, '/assets/missing.js.map', '/logo.svg.map'])(
    'answers %s with 404 although the map is on disk',
    async (path) => {
      expect(existsSync(join(distDir, `${ASSET}.map`))).toBe(true);
      for (const method of ['GET', 'HEAD']) {
        const response = await get(path, 'br, gzip', method);
        expect(response.status).toBe(404);
        expect(response.headers.get('Content-Encoding')).toBeNull();
      }
      const body = await (await get(path)).text();
      expect(body).not.toContain('"sources"');
    },
  );

  it('does not serve the build manifest folder or climb out of dist/', async () => {
    mkdirSync(join(distDir, '.vite'), { recursive: true });
    writeFileSync(join(distDir, '.vite', 'manifest.json'), '{"index.html":{}}');
    expect((await get('/.vite/manifest.json')).status).toBe(404);
    expect((await get('/..%2f..%2fpackage.json')).status).toBe(404);
    expect((await get('/assets/..%2f..%2findex.html')).status).toBe(404);
  });
});
