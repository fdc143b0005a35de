import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const stored = (source: string) =>
  server.database.db
    .selectFrom('error_reports')
    .selectAll()
    .where('source', '=', source)
    .orderBy('id')
    .execute();

describe('POST /api/errors/ (spec point 8: failures are reported)', () => {
  it('stores a report sent before sign-in without a user, and answers 202 with no body', async () => {
    const client = new TestClient(server.app);
    const response = await client.send('POST', '/api/errors/', {
      source: 'session',
      message: 'Failed to fetch',
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    const [row] = await stored('session');
    expect(row).toMatchObject({
      user_id: null,
      source: 'session',
      message: 'Failed to fetch',
      status: null,
      call: null,
      url: null,
    });
    expect(Number.isNaN(Date.parse(row?.created_at ?? ''))).toBe(false);
  });

  it('keeps the signed-in user and every optional field', async () => {
    const client = new TestClient(server.app);
    const { access } = await client.signIn('buyer', 'buyer123');
    const report = {
      source: 'search',
      message: 'GET netb2b/products/ failed with HTTP 500',
      status: 500,
      call: 'GET netb2b/products/',
      url: '/products',
    };
    expect((await client.send('POST', '/api/errors/', report, access)).status).toBe(202);
    const buyer = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const [row] = await stored('search');
    expect(row).toMatchObject({ ...report, user_id: buyer.id });
  });

  it('an invalid or expired bearer does not refuse the report: it is stored without a user', async () => {
    const client = new TestClient(server.app);
    const response = await client.send(
      'POST',
      '/api/errors/',
      { source: 'notifications', message: 'boom' },
      'not-a-token',
    );
    expect(response.status).toBe(202);
    expect((await stored('notifications'))[0]?.user_id).toBeNull();
  });

  it('refuses a bad body with 400 and stores nothing', async () => {
    const client = new TestClient(server.app);
    const bad: unknown[] = [
      {},
      { source: 'x'.repeat(65), message: 'm' },
      { source: 'bad', message: 'm'.repeat(2001) },
      { source: 'bad', message: 'm', status: 'five hundred' },
      { source: 'bad', message: 'm', status: 500.5 },
      { source: 'bad', message: 'm', call: 'c'.repeat(201) },
      { source: 'bad', message: 'm', url: 'u'.repeat(501) },
      { source: 'bad', message: 'm', extra: true },
      'not json',
    ];
    for (const body of bad) {
      expect((await client.send('POST', '/api/errors/', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await stored('bad')).toHaveLength(0);
  });

  it('accepts the longest allowed fields', async () => {
    const client = new TestClient(server.app);
    const report = {
      source: 's'.repeat(64),
      message: 'm'.repeat(2000),
      call: 'c'.repeat(200),
      url: 'u'.repeat(500),
    };
    expect((await client.send('POST', '/api/errors/', report)).status).toBe(202);
    expect((await stored(report.source))[0]).toMatchObject(report);
  });

  it('follows the CSRF rule of every unsafe call: no header, 403', async () => {
    const client = new TestClient(server.app);
    const response = await client.postJson('/api/errors/', { source: 'csrf', message: 'm' });
    expect(response.status).toBe(403);
    expect(await stored('csrf')).toHaveLength(0);
  });
});
