import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { type FlowScreensManifest, flowScreensListWire } from '../../src/services/api/wire/flow-screens';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const BASE = '/api/studio/flow-screens';
const OLD = '0000000000aa';
const NEW = '0000000000bb';
/** a PNG's signature and a little more: the server passes the bytes on as they are */
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let server: TestServer;
let app: ServerApp;
let dir: string;
const tokens: Record<string, string> = {};
const client = () => new TestClient(app);

function writeRun(manifest: FlowScreensManifest) {
  const versionDir = join(dir, manifest.machine, manifest.version);
  mkdirSync(versionDir, { recursive: true });
  writeFileSync(join(versionDir, 'manifest.json'), JSON.stringify(manifest));
  for (const [stateId, state] of Object.entries(manifest.states)) {
    if (!('variants' in state)) continue;
    mkdirSync(join(versionDir, stateId), { recursive: true });
    for (const variant of state.variants) writeFileSync(join(versionDir, stateId, `${variant}.png`), png);
  }
}

const olderRun: FlowScreensManifest = {
  machine: 'checkout',
  version: OLD,
  takenAt: '2025-01-10T09:00:00.000Z',
  states: { 'checkout.form.editing': { variants: ['desktop-light-en'] } },
};
const newerRun: FlowScreensManifest = {
  machine: 'checkout',
  version: NEW,
  takenAt: '2025-02-10T09:00:00.000Z',
  states: {
    'checkout.form.editing': { variants: ['desktop-light-en', 'phone-dark-ar'] },
    'checkout.waitingForSaves': { reason: 'no-screen', detail: 'the drawer stays as it was' },
    'checkout.submitFailed': { reason: 'not-reached' },
  },
};

beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'flow-screens-'));
  writeRun(olderRun);
  writeRun(newerRun);
  // a file that is no manifest, and a manifest in another machine's folder: both left out
  mkdirSync(join(dir, 'checkout', '0000000000cc'), { recursive: true });
  writeFileSync(join(dir, 'checkout', '0000000000cc', 'manifest.json'), '{ not json');
  mkdirSync(join(dir, 'cart', NEW), { recursive: true });
  writeFileSync(join(dir, 'cart', NEW, 'manifest.json'), JSON.stringify(newerRun));
  // what a traversal would be after
  writeFileSync(join(dir, 'secret.png'), 'secret');
  app = server.freshApp({ flowScreensDir: dir });
  for (const name of ['owner', 'colleague'])
    tokens[name] = (await client().signIn(name, `${name}123`)).access;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const image = (path: string, user = 'owner') => client().get(`${BASE}/${path}`, tokens[user]);

describe('GET /api/studio/flow-screens/<machine>/', () => {
  it('lists the machine’s manifests, newest first, leaving out files that are no manifest of it', async () => {
    const response = await client().get(`${BASE}/checkout/`, tokens.owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
    const { manifests } = flowScreensListWire.parse(await response.json());
    expect(manifests).toEqual([newerRun, olderRun]);
  });

  it('answers an empty list for a machine never shot, or with no folder configured', async () => {
    const none = await client().json('GET', `${BASE}/password-reset/`, undefined, tokens.owner);
    expect(none).toEqual({ status: 200, body: { manifests: [] } });
    const unconfigured = new TestClient(server.freshApp()).json(
      'GET',
      `${BASE}/checkout/`,
      undefined,
      tokens.owner,
    );
    expect(await unconfigured).toEqual({ status: 200, body: { manifests: [] } });
  });

  it('asks for a sign-in (401) and refuses a customer who does not review flows (403)', async () => {
    expect((await client().get(`${BASE}/checkout/`)).status).toBe(401);
    const refused = await client().json('GET', `${BASE}/checkout/`, undefined, tokens.colleague);
    expect(refused).toMatchObject({ status: 403, body: { code: 'not_a_flow_reviewer' } });
  });
});

describe('GET /api/studio/flow-screens/<machine>/<version>/<stateId>/<variant>', () => {
  it('sends the shot with its type and cache headers, and 304 when the browser has it', async () => {
    const response = await image(`checkout/${NEW}/checkout.form.editing/phone-dark-ar`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=3600');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
    const etag = response.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await client().request(`${BASE}/checkout/${NEW}/checkout.form.editing/phone-dark-ar`, {
      headers: { Authorization: `Bearer ${tokens.owner}`, 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('answers 404 for a shot not taken, a state without one and a variant that does not exist', async () => {
    for (const path of [
      `checkout/${OLD}/checkout.form.editing/phone-dark-ar`,
      `checkout/${NEW}/checkout.submitFailed/desktop-light-en`,
      `checkout/${NEW}/checkout.form.editing/tablet-light-en`,
    ]) {
      const response = await image(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('reads nothing outside the folder, however the path is spelled', async () => {
    for (const path of [
      `checkout/${NEW}/..%2F..%2Fsecret/desktop-light-en`,
      `checkout/${NEW}/%2E%2E/desktop-light-en`,
      `%2E%2E/${NEW}/checkout.form.editing/desktop-light-en`,
      `checkout/..%2F${NEW}/checkout.form.editing/desktop-light-en`,
      `checkout/${NEW}/checkout.form.editing/..%2F..%2F..%2Fsecret`,
      `checkout/${NEW}/checkout.form.editing%2F..%2F..%2F..%2F..%2Fsecret.png%00/desktop-light-en`,
    ]) {
      const response = await image(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('asks for a sign-in (401) and refuses a customer who does not review flows (403)', async () => {
    const path = `${BASE}/checkout/${NEW}/checkout.form.editing/desktop-light-en`;
    expect((await client().get(path)).status).toBe(401);
    expect((await client().get(path, tokens.colleague)).status).toBe(403);
  });
});
