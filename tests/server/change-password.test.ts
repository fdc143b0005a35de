import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { verifyPassword } from '../../server/security/passwords';
import { detailAnswerWire, errorBodyWire } from '../../src/services/api/wire/auth';
import { accessStatus, refreshStatus, registeredAccount } from './support/account-access';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => new TestClient(server.app);
const PATH = '/api/change-password/';
const change = (access: string | undefined, current_password: string, password: string) =>
  client().json('POST', PATH, { current_password, password }, access);
const signInStatus = async (username: string, password: string) =>
  (await client().postJson('/api/token/', { username, password })).status;

describe('POST /api/change-password/', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const account = await registeredAccount(server.app);
    const here = await client().signIn(account.username, account.password);
    const elsewhere = await client().signIn(account.username, account.password);

    const answer = await change(here.access, account.password, 'a-new-secret');
    expect(answer.status).toBe(200);
    detailAnswerWire.parse(answer.body);

    expect(await signInStatus(account.username, account.password)).toBe(401);
    expect(await signInStatus(account.username, 'a-new-secret')).toBe(200);
    // the caller's session continues, with its access and its refresh token
    expect(await accessStatus(server.app, here.access)).toBe(200);
    expect(await refreshStatus(server.app, here.refresh)).toBe(200);
    // every other session has ended
    expect(await accessStatus(server.app, elsewhere.access)).toBe(401);
    expect(await refreshStatus(server.app, elsewhere.refresh)).toBe(401);
  });

  it('refuses a wrong current password with 400 wrong_current_password on that field', async () => {
    const account = await registeredAccount(server.app);
    const { access } = await client().signIn(account.username, account.password);
    const answer = await change(access, 'not-my-password', 'a-new-secret');
    expect(answer.status).toBe(400);
    expect(errorBodyWire.parse(answer.body)).toMatchObject({
      code: 'wrong_current_password',
      errors: { current_password: ['The current password is not correct.'] },
    });
    expect(await signInStatus(account.username, account.password)).toBe(200);
  });

  it('refuses a new password under 6 characters with 400 invalid on the password field', async () => {
    const account = await registeredAccount(server.app);
    const { access } = await client().signIn(account.username, account.password);
    const answer = await change(access, account.password, '12345');
    expect(answer.status).toBe(400);
    const body = errorBodyWire.parse(answer.body);
    expect(body.code).toBe('invalid');
    expect(body.errors?.password?.[0]).toContain('6');
    expect(await signInStatus(account.username, account.password)).toBe(200);
  });

  it('refuses a demo account (403 demo_account) and a caller without a token (401)', async () => {
    const { access } = await client().signIn('demo', 'demo123');
    const demo = await change(access, 'demo123', 'a-new-secret');
    expect(demo.status).toBe(403);
    expect(errorBodyWire.parse(demo.body).code).toBe('demo_account');
    expect(await signInStatus('demo', 'demo123')).toBe(200);

    const anonymous = await change(undefined, 'x', 'a-new-secret');
    expect(anonymous.status).toBe(401);
  });

  it('answers 400 for a body without the current password', async () => {
    const { access } = await client().signIn('buyer', 'buyer123');
    const answer = await client().json('POST', PATH, { password: 'a-new-secret' }, access);
    expect(answer.status).toBe(400);
    expect(errorBodyWire.parse(answer.body).errors).toHaveProperty('current_password');
  });
});

describe('throttling wrong current passwords (shared by every process on the database)', {
  timeout: 60_000,
}, () => {
  /** two apps on the one database whose password checks are counted */
  function twoCountingApps() {
    const counter = { checks: 0 };
    const counted: typeof verifyPassword = (password, stored) => {
      counter.checks += 1;
      return verifyPassword(password, stored);
    };
    const apps = [server.freshApp({ verifyPassword: counted }), server.freshApp({ verifyPassword: counted })];
    return { apps, counter };
  }
  const changeOn = (app: ServerApp, access: string, current_password: string, password: string) =>
    new TestClient(app).json('POST', PATH, { current_password, password }, access);

  it('checks no more than 5 wrong current passwords per user in parallel over two apps', async () => {
    const account = await registeredAccount(server.app);
    const { access } = await client().signIn(account.username, account.password);
    const { apps, counter } = twoCountingApps();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        changeOn(apps[i % 2] as ServerApp, access, `guess-${i}`, 'a-new-secret'),
      ),
    );
    expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(counter.checks).toBe(5);
  });

  it('answers 429 throttled after 5 wrong current passwords, even to the right one, until the window passes', async () => {
    const account = await registeredAccount(server.app);
    const { access } = await client().signIn(account.username, account.password);
    const other = await registeredAccount(server.app);
    const otherSession = await client().signIn(other.username, other.password);
    const { apps, counter } = twoCountingApps();
    for (let i = 0; i < 5; i += 1) {
      const answer = await changeOn(apps[i % 2] as ServerApp, access, 'not-my-password', 'a-new-secret');
      expect(errorBodyWire.parse(answer.body).code).toBe('wrong_current_password');
    }
    const blocked = await new TestClient(apps[0] as ServerApp).send(
      'POST',
      PATH,
      { current_password: account.password, password: 'a-new-secret' },
      access,
    );
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    const body = errorBodyWire.parse(await blocked.json());
    expect(body.code).toBe('throttled');
    expect(body.detail).toContain(String(wait));
    expect(counter.checks).toBe(5);
    expect(await signInStatus(account.username, account.password)).toBe(200);
    // another user is not touched
    expect(
      (await changeOn(apps[1] as ServerApp, otherSession.access, other.password, 'b-new-secret')).status,
    ).toBe(200);

    server.clock.advance(15 * 60_000 + 1000);
    const later = await client().signIn(account.username, account.password);
    expect(
      (await changeOn(apps[1] as ServerApp, later.access, account.password, 'a-new-secret')).status,
    ).toBe(200);
  });
});
