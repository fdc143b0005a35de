import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { userIds } from '../../server/seed/accounts';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { orderWire } from '../../src/services/api/wire/orders';
import { accessStatus, refreshStatus, registeredAccount } from './support/account-access';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => new TestClient(server.app);
const PATH = '/api/account-info/';
const signInStatus = async (username: string, password: string) =>
  (await client().postJson('/api/token/', { username, password })).status;

describe('DELETE /api/account-info/', () => {
  it('deletes a registered account: 204, its sessions end, and signing in with it fails', async () => {
    const account = await registeredAccount(server.app);
    const pair = await client().signIn(account.username, account.password);
    const other = await client().signIn(account.username, account.password);

    const answer = await client().json('DELETE', PATH, undefined, pair.access);
    expect(answer).toEqual({ status: 204, body: null });

    expect(await signInStatus(account.username, account.password)).toBe(401);
    expect(await accessStatus(server.app, pair.access)).toBe(401);
    expect(await refreshStatus(server.app, pair.refresh)).toBe(401);
    expect(await refreshStatus(server.app, other.refresh)).toBe(401);
    const row = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', account.username)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('asks the last main user of a company with other users to hand over first (400 hand_over_first)', async () => {
    const { access } = await client().signIn('buyer', 'buyer123');
    const answer = await client().json('DELETE', PATH, undefined, access);
    expect(answer.status).toBe(400);
    const body = errorBodyWire.parse(answer.body);
    expect(body.code).toBe('hand_over_first');
    expect(body.detail).toBeTruthy();
    expect(await signInStatus('buyer', 'buyer123')).toBe(200);
  });

  it('refuses the demo account (403 demo_account)', async () => {
    const { access } = await client().signIn('demo', 'demo123');
    const answer = await client().json('DELETE', PATH, undefined, access);
    expect(answer.status).toBe(403);
    expect(errorBodyWire.parse(answer.body).code).toBe('demo_account');
    expect(await signInStatus('demo', 'demo123')).toBe(200);
  });

  it('keeps the orders of a user who deletes their account; the anonymised row stays', async () => {
    const buyer = await client().signIn('buyer', 'buyer123');
    const ordersOf = async () =>
      z
        .array(orderWire)
        .parse((await client().json('GET', '/api/netb2b/orders/?limit=500', undefined, buyer.access)).body)
        .map((o) => o.id);
    const before = await ordersOf();
    const colleagueOrders = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userIds.colleague as number)
      .execute();
    expect(colleagueOrders.length).toBeGreaterThan(0);

    const colleague = await client().signIn('colleague', 'colleague123');
    expect((await client().json('DELETE', PATH, undefined, colleague.access)).status).toBe(204);
    expect(await signInStatus('colleague', 'colleague123')).toBe(401);
    expect(await refreshStatus(server.app, colleague.refresh)).toBe(401);

    expect(await ordersOf()).toEqual(before);
    for (const { id } of colleagueOrders)
      expect((await client().json('GET', `/api/netb2b/orders/${id}/`, undefined, buyer.access)).status).toBe(
        200,
      );
    const row = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userIds.colleague as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_active: 0, first_name: 'Deleted', email: '' });
    expect(row.deleted_at).not.toBeNull();
  });

  it('needs a token (401)', async () => {
    expect((await client().json('DELETE', PATH)).status).toBe(401);
  });
});
