import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
