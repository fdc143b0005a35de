import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedQuery } from '../../server/db/fixed-query';
import { createTokenService, InvalidTokenError, SIGNED_TOKENS_KEPT } from '../../server/security/tokens';
import { accessStatus } from './support/account-access';
import { decodeJwtPayload, TestClient } from './support/http-client';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

/**
 * What the per-request shortcuts (taken for load) must not change: a token whose signature was
 * checked once is remembered, but a sign-out, a password change, a deactivation or the token's
 * expiry refuses the very next request; the compiled sign-in and catalogue queries answer with
 * the parameters of each call; the query-string guard still refuses control characters.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => new TestClient(server.app);

describe('a session already seen by this process', () => {
  it('is refused at once after sign-out', async () => {
    const pair = await client().signIn('buyer', 'buyer123');
    expect(await accessStatus(server.app, pair.access)).toBe(200);
    expect(await accessStatus(server.app, pair.access)).toBe(200);
    const revoked = await client().postJson('/api/token/revoke/', { refresh: pair.refresh });
    expect(revoked.status).toBe(204);
    expect(await accessStatus(server.app, pair.access)).toBe(401);
  });

  it('is refused at once after a password change made in another session', async () => {
    const elsewhere = await client().signIn('colleague', 'colleague123');
    const here = await client().signIn('colleague', 'colleague123');
    expect(await accessStatus(server.app, elsewhere.access)).toBe(200);
    const changed = await client().json(
      'POST',
      '/api/change-password/',
      { current_password: 'colleague123', password: 'colleague-new-secret' },
      here.access,
    );
    expect(changed.status).toBe(200);
    expect(await accessStatus(server.app, elsewhere.access)).toBe(401);
    expect(await accessStatus(server.app, here.access)).toBe(200);
  });

  it('is refused at once when another writer (another process) ends its family in the database', async () => {
    const pair = await client().signIn('other', 'other123');
    expect(await accessStatus(server.app, pair.access)).toBe(200);
    const { fam } = decodeJwtPayload(pair.access) as { fam: string };
    await server.database.db
      .updateTable('refresh_token_families')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', fam)
      .execute();
    expect(await accessStatus(server.app, pair.access)).toBe(401);
  });

  it('is refused at once when the user is deactivated in the database', async () => {
    const pair = await client().signIn('private', 'private123');
    expect(await accessStatus(server.app, pair.access)).toBe(200);
    const { sub } = decodeJwtPayload(pair.access) as { sub: string };
    await server.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', '=', Number(sub))
      .execute();
    try {
      expect(await accessStatus(server.app, pair.access)).toBe(401);
    } finally {
      await server.database.db
        .updateTable('users')
        .set({ is_active: 1 })
        .where('id', '=', Number(sub))
        .execute();
    }
  });

  it('is refused once its access token has expired, though it was accepted before', async () => {
    const pair = await client().signIn('buyer', 'buyer123');
    expect(await accessStatus(server.app, pair.access)).toBe(200);
    server.clock.advance(5 * 60_000 + 1_000);
    expect(await accessStatus(server.app, pair.access)).toBe(401);
  });

  it('does not lend its acceptance to a token with the same header and claims but another signature', async () => {
    const pair = await client().signIn('buyer', 'buyer123');
    expect(await accessStatus(server.app, pair.access)).toBe(200);
    const [header, payload] = pair.access.split('.');
    const forged = `${header}.${payload}.${createHmac('sha256', 'another-secret').update(`${header}.${payload}`).digest('base64url')}`;
    expect(await accessStatus(server.app, forged)).toBe(401);
    expect(await accessStatus(server.app, pair.access)).toBe(200);
  });
});

describe('remembered token signatures (createTokenService)', () => {
  const claims = {
    name: 'Buyer',
    account_name: 'Lindenhof',
    is_admin: false,
    tax_applies: true,
    language: 'en',
    is_demo: false,
    can_review_flows: false,
  };

  it('checks the time of every use: a remembered token is refused after its expiry', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    const tokens = createTokenService(TEST_SECRET, () => now);
    const pair = await tokens.issuePair(7, claims, { family: 'family-1', jti: 'refresh-1' });
    expect((await tokens.verify(pair.access, 'access')).userId).toBe(7);
    now = new Date(now.getTime() + 301_000);
    await expect(tokens.verify(pair.access, 'access')).rejects.toBeInstanceOf(InvalidTokenError);
    // the type is checked on every use too
    await expect(tokens.verify(pair.refresh, 'access')).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await tokens.verify(pair.refresh, 'refresh')).family).toBe('family-1');
  });

  it('stays correct when more tokens are used than it keeps', async () => {
    const now = new Date('2026-03-02T10:00:00Z');
    const tokens = createTokenService(TEST_SECRET, () => now);
    const first = await tokens.issuePair(1, claims, { family: 'f-first', jti: 'j-first' });
    expect((await tokens.verify(first.access, 'access')).family).toBe('f-first');
    for (let index = 0; index <= SIGNED_TOKENS_KEPT; index += 1) {
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
      const body = Buffer.from(
        JSON.stringify({ sub: String(index), token_type: 'access', fam: 'f', jti: `j${index}`, exp: 2e9 }),
      ).toString('base64url');
      const signature = createHmac('sha256', TEST_SECRET).update(`${header}.${body}`).digest('base64url');
      await tokens.verify(`${header}.${body}.${signature}`, 'access');
    }
    expect((await tokens.verify(first.access, 'access')).family).toBe('f-first');
    const [header, payload] = first.access.split('.');
    await expect(tokens.verify(`${header}.${payload}.AAAA`, 'access')).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });
});

describe('queries compiled once (fixedQuery)', () => {
  it('runs with the parameters of each call, in the compiler’s order', async () => {
    const usersOfCompany = fixedQuery(2, (db, companyId: number, username: string) =>
      db
        .selectFrom('users')
        .select(['username', 'company_id'])
        .where('is_active', '=', 1)
        .where('username', '=', username)
        .where('company_id', '=', companyId),
    );
    const { db } = server.database;
    const buyer = await db
      .selectFrom('users')
      .select(['company_id'])
      .where('username', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(await usersOfCompany(db, buyer.company_id, 'buyer')).toEqual([
      { username: 'buyer', company_id: buyer.company_id },
    ]);
    expect(await usersOfCompany(db, buyer.company_id + 1000, 'buyer')).toEqual([]);
    expect(await usersOfCompany(db, buyer.company_id, 'nobody')).toEqual([]);
  });

  it('search answers follow a catalogue change made by another writer', async () => {
    const buyer = await client().signIn('buyer', 'buyer123');
    const before = await client().json(
      'GET',
      '/api/netb2b/products/search/?query=zzqx',
      undefined,
      buyer.access,
    );
    expect(before.body).toEqual([]);
    const product = await server.database.db
      .selectFrom('products')
      .select(['id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('products')
      .set({ name: 'Zzqx Tea' })
      .where('id', '=', product.id)
      .execute();
    // the search tokens are what a search reads; a writer that renames keeps them in step
    await server.database.db
      .insertInto('product_search_tokens')
      .values({ token: 'zzqx', product_id: product.id })
      .execute();
    const after = await client().json(
      'GET',
      '/api/netb2b/products/search/?query=zzqx',
      undefined,
      buyer.access,
    );
    expect((after.body as { id: number }[]).map((row) => row.id)).toEqual([product.id]);
  });
});

describe('the query-string guard', () => {
  it('refuses C1 control characters, percent-encoded or not, and lets accents and plain text through', async () => {
    const { access } = await client().signIn('buyer', 'buyer123');
    for (const query of ['bad%C2%85text', 'bad%c2%9ftext', 'bad%7Ftext', 'bad%0atext']) {
      const answer = await client().json(
        'GET',
        `/api/netb2b/products/search/?query=${query}`,
        undefined,
        access,
      );
      expect(answer.status, query).toBe(400);
    }
    for (const query of ['K%C3%A4se', 'cr%C3%A8me%20fra%C3%AEche', 'tea', '%C2%A0tea', '%25C2%2585']) {
      const answer = await client().json(
        'GET',
        `/api/netb2b/products/search/?query=${query}`,
        undefined,
        access,
      );
      expect(answer.status, query).toBe(200);
    }
  });
});
