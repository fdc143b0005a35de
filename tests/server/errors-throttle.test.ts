import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const storedCount = async (source: string) =>
  (await server.database.db.selectFrom('error_reports').select('id').where('source', '=', source).execute())
    .length;

const report = (app: ServerApp, address: string, source: string) =>
  new TestClient(app, address).send('POST', '/api/errors/', { source, message: 'Failed to fetch' });

describe('error-report throttle (shared by every process on the database)', () => {
  it('accepts 20 reports a minute from one address over two apps, then 429 with Retry-After, storing no more', async () => {
    const apps = [server.freshApp(), server.freshApp()];
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await report(apps[i % 2] as ServerApp, '198.51.100.40', 'flood-one')).status);
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 202), 429, 429, 429, 429, 429]);
    expect(await storedCount('flood-one')).toBe(20);

    const blocked = await report(apps[0] as ServerApp, '198.51.100.40', 'flood-one');
    expect(errorBodyWire.parse(await blocked.json()).code).toBe('throttled');
    const wait = Number(blocked.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // another address still reports
    expect((await report(apps[1] as ServerApp, '198.51.100.41', 'flood-one')).status).toBe(202);

    server.clock.advance(61_000);
    expect((await report(apps[1] as ServerApp, '198.51.100.40', 'flood-one')).status).toBe(202);
  });

  it('accepts at most 300 reports a minute in all, whatever the addresses', async () => {
    server.clock.advance(61_000);
    const apps = [server.freshApp(), server.freshApp()];
    const statuses: number[] = [];
    for (let i = 0; i < 320; i += 1)
      statuses.push(
        (await report(apps[i % 2] as ServerApp, `10.${Math.floor(i / 250)}.${i % 250}.1`, 'flood-all'))
          .status,
      );
    expect(statuses.filter((status) => status === 202)).toHaveLength(300);
    expect(statuses.slice(300)).toEqual(Array.from({ length: 20 }, () => 429));
    expect(await storedCount('flood-all')).toBe(300);
  });
});
