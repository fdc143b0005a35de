import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../server/security/token-families';
import { userIds } from '../../server/seed/accounts';
import { errorBodyWire, tokenPairWire } from '../../src/services/api/wire/auth';
import { accessStatus, refreshStatus } from './support/account-access';
import { decodeJwtPayload, TestClient } from './support/http-client';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => new TestClient(server.app);
const refresh = (token: string) => client().postJson('/api/token/refresh/', { refresh: token });
const claimsOf = (token: string) => decodeJwtPayload(token) as Record<string, unknown>;

describe('refresh-token families', () => {
  it('puts the sign-in’s family into both tokens and keeps it across a refresh', async () => {
    const pair = await client().signIn('buyer', 'buyer123');
    const { fam, jti } = claimsOf(pair.refresh);
    expect(typeof fam).toBe('string');
    expect(typeof jti).toBe('string');
    expect(claimsOf(pair.access).fam).toBe(fam);
    const row = await server.database.db
      .selectFrom('refresh_token_families')
      .selectAll()
      .where('id', '=', String(fam))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userIds.buyer, current_jti: jti, revoked_at: null });

    const next = tokenPairWire.parse(await (await refresh(pair.refresh)).json());
    expect(claimsOf(next.refresh).fam).toBe(fam);
    expect(claimsOf(next.refresh).jti).not.toBe(jti);
    expect(claimsOf(next.access).fam).toBe(fam);
  });

  it('makes the previous refresh token invalid, and its reuse ends the whole family', async () => {
    const first = await client().signIn('colleague', 'colleague123');
    const second = tokenPairWire.parse(await (await refresh(first.refresh)).json());
    const third = tokenPairWire.parse(await (await refresh(second.refresh)).json());
    expect(await accessStatus(server.app, third.access)).toBe(200);

    // someone presents the already used first refresh token: reuse
    const reuse = await refresh(first.refresh);
    expect(reuse.status).toBe(401);
    expect(errorBodyWire.parse(await reuse.json()).code).toBe('token_not_valid');
    // the whole family has ended: the newest refresh token and the access tokens too
    expect(await refreshStatus(server.app, third.refresh)).toBe(401);
    expect(await accessStatus(server.app, third.access)).toBe(401);
    const answer = await client().get('/api/account-info/', third.access);
    expect(errorBodyWire.parse(await answer.json()).code).toBe('token_not_valid');
    expect(answer.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"');
    const { revoked_at } = await server.database.db
      .selectFrom('refresh_token_families')
      .select('revoked_at')
      .where('id', '=', String(claimsOf(first.refresh).fam))
      .executeTakeFirstOrThrow();
    expect(revoked_at).not.toBeNull();
  });

  it('keeps other sign-ins of the same user alive when one family ends', async () => {
    const phone = await client().signIn('other', 'other123');
    const laptop = await client().signIn('other', 'other123');
    const rotated = tokenPairWire.parse(await (await refresh(phone.refresh)).json());
    // past the grace window a second tab would have had, the old token is plain reuse
    server.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    expect(await refreshStatus(server.app, phone.refresh)).toBe(401);
    expect(await refreshStatus(server.app, rotated.refresh)).toBe(401);
    expect(await accessStatus(server.app, laptop.access)).toBe(200);
    expect(await refreshStatus(server.app, laptop.refresh)).toBe(200);
  });

  it('rotates the family once for two refreshes with the same token (refresh-grace.test.ts has more)', async () => {
    const pair = await client().signIn('private', 'private123');
    const answers = await Promise.all([refresh(pair.refresh), refresh(pair.refresh)]);
    const pairs = await Promise.all(answers.map(async (a) => tokenPairWire.parse(await a.json())));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const row = await server.database.db
      .selectFrom('refresh_token_families')
      .select(['current_jti', 'previous_jti', 'revoked_at'])
      .where('id', '=', String(claimsOf(pair.refresh).fam))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      current_jti: claimsOf(pairs[0]?.refresh ?? '').jti,
      previous_jti: claimsOf(pair.refresh).jti,
      revoked_at: null,
    });
    expect(claimsOf(pairs[1]?.refresh ?? '').jti).toBe(row.current_jti);
  });

  it('refuses well-signed tokens without a family (401 token_not_valid)', async () => {
    const key = new TextEncoder().encode(TEST_SECRET);
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const sign = (type: string) =>
      new SignJWT({ token_type: type, name: 'Maria Keller' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userIds.buyer))
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .setJti('an-old-token')
        .sign(key);
    expect(await refreshStatus(server.app, await sign('refresh'))).toBe(401);
    expect(await accessStatus(server.app, await sign('access'))).toBe(401);
  });

  it('refuses a family of another user (a token whose fam names someone else’s sign-in)', async () => {
    const buyer = await client().signIn('buyer', 'buyer123');
    const key = new TextEncoder().encode(TEST_SECRET);
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ token_type: 'access', fam: claimsOf(buyer.access).fam })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userIds.colleague))
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti('x')
      .sign(key);
    expect(await accessStatus(server.app, forged)).toBe(401);
  });
});

describe('deactivation ends every session', () => {
  it('answers 403 inactive_user to a refresh while deactivated, and 401 once reactivated', async () => {
    const colleague = await client().signIn('colleague', 'colleague123');
    const buyer = await client().signIn('buyer', 'buyer123');
    const path = `/api/petekcore/customer-accounts/${userIds.colleague}/`;
    expect((await client().json('POST', `${path}deactivate/`, {}, buyer.access)).status).toBe(200);

    const refused = await refresh(colleague.refresh);
    expect(refused.status).toBe(403);
    expect(errorBodyWire.parse(await refused.json()).code).toBe('inactive_user');
    expect(await accessStatus(server.app, colleague.access)).toBe(401);

    expect((await client().json('POST', `${path}reactivate/`, {}, buyer.access)).status).toBe(200);
    // the old session stays ended; a new sign-in works
    expect(await refreshStatus(server.app, colleague.refresh)).toBe(401);
    expect(await accessStatus(server.app, colleague.access)).toBe(401);
    const again = await client().signIn('colleague', 'colleague123');
    expect(await accessStatus(server.app, again.access)).toBe(200);
  });
});
