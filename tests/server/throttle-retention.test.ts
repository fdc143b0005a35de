import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeThrottleRows } from '../../server/security/throttle/store';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 60 * 60_000;
const rowCount = async () =>
  (await server.database.db.selectFrom('throttle_events').select('id').execute()).length;
const report = (address: string) =>
  new TestClient(server.app, address).send('POST', '/api/errors/', { source: 'retention', message: 'm' });

describe('throttle rows do not pile up', () => {
  it('purgeThrottleRows (for the retention job) deletes rows older than the instant; the rest still count', async () => {
    for (let i = 0; i < 3; i += 1) expect((await report(`192.0.2.${i + 1}`)).status).toBe(202);
    server.clock.advance(2 * HOUR);
    for (let i = 0; i < 20; i += 1) expect((await report('192.0.2.50')).status).toBe(202);
    const before = await rowCount();

    // Each report counts in two buckets, its address's and everyone's. Everyone's old rows went when
    // that bucket was next checked; the three addresses' buckets were never checked again.
    expect(before).toBe(43);
    expect(await purgeThrottleRows(server.database.db, new Date(server.clock.now().getTime() - HOUR))).toBe(
      3,
    );
    expect(await rowCount()).toBe(40);
    // what is left still counts: the address that sent 20 this minute is refused
    expect((await report('192.0.2.50')).status).toBe(429);
  });
});
