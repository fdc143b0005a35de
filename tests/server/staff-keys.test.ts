import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import {
  createdKeyWire,
  integrationKeyListWire,
  integrationKeyWire,
  staffSessionWire,
} from '../../src/services/api/wire/staff';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let client: TestClient;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  const answer = await client.json('POST', '/api/staff/session/', {
    username: 'staff',
    password: 'staff123',
  });
  token = staffSessionWire.parse(answer.body).access;
});
afterAll(() => server.close());

const staffCall = (method: string, path: string, body?: unknown) => client.json(method, path, body, token);

describe('integration keys in the staff console', { timeout: 60_000 }, () => {
  it('makes a key whose secret is answered once and never listed', async () => {
    const created = await staffCall('POST', '/api/staff/keys/', {
      name: 'ERP',
      scopes: ['prices:write', 'catalogue:write'],
    });

    expect(created.status).toBe(201);
    const key = createdKeyWire.parse(created.body);
    expect(key).toMatchObject({
      name: 'ERP',
      scopes: ['catalogue:write', 'prices:write'],
      created_by: 'staff:staff',
      revoked_at: null,
      last_used_at: null,
    });
    expect(key.key.startsWith(`${key.key_prefix}_`)).toBe(true);

    const listed = await staffCall('GET', '/api/staff/keys/');
    expect(listed.status).toBe(200);
    const { results } = integrationKeyListWire.parse(listed.body);
    expect(results.map((each) => each.id)).toContain(key.id);
    expect(JSON.stringify(listed.body)).not.toContain(key.key);
    const stored = await server.database.db.selectFrom('integration_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key.key);
  });

  it('revokes a key: the list shows it revoked, a second revoke keeps the first time', async () => {
    const created = createdKeyWire.parse(
      (await staffCall('POST', '/api/staff/keys/', { name: 'Old shop', scopes: ['jobs:read'] })).body,
    );

    const revoked = await staffCall('POST', `/api/staff/keys/${created.id}/revoke/`, {});
    expect(revoked.status).toBe(200);
    const first = integrationKeyWire.parse(revoked.body);
    expect(first.revoked_at).not.toBeNull();

    server.clock.advance(60_000);
    try {
      const again = integrationKeyWire.parse(
        (await staffCall('POST', `/api/staff/keys/${created.id}/revoke/`, {})).body,
      );
      expect(again.revoked_at).toBe(first.revoked_at);
    } finally {
      server.clock.advance(-60_000);
    }
    const { results } = integrationKeyListWire.parse((await staffCall('GET', '/api/staff/keys/')).body);
    expect(results.find((each) => each.id === created.id)?.revoked_at).toBe(first.revoked_at);
  });

  it('answers 404 for revoking a key that does not exist', async () => {
    const answer = await staffCall('POST', '/api/staff/keys/999999/revoke/', {});
    expect(answer.status).toBe(404);
    expect((await staffCall('POST', '/api/staff/keys/abc/revoke/', {})).status).toBe(404);
  });

  it('refuses a key without a name or without scopes, naming the field', async () => {
    const nameless = await staffCall('POST', '/api/staff/keys/', { name: '  ', scopes: ['jobs:read'] });
    const scopeless = await staffCall('POST', '/api/staff/keys/', { name: 'x', scopes: [] });
    const unknownScope = await staffCall('POST', '/api/staff/keys/', { name: 'x', scopes: ['orders:write'] });

    expect([nameless.status, scopeless.status, unknownScope.status]).toEqual([400, 400, 400]);
    expect(Object.keys(errorBodyWire.parse(nameless.body).errors ?? {})).toContain('name');
    expect(Object.keys(errorBodyWire.parse(scopeless.body).errors ?? {})).toContain('scopes');
  });
});
