import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { staffSessionWire } from '../../src/services/api/wire/staff';
import { decodeJwtPayload, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { forgetThrottleCounts } from './support/throttle';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => forgetThrottleCounts(server));

const signInAsStaff = async (client: TestClient, username = 'staff', password = 'staff123') =>
  client.json('POST', '/api/staff/session/', { username, password });

const staffToken = async (client: TestClient) => {
  const answer = await signInAsStaff(client);
  expect(answer.status).toBe(200);
  return staffSessionWire.parse(answer.body).access;
};

const codeOf = (body: unknown) => errorBodyWire.parse(body).code;

describe('the staff console sign-in', { timeout: 60_000 }, () => {
  it('signs the demo staff user in for eight hours, with their name', async () => {
    const client = new TestClient(server.app);
    const before = server.clock.now().getTime();
    const answer = await signInAsStaff(client, ' Staff ');

    expect(answer.status).toBe(200);
    const session = staffSessionWire.parse(answer.body);
    expect(session).toMatchObject({ name: 'Supplier staff', username: 'staff' });
    const lifetime = new Date(session.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(8 * 3600_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(8 * 3600_000 + 1_000);
    expect(decodeJwtPayload(session.access)).toMatchObject({ token_type: 'staff' });
  });

  it('refuses a wrong password and an unknown name alike', async () => {
    const client = new TestClient(server.app);
    const wrong = await signInAsStaff(client, 'staff', 'not-it');
    const unknown = await signInAsStaff(client, 'nobody', 'staff123');

    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect([codeOf(wrong.body), codeOf(unknown.body)]).toEqual([
      'staff_credentials_invalid',
      'staff_credentials_invalid',
    ]);
  });

  it('refuses a customer’s credentials: customers are not staff', async () => {
    const answer = await signInAsStaff(new TestClient(server.app), 'buyer', 'buyer123');
    expect(answer.status).toBe(401);
  });

  it('refuses a deactivated staff user’s sign-in and ends their console at once', async () => {
    const client = new TestClient(server.app);
    await server.database.db
      .insertInto('staff_users')
      .values({
        username: 'leaver',
        password_hash: (
          await server.database.db
            .selectFrom('staff_users')
            .select('password_hash')
            .where('username', '=', 'staff')
            .executeTakeFirstOrThrow()
        ).password_hash,
        name: 'Leaver',
        created_at: new Date().toISOString(),
      })
      .execute();
    const answer = await signInAsStaff(client, 'leaver', 'staff123');
    const token = staffSessionWire.parse(answer.body).access;
    expect((await client.json('GET', '/api/staff/keys/', undefined, token)).status).toBe(200);

    await server.database.db
      .updateTable('staff_users')
      .set({ is_active: 0 })
      .where('username', '=', 'leaver')
      .execute();

    const afterwards = await client.json('GET', '/api/staff/keys/', undefined, token);
    expect(afterwards.status).toBe(401);
    expect(codeOf(afterwards.body)).toBe('staff_token_invalid');
    expect((await signInAsStaff(client, 'leaver', 'staff123')).status).toBe(401);
  });

  it('throttles failed attempts per staff name, even to the right password', async () => {
    const app = server.freshApp({
      throttleLimits: { perUsername: 3, perAddress: 50, windowMs: 15 * 60_000 },
    });
    const guesser = new TestClient(app, '198.51.100.30');
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await signInAsStaff(guesser, 'staff', 'guess')).status).toBe(401);

    const blocked = await signInAsStaff(new TestClient(app, '203.0.113.30'));
    expect(blocked.status).toBe(429);
    expect(codeOf(blocked.body)).toBe('throttled');
    // the customers' sign-in of the same name is another bucket
    expect(
      (
        await new TestClient(app, '203.0.113.31').postJson('/api/token/', {
          username: 'staff',
          password: 'x',
        })
      ).status,
    ).toBe(401);
  });

  it('throttles failed attempts per client address, whatever the name', async () => {
    const app = server.freshApp({
      throttleLimits: { perUsername: 50, perAddress: 3, windowMs: 15 * 60_000 },
    });
    const sprayer = new TestClient(app, '198.51.100.31');
    for (let attempt = 0; attempt < 3; attempt += 1) await signInAsStaff(sprayer, `name${attempt}`, 'guess');

    expect((await signInAsStaff(sprayer)).status).toBe(429);
    expect((await signInAsStaff(new TestClient(app, '203.0.113.32'))).status).toBe(200);
  });
});

describe('staff tokens and customer tokens do not mix', { timeout: 60_000 }, () => {
  it('refuses a staff token on every customer route', async () => {
    const client = new TestClient(server.app);
    const token = await staffToken(client);

    const announcements = await client.json('GET', '/api/baf/announcements/', undefined, token);
    const products = await client.json('GET', '/api/netb2b/products/', undefined, token);
    const company = await client.json('GET', '/api/petekcore/company-info/', undefined, token);

    expect([announcements.status, products.status, company.status]).toEqual([401, 401, 401]);
  });

  it('refuses a customer token, and no token, on every staff route', async () => {
    const client = new TestClient(server.app);
    const { access } = await client.signIn('buyer', 'buyer123');

    const answers = [
      await client.json('GET', '/api/staff/keys/', undefined, access),
      await client.json('POST', '/api/staff/keys/', { name: 'erp', scopes: ['jobs:read'] }, access),
      await client.json('POST', '/api/staff/keys/1/revoke/', {}, access),
      await client.json('GET', '/api/staff/imports/', undefined, access),
      await client.json('GET', '/api/staff/imports', undefined, access),
      await client.json('GET', '/api/staff/keys/'),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers.map((answer) => codeOf(answer.body))).toEqual(Array(6).fill('staff_token_invalid'));
  });

  it('refuses a staff token after its eight hours', async () => {
    const client = new TestClient(server.app);
    const token = await staffToken(client);
    server.clock.advance(8 * 3600_000 + 1_000);
    try {
      const answer = await client.json('GET', '/api/staff/keys/', undefined, token);
      expect(answer.status).toBe(401);
      expect(codeOf(answer.body)).toBe('staff_token_invalid');
    } finally {
      server.clock.advance(-(8 * 3600_000 + 1_000));
    }
  });
});
