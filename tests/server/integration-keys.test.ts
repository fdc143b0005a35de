import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/api-error';
import type { AppEnv } from '../../server/http/app-env';
import type { IntegrationScope } from '../../server/imports/import-kind';
import {
  createIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKey,
  toIntegrationKeyWire,
} from '../../server/integration/keys';
import {
  integrationKeyRule,
  requireIntegrationKey,
  requireScope,
} from '../../server/integration/require-integration-key';
import { startTestServer, type TestServer } from './support/test-server';
import { forgetThrottleCounts } from './support/throttle';

const BASE = '/api/integration/v1';

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());
afterEach(() => forgetThrottleCounts(server));

async function newKey(scopes: IntegrationScope[] = ['catalogue:write', 'prices:write'], name = 'erp') {
  return createIntegrationKey(db(), { name, scopes, createdBy: 'cli', now: server.clock.now() });
}

/** A call as an ERP makes it: a bearer key, no cookie, no CSRF header, from one address. */
async function call(
  path: string,
  {
    key,
    method = 'GET',
    body,
    type,
    address = '198.51.100.7',
  }: {
    key?: string;
    method?: string;
    body?: BodyInit;
    type?: string;
    address?: string;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers.Authorization = `Bearer ${key}`;
  if (type !== undefined) headers['Content-Type'] = type;
  const response = await server.app.request(
    `${BASE}${path}`,
    { method, headers, ...(body === undefined ? {} : { body }) },
    { incoming: { socket: { remoteAddress: address } } },
  );
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}

const lastUsedOf = async (id: number) =>
  (
    await db()
      .selectFrom('integration_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).last_used_at;

describe('integration keys', () => {
  it('shows a new key once and stores only its digest', async () => {
    const { key, secret } = await newKey();
    expect(secret).toMatch(/^opk_[0-9A-Za-z]{8}_[0-9A-Za-z]{32,}$/);
    expect(key.key_prefix).toBe(secret.slice(0, 'opk_'.length + 8));
    expect(key.scopes).toBe('catalogue:write prices:write');

    const stored = await db()
      .selectFrom('integration_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_digest).toBe(createHash('sha256').update(secret).digest('hex'));
    const secretPart = secret.slice(secret.lastIndexOf('_') + 1);
    expect(JSON.stringify(stored)).not.toContain(secretPart);

    const listed = JSON.stringify((await listIntegrationKeys(db())).map(toIntegrationKeyWire));
    expect(listed).toContain(key.key_prefix);
    expect(listed).not.toContain(secretPart);
    expect(listed).not.toContain(stored.key_digest);
    expect(toIntegrationKeyWire(stored)).toEqual({
      id: key.id,
      name: 'erp',
      key_prefix: key.key_prefix,
      scopes: ['catalogue:write', 'prices:write'],
      created_at: key.created_at,
      created_by: 'cli',
      last_used_at: null,
      revoked_at: null,
    });
  });

  it('gives every key its own secret and prefix', async () => {
    const first = await newKey();
    const second = await newKey();
    expect(second.secret).not.toBe(first.secret);
    expect(second.key.key_prefix).not.toBe(first.key.key_prefix);
  });

  it('refuses an empty or long name and unknown or missing scopes', async () => {
    const attempts = [
      { name: ' ', scopes: ['jobs:read'] },
      { name: 'x'.repeat(81), scopes: ['jobs:read'] },
      { name: 'erp', scopes: ['admin'] },
      { name: 'erp', scopes: [] },
    ];
    for (const attempt of attempts) {
      const made = createIntegrationKey(db(), { ...attempt, createdBy: 'cli', now: server.clock.now() });
      await expect(made, JSON.stringify(attempt)).rejects.toBeInstanceOf(ApiError);
      await expect(made).rejects.toMatchObject({ status: 400, body: { code: 'invalid' } });
    }
  });

  it('lets a key call the API and answers 401 to a missing, unknown or malformed key', async () => {
    const { secret } = await newKey();
    const listed = await call('/imports', { key: secret });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ results: [] });

    const unknown = `opk_AAAAAAAA_${'B'.repeat(40)}`;
    for (const key of [undefined, unknown, 'nonsense', `${secret}x`]) {
      const answer = await call('/imports', key === undefined ? {} : { key });
      expect(answer.status, String(key)).toBe(401);
      expect(answer.body.code).toBe('integration_key_invalid');
      expect(answer.headers.get('WWW-Authenticate')).toBe('Bearer realm="integration"');
    }
  });

  it('refuses a revoked key from its next call; revoking again keeps the first time', async () => {
    const { key, secret } = await newKey();
    expect((await call('/imports', { key: secret })).status).toBe(200);

    const revokedAt = server.clock.now();
    const revoked = await revokeIntegrationKey(db(), key.id, revokedAt);
    expect(revoked?.revoked_at).toBe(revokedAt.toISOString());
    const answer = await call('/imports', { key: secret });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('integration_key_invalid');

    server.clock.advance(5_000);
    const again = await revokeIntegrationKey(db(), key.id, server.clock.now());
    expect(again?.revoked_at).toBe(revokedAt.toISOString());
    expect(await revokeIntegrationKey(db(), 987_654, server.clock.now())).toBeNull();
  });

  it('refuses a call outside the key’s scopes with 403 scope_missing naming the scope', async () => {
    const catalogue = await newKey(['catalogue:write']);
    const batch = JSON.stringify({ mode: 'delta', rows: [] });
    const refused = await call('/imports/prices', {
      key: catalogue.secret,
      method: 'POST',
      type: 'application/json',
      body: batch,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('scope_missing');
    expect(refused.body.detail).toContain('prices:write');

    const prices = await newKey(['prices:write']);
    const created = await call('/imports/prices', {
      key: prices.secret,
      method: 'POST',
      type: 'application/json',
      body: batch,
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ kind: 'prices', status: 'queued', created_by: 'key:erp' });
    expect(created.headers.get('Location')).toBe(`${BASE}/imports/${created.body.id}`);

    // reading the job: the kind's scope or jobs:read, nothing else
    const path = `/imports/${created.body.id}`;
    expect((await call(path, { key: prices.secret })).status).toBe(200);
    expect((await call(path, { key: (await newKey(['jobs:read'])).secret })).status).toBe(200);
    const other = await call(path, { key: catalogue.secret });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('scope_missing');
    const listedByOther = await call('/imports', { key: catalogue.secret });
    expect(listedByOther.body).toEqual({ results: [] });
  });

  it('requireScope lets a key with the scope through and answers 403 to one without', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', requireIntegrationKey({ db: db(), now: server.clock.now, trustProxy: 0 }));
    app.get('/guarded', requireScope('customers:write'), (c) => c.json({ key: c.get('integrationKey') }));
    app.onError((error, c) =>
      error instanceof ApiError ? c.json(error.body, error.status) : c.text('', 500),
    );
    const ask = (secret: string) =>
      app.request(
        '/guarded',
        { headers: { Authorization: `Bearer ${secret}` } },
        { incoming: { socket: {} } },
      );

    const holder = await newKey(['customers:write'], 'crm');
    const allowed = await ask(holder.secret);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({
      key: { id: holder.key.id, name: 'crm', scopes: ['customers:write'] },
    });

    const refused = await ask((await newKey(['jobs:read'])).secret);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'scope_missing' });
  });

  it('writes last_used_at on the first call and then at most once a minute', async () => {
    const { key, secret } = await newKey();
    expect(await lastUsedOf(key.id)).toBeNull();

    const first = server.clock.now();
    await call('/imports', { key: secret });
    const written = await lastUsedOf(key.id);
    expect(Date.parse(written ?? '')).toBeGreaterThanOrEqual(first.getTime());

    server.clock.advance(30_000);
    await call('/imports', { key: secret });
    expect(await lastUsedOf(key.id)).toBe(written);

    server.clock.advance(31_000);
    await call('/imports', { key: secret });
    expect(Date.parse((await lastUsedOf(key.id)) ?? '')).toBeGreaterThan(Date.parse(written ?? ''));
  });

  it('throttles wrong keys per address: then even a right key waits, other addresses do not', async () => {
    const { secret } = await newKey();
    const guessing = '203.0.113.66';
    for (let guess = 0; guess < integrationKeyRule.limit; guess++) {
      const answer = await call('/imports', {
        key: `opk_AAAAAAAA_${String(guess).padStart(40, 'C')}`,
        address: guessing,
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call('/imports', { key: `opk_AAAAAAAA_${'D'.repeat(40)}`, address: guessing });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('throttled');
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await call('/imports', { key: secret, address: guessing })).status).toBe(429);
    expect((await call('/imports', { key: secret, address: '203.0.113.67' })).status).toBe(200);

    // the window passes
    server.clock.advance(integrationKeyRule.windowMs + 1_000);
    expect((await call('/imports', { key: secret, address: guessing })).status).toBe(200);
  });
});

describe('the integration API beside the customers’ API', () => {
  it('takes a file larger than the customers’ 1 MB body limit, without a CSRF cookie', async () => {
    const { secret } = await newKey();
    const line = `id,name,price\r\n${'P-1,A product with a long name to fill the file,1.00\r\n'.repeat(40_000)}`;
    const bytes = Buffer.byteLength(line);
    expect(bytes).toBeGreaterThan(1024 * 1024);

    const answer = await call('/imports/products?mode=delta&file_name=products.csv', {
      key: secret,
      method: 'POST',
      type: 'text/csv',
      body: line,
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({
      kind: 'products',
      format: 'csv',
      file_name: 'products.csv',
      file_bytes: bytes,
    });
    expect(answer.headers.get('Set-Cookie')).toBeNull();
  });

  it('answers 401 to a POST without a key rather than a CSRF refusal, and 404 to an unknown call', async () => {
    const anonymous = await call('/imports/products', {
      method: 'POST',
      type: 'application/json',
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('integration_key_invalid');

    const { secret } = await newKey();
    const unknown = await call('/nothing-here', { key: secret });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('no_such_call');
  });

  it('keeps the CSRF check on the customers’ API', async () => {
    const answer = await server.app.request(
      '/api/netb2b/cart-items/',
      { method: 'POST' },
      { incoming: { socket: {} } },
    );
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'csrf_failed' });
  });
});
