import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { forgetThrottleCounts } from './support/throttle';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// every app on the database shares the counts: each test starts without any
beforeEach(() => forgetThrottleCounts(server));

const limits = { perUsername: 5, perAddress: 8, windowMs: 15 * 60_000 };
const wrong = (client: TestClient, username: string) =>
  client.postJson('/api/token/', { username, password: 'not-the-password' });

describe('throttling failed sign-ins', { timeout: 60_000 }, () => {
  it('answers 429 with Retry-After after 5 failures for one username, even to the right password', async () => {
    const client = new TestClient(server.freshApp({ throttleLimits: limits }));
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await wrong(client, 'buyer')).status).toBe(401);

    const blocked = await client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = errorBodyWire.parse(await blocked.json());
    expect(body.code).toBe('throttled');
    expect(body.detail).toContain(String(retryAfter));
  });

  it('blocks the username from any address, but not other usernames', async () => {
    const app = server.freshApp({ throttleLimits: limits });
    const attacker = new TestClient(app, '198.51.100.7');
    for (let attempt = 1; attempt <= 5; attempt += 1) await wrong(attacker, 'colleague');

    const elsewhere = new TestClient(app, '203.0.113.99');
    expect(
      (await elsewhere.postJson('/api/token/', { username: 'colleague', password: 'colleague123' })).status,
    ).toBe(429);
    expect((await attacker.postJson('/api/token/', { username: 'buyer', password: 'buyer123' })).status).toBe(
      200,
    );
  });

  it('blocks an address that tries many usernames, while other addresses still sign in', async () => {
    const app = server.freshApp({ throttleLimits: limits });
    const sprayer = new TestClient(app, '198.51.100.8');
    for (let attempt = 0; attempt < 8; attempt += 1) await wrong(sprayer, `user${attempt}`);

    const blocked = await sprayer.postJson('/api/token/', { username: 'private', password: 'private123' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    const office = new TestClient(app, '203.0.113.5');
    expect(
      (await office.postJson('/api/token/', { username: 'private', password: 'private123' })).status,
    ).toBe(200);
  });

  it('lets the user in again once the window has passed', async () => {
    const client = new TestClient(server.freshApp({ throttleLimits: limits }));
    for (let attempt = 1; attempt <= 5; attempt += 1) await wrong(client, 'other');
    expect((await client.postJson('/api/token/', { username: 'other', password: 'other123' })).status).toBe(
      429,
    );

    server.clock.advance(15 * 60_000 + 1000);
    try {
      expect((await client.postJson('/api/token/', { username: 'other', password: 'other123' })).status).toBe(
        200,
      );
    } finally {
      server.clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it('forgets a username’s failures after a successful sign-in', async () => {
    const client = new TestClient(server.freshApp({ throttleLimits: limits }));
    for (let attempt = 1; attempt <= 4; attempt += 1) await wrong(client, 'demo');
    expect((await client.postJson('/api/token/', { username: 'demo', password: 'demo123' })).status).toBe(
      200,
    );
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await wrong(client, 'demo')).status).toBe(401);
  });
});
