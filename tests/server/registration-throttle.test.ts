import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { newRegistration, sendWithHeaders } from './support/account-access';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Two apps on the one database whose password hashing is counted (and cheap). */
function twoCountingApps() {
  const counter = { hashes: 0 };
  const hashPassword = async (password: string) => {
    counter.hashes += 1;
    return `counted$${password.length}`;
  };
  const apps: [ServerApp, ServerApp] = [server.freshApp({ hashPassword }), server.freshApp({ hashPassword })];
  return { apps, counter };
}

const registerFrom = (app: ServerApp, address: string, payload: unknown) =>
  sendWithHeaders(new TestClient(app, address), 'POST', '/api/netb2b/register/', payload, {});

describe('registration throttle (shared by every process on the database)', { timeout: 60_000 }, () => {
  it('hashes no password for 200 refused registrations from one address, and throttles them after 20', async () => {
    const { apps, counter } = twoCountingApps();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1)
      statuses.push(
        (
          await registerFrom(
            apps[i % 2] as ServerApp,
            '198.51.100.20',
            newRegistration({ username: 'buyer' }),
          )
        ).status,
      );
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 400));
    expect(statuses.slice(20)).toEqual(Array.from({ length: 180 }, () => 429));
    expect(counter.hashes).toBe(0);

    // a good registration from that address waits too, and costs no hashing
    const blocked = await registerFrom(apps[0], '198.51.100.20', newRegistration());
    expect(blocked.status).toBe(429);
    expect(errorBodyWire.parse(blocked.body).code).toBe('throttled');
    const wait = Number(blocked.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expect(counter.hashes).toBe(0);
    // another address registers, hashing once
    expect((await registerFrom(apps[1], '198.51.100.21', newRegistration())).status).toBe(201);
    expect(counter.hashes).toBe(1);
  });

  it('accepts 30 registrations a minute in all, from any addresses, then 429 until the minute has passed', async () => {
    server.clock.advance(61_000);
    const { apps, counter } = twoCountingApps();
    for (let i = 0; i < 30; i += 1)
      expect(
        (await registerFrom(apps[i % 2] as ServerApp, `203.0.113.${i + 1}`, newRegistration())).status,
      ).toBe(201);
    const blocked = await registerFrom(apps[0], '203.0.113.200', newRegistration());
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(counter.hashes).toBe(30);

    server.clock.advance(61_000);
    expect((await registerFrom(apps[1], '203.0.113.201', newRegistration())).status).toBe(201);
  });

  it('does not count a body that breaks the form rules: it is refused before anything else', async () => {
    const { apps, counter } = twoCountingApps();
    for (let i = 0; i < 15; i += 1)
      expect((await registerFrom(apps[i % 2] as ServerApp, '198.51.100.30', { username: 'x' })).status).toBe(
        400,
      );
    expect((await registerFrom(apps[0], '198.51.100.30', newRegistration())).status).toBe(201);
    expect(counter.hashes).toBe(1);
  });
});
