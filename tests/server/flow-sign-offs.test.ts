import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '../../server/accounts/delete-user';
import { latestSignOffs } from '../../server/flow-sign-offs/flow-sign-off-queries';
import { userIds } from '../../server/seed/accounts';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { signOffListWire, signOffWire } from '../../src/services/api/wire/flow-sign-offs';
import { type JsonAnswer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const BASE = '/api/studio/sign-offs/';
const V1 = '0123456789ab';
const V2 = 'abcdef012345';

let server: TestServer;
const tokens: Record<string, string> = {};
const client = () => new TestClient(server.app);

beforeAll(async () => {
  server = await startTestServer();
  // owner and buyer review flows (server/seed/accounts.ts); colleague does not
  for (const name of ['owner', 'buyer', 'colleague'])
    tokens[name] = (await client().signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

const call = (user: string | null, method: string, path: string, body?: unknown): Promise<JsonAnswer> =>
  client().json(method, path, body, user ? tokens[user] : undefined);

const history = async (user: string, machine: string) => {
  const answer = await call(user, 'GET', `${BASE}?machine=${machine}`);
  expect(answer.status).toBe(200);
  return signOffListWire.parse(answer.body).sign_offs;
};

const signOff = (user: string, body: Record<string, unknown>) => call(user, 'POST', BASE, body);

describe('POST /api/studio/sign-offs/', () => {
  it('stores a sign-off with the trimmed comment, the signer and the time, and answers 201', async () => {
    const answer = await signOff('owner', { machine: 'checkout', version: V1, comment: '  Looks right.  ' });
    expect(answer.status).toBe(201);
    const stored = signOffWire.parse(answer.body);
    expect(stored).toMatchObject({
      machine: 'checkout',
      version: V1,
      comment: 'Looks right.',
      signed_by: 'Petra Olsen',
    });
    expect(Date.parse(stored.signed_at)).toBeLessThanOrEqual(server.clock.now().getTime());
  });

  it('refuses an empty or too long comment and a malformed machine or version, naming each field', async () => {
    const blank = await signOff('owner', { machine: 'checkout', version: V1, comment: '   ' });
    expect(blank.status).toBe(400);
    expect(Object.keys(errorBodyWire.parse(blank.body).errors ?? {})).toEqual(['comment']);

    const long = await signOff('owner', { machine: 'checkout', version: V1, comment: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(Object.keys(errorBodyWire.parse(long.body).errors ?? {})).toEqual(['comment']);

    const wrong = await signOff('owner', { machine: '../Checkout', version: 'V1', comment: 'ok' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(errorBodyWire.parse(wrong.body).errors ?? {}).sort()).toEqual(['machine', 'version']);

    expect(await history('owner', 'checkout')).not.toContainEqual(
      expect.objectContaining({ comment: '   ' }),
    );
  });

  it('accepts a comment of exactly 2000 characters', async () => {
    const answer = await signOff('owner', { machine: 'cart-line', version: V1, comment: 'y'.repeat(2000) });
    expect(answer.status).toBe(201);
  });
});

describe('GET /api/studio/sign-offs/?machine=', () => {
  it("lists one machine's sign-offs newest first, each with its signer's name", async () => {
    await signOff('owner', { machine: 'password-reset', version: V1, comment: 'First review.' });
    server.clock.advance(60_000);
    await signOff('buyer', { machine: 'password-reset', version: V2, comment: 'Second review.' });
    await signOff('owner', { machine: 'registration', version: V1, comment: 'Another machine.' });
    const list = await history('owner', 'password-reset');
    expect(list.map((each) => [each.version, each.comment, each.signed_by])).toEqual([
      [V2, 'Second review.', 'Maria Keller'],
      [V1, 'First review.', 'Petra Olsen'],
    ]);
    const latest = await latestSignOffs(server.database.db);
    expect(latest.get('password-reset')?.version).toBe(V2);
  });

  it('answers an empty list for a machine nobody signed off', async () => {
    expect(await history('owner', 'quick-order')).toEqual([]);
  });

  it('refuses a missing or malformed machine name', async () => {
    expect((await call('owner', 'GET', BASE)).status).toBe(400);
    expect((await call('owner', 'GET', `${BASE}?machine=DROP%20TABLE`)).status).toBe(400);
  });
});

describe('who may call', () => {
  it('answers 401 without a sign-in', async () => {
    expect((await call(null, 'GET', `${BASE}?machine=checkout`)).status).toBe(401);
    expect((await signOff('nobody', { machine: 'checkout', version: V1, comment: 'x' })).status).toBe(401);
  });

  it('answers 403 to a signed-in user who does not review flows, and stores nothing', async () => {
    const list = await call('colleague', 'GET', `${BASE}?machine=checkout`);
    expect(list.status).toBe(403);
    expect(errorBodyWire.parse(list.body).code).toBe('not_a_flow_reviewer');
    const post = await signOff('colleague', { machine: 'users', version: V1, comment: 'Mine.' });
    expect(post.status).toBe(403);
    expect(await history('owner', 'users')).toEqual([]);
  });

  it('keeps the sign-offs of a signer whose account was removed, without a name', async () => {
    await signOff('buyer', { machine: 'favourite-list', version: V1, comment: 'Before leaving.' });
    // a reviewer without orders: their row goes, their sign-off stays
    const { db } = server.database;
    const noOrders = await db
      .insertInto('users')
      .values({
        ...(await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', userIds.owner as number)
          .executeTakeFirstOrThrow()),
        id: 9001,
        username: 'reviewer-without-orders',
        email: 'reviewer@portal.example',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('flow_sign_offs')
      .values({
        machine: 'favourite-list',
        version: V2,
        comment: 'Then removed.',
        user_id: noOrders.id,
        signed_at: server.clock.now().toISOString(),
      })
      .execute();
    await deleteUser(db, noOrders.id, server.clock.now());
    const list = await history('owner', 'favourite-list');
    expect(list.map((each) => [each.comment, each.signed_by])).toEqual([
      ['Then removed.', null],
      ['Before leaving.', 'Maria Keller'],
    ]);
  });
});
