import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { verifyPassword } from '../../server/security/passwords';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const limits = { perUsername: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** Two apps on the one database, as two server processes behind a load balancer; checks counted. */
function twoCountingApps() {
  const counter = { checks: 0 };
  const counted: typeof verifyPassword = (password, stored) => {
    counter.checks += 1;
    return verifyPassword(password, stored);
  };
  const apps: [ServerApp, ServerApp] = [
    server.freshApp({ throttleLimits: limits, verifyPassword: counted }),
    server.freshApp({ throttleLimits: limits, verifyPassword: counted }),
  ];
  return { apps, counter };
}

const signIn = (app: ServerApp, address: string, username: string, password: string) =>
  new TestClient(app, address).postJson('/api/token/', { username, password });

describe('the sign-in throttle is shared by every process on the database', { timeout: 180_000 }, () => {
  it('refuses the 6th wrong password for a username however the guesses are spread over two apps', async () => {
    const { apps, counter } = twoCountingApps();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push(
        (await signIn(apps[i % 2] as ServerApp, `198.51.100.${i + 1}`, 'colleague', 'wrong-guess')).status,
      );

    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect(counter.checks).toBe(5);
    // the right password from either app is refused too, until the window has passed
    expect((await signIn(apps[0], '203.0.113.1', 'colleague', 'colleague123')).status).toBe(429);
    expect((await signIn(apps[1], '203.0.113.1', 'colleague', 'colleague123')).status).toBe(429);
  });

  it('holds the per-address limit over two apps', async () => {
    const { apps, counter } = twoCountingApps();
    for (let i = 0; i < 20; i += 1)
      expect(
        (await signIn(apps[i % 2] as ServerApp, '198.51.100.77', `nobody${i}`, 'guess-guess')).status,
      ).toBe(401);
    const blocked = await signIn(apps[0], '198.51.100.77', 'other', 'other123');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await signIn(apps[1], '198.51.100.77', 'other', 'other123')).status).toBe(429);
    expect(counter.checks).toBe(20);
  });

  it('checks at most 5 passwords for 40 parallel wrong guesses sent to two apps', async () => {
    const { apps, counter } = twoCountingApps();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(apps[i % 2] as ServerApp, `192.0.2.${i + 100}`, 'demo', 'guess-guess'),
      ),
    );
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(counter.checks).toBe(5);
  });

  it('lets 60 correct sign-ins of one account at the same moment all in, over two apps', async () => {
    // A check that takes a while but little CPU: what matters is that checks overlap, and 60 real
    // scrypt checks would only measure the machine.
    const slowCheck = async (password: string) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return password === 'private123';
    };
    // Twelve rounds of five checks take a fraction of a second on an idle machine; a loaded one
    // may need longer than the default wait for places in flight, which is not what this test is about.
    const throttleTiming = { inFlightWaitMs: 120_000, pollMs: 50 };
    const apps = [
      server.freshApp({ throttleLimits: limits, verifyPassword: slowCheck, throttleTiming }),
      server.freshApp({ throttleLimits: limits, verifyPassword: slowCheck, throttleTiming }),
    ];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(apps[i % 2] as ServerApp, '203.0.113.60', 'private', 'private123'),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 60 }, () => 200));
  });

  it('forgets a reservation whose process never settled it (a crash) after 30 seconds', async () => {
    // an app whose password checks never end, as if its process had stopped mid-check
    let started = 0;
    let allStarted: () => void = () => {};
    const fiveStarted = new Promise<void>((resolve) => {
      allStarted = resolve;
    });
    const stuck = server.freshApp({
      throttleLimits: limits,
      verifyPassword: () => {
        started += 1;
        if (started === 5) allStarted();
        return new Promise(() => {});
      },
    });
    for (let i = 0; i < 5; i += 1) void signIn(stuck, `192.0.2.${i + 200}`, 'owner', 'owner-guess');
    await fiveStarted;

    server.clock.advance(31_000);
    const { apps } = twoCountingApps();
    const answer = await signIn(apps[0], '192.0.2.250', 'owner', 'wrong-again');
    expect(answer.status).toBe(401);
  });
});
