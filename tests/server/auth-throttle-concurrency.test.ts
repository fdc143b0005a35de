import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/security/passwords';
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

const limits = { perUsername: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** An app whose password checks are counted (the real scrypt check underneath). */
function countingApp() {
  const counter = { checks: 0 };
  const app = server.freshApp({
    throttleLimits: limits,
    verifyPassword: (password, stored) => {
      counter.checks += 1;
      return verifyPassword(password, stored);
    },
  });
  return { app, counter };
}

const attempt = (client: TestClient, username: string, password: string) =>
  client.postJson('/api/token/', { username, password });

describe('sign-in throttling under concurrency', { timeout: 60_000 }, () => {
  it('answers 30 parallel wrong guesses for one username with 401/429, checking at most 5 passwords', async () => {
    const { app, counter } = countingApp();
    const clients = Array.from({ length: 30 }, (_, i) => new TestClient(app, `198.51.100.${i + 1}`));
    const answers = await Promise.all(clients.map((client) => attempt(client, 'buyer', 'guess-123')));
    const statuses = answers.map((a) => a.status);

    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(counter.checks).toBeLessThanOrEqual(limits.perUsername);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(limits.perUsername);
    for (const answer of answers.filter((a) => a.status === 429))
      expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);

    // and afterwards the username stays blocked, even for the right password
    expect((await attempt(new TestClient(app), 'buyer', 'buyer123')).status).toBe(429);
  });

  it('holds the per-address limit for parallel guesses at many usernames from one address', async () => {
    const { app, counter } = countingApp();
    const sprayer = new TestClient(app, '203.0.113.66');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(sprayer, `nobody${i}`, 'guess-123')),
    );
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(counter.checks).toBeLessThanOrEqual(limits.perAddress);
  });

  it('keeps the failures counted from another address when the user signs in successfully', async () => {
    const { app } = countingApp();
    const attacker = new TestClient(app, '198.51.100.200');
    const office = new TestClient(app, '203.0.113.10');
    for (let i = 0; i < 4; i += 1)
      expect((await attempt(attacker, 'colleague', 'wrong-one')).status).toBe(401);

    expect((await attempt(office, 'colleague', 'colleague123')).status).toBe(200);
    // the attacker's four failures still count: one more fills the limit of five
    expect((await attempt(attacker, 'colleague', 'wrong-one')).status).toBe(401);
    expect((await attempt(office, 'colleague', 'colleague123')).status).toBe(429);
  });

  it('forgives the failures of the address that then signs in', async () => {
    const { app } = countingApp();
    const office = new TestClient(app, '203.0.113.11');
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await attempt(office, 'other', 'typo-typo')).status).toBe(401);
      expect((await attempt(office, 'other', 'other123')).status).toBe(200);
    }
  });

  it('releases the reservation of a successful sign-in: many sign-ins in parallel all succeed', async () => {
    const { app, counter } = countingApp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attempt(new TestClient(app, `192.0.2.${i + 50}`), 'private', 'private123'),
      ),
    );
    // in-flight reservations can briefly fill the limit: the others wait for them instead of a 429
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(counter.checks).toBeLessThanOrEqual(8);
    const later = await attempt(new TestClient(app, '192.0.2.99'), 'private', 'private123');
    expect(later.status).toBe(200);
  });
});
