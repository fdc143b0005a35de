import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessClaimsWire, errorBodyWire, refreshClaimsWire } from '../../src/services/api/wire/auth';
import { decodeJwtPayload, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => new TestClient(server.app);
const errorOf = async (response: Response) => errorBodyWire.parse(await response.json());

describe('POST /api/token/', () => {
  it('answers an access and a refresh token whose claims describe the buyer', async () => {
    const before = Math.floor(server.clock.now().getTime() / 1000);
    const { access, refresh } = await client().signIn('buyer', 'buyer123');

    const claims = refreshClaimsWire.parse(decodeJwtPayload(refresh));
    expect(claims).toMatchObject({
      name: 'Maria Keller',
      account_name: 'Lindenhof Gastro GmbH',
      is_admin: true,
      tax_applies: true,
      language: 'en',
      is_demo: false,
      can_review_flows: true,
    });
    expect(claims.exp - before).toBeGreaterThanOrEqual(7 * 24 * 3600);
    expect(claims.exp - before).toBeLessThanOrEqual(7 * 24 * 3600 + 5);
    const accessExp = accessClaimsWire.parse(decodeJwtPayload(access)).exp;
    expect(accessExp - before).toBeGreaterThanOrEqual(300);
    expect(accessExp - before).toBeLessThanOrEqual(305);
  });

  it('describes the private customer as untaxed and German, and the demo account as demo', async () => {
    const privateClaims = refreshClaimsWire.parse(
      decodeJwtPayload((await client().signIn('private', 'private123')).refresh),
    );
    expect(privateClaims).toMatchObject({
      tax_applies: false,
      language: 'de',
      is_demo: false,
      can_review_flows: false,
    });
    const demoClaims = refreshClaimsWire.parse(
      decodeJwtPayload((await client().signIn('demo', 'demo123')).refresh),
    );
    expect(demoClaims.is_demo).toBe(true);
    const colleague = refreshClaimsWire.parse(
      decodeJwtPayload((await client().signIn('colleague', 'colleague123')).refresh),
    );
    expect(colleague).toMatchObject({ account_name: 'Lindenhof Gastro GmbH', is_admin: false });
  });

  it('accepts the username in any letter case', async () => {
    await expect(client().signIn('  Buyer ', 'buyer123')).resolves.toHaveProperty('access');
  });

  it('rejects a wrong password with 401 and a detail', async () => {
    const response = await client().postJson('/api/token/', {
      username: 'colleague',
      password: 'wrong-password',
    });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({
      detail: 'No active account found with the given credentials',
      code: 'invalid_credentials',
    });
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const response = await client().postJson('/api/token/', { username: 'nobody', password: 'buyer123' });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('invalid_credentials');
  });

  it('tells an inactive user to contact the administrator (403)', async () => {
    const response = await client().postJson('/api/token/', {
      username: 'inactive',
      password: 'inactive123',
    });
    expect(response.status).toBe(403);
    const body = await errorOf(response);
    expect(body.code).toBe('inactive_user');
    expect(body.detail).toMatch(/contact the administrator/);
  });

  it('answers 400 with field errors for a missing password', async () => {
    const response = await client().postJson('/api/token/', { username: 'buyer' });
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).errors ?? {})).toEqual(['password']);
  });
});

describe('POST /api/token/refresh/', () => {
  it('exchanges a refresh token for a new pair', async () => {
    const { refresh } = await client().signIn('buyer', 'buyer123');
    const response = await client().postJson('/api/token/refresh/', { refresh });
    expect(response.status).toBe(200);
    const pair = (await response.json()) as { access: string; refresh: string };
    expect(refreshClaimsWire.parse(decodeJwtPayload(pair.refresh)).name).toBe('Maria Keller');
    const me = await client().get('/api/netb2b/notifications/', pair.access);
    expect(me.status).not.toBe(401);
  });

  it('rejects a refresh token signed with another secret (401 token_not_valid)', async () => {
    const forged = await new SignJWT({ token_type: 'refresh', name: 'Mallory' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const response = await client().postJson('/api/token/refresh/', { refresh: forged });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('token_not_valid');
  });

  it('rejects a refresh token whose claims were edited', async () => {
    const { refresh } = await client().signIn('colleague', 'colleague123');
    const [header, , signature] = refresh.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', token_type: 'refresh', exp: 4102444800 }),
    ).toString('base64url');
    const response = await client().postJson('/api/token/refresh/', {
      refresh: `${header}.${payload}.${signature}`,
    });
    expect(response.status).toBe(401);
  });

  it('rejects an access token in place of a refresh token', async () => {
    const { access } = await client().signIn('buyer', 'buyer123');
    const response = await client().postJson('/api/token/refresh/', { refresh: access });
    expect(response.status).toBe(401);
  });

  it('rejects an expired refresh token (after 7 days)', async () => {
    const { refresh } = await client().signIn('buyer', 'buyer123');
    server.clock.advance(7 * 24 * 3600 * 1000 + 60_000);
    try {
      const response = await client().postJson('/api/token/refresh/', { refresh });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('token_not_valid');
    } finally {
      server.clock.advance(-(7 * 24 * 3600 * 1000 + 60_000));
    }
  });

  it('stops refreshing a user who was deactivated since signing in', async () => {
    const { refresh } = await client().signIn('other', 'other123');
    await server.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('username', '=', 'other')
      .execute();
    try {
      const response = await client().postJson('/api/token/refresh/', { refresh });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('inactive_user');
    } finally {
      await server.database.db
        .updateTable('users')
        .set({ is_active: 1 })
        .where('username', '=', 'other')
        .execute();
    }
  });
});

describe('access tokens', () => {
  it('expire after 5 minutes', async () => {
    const { access } = await client().signIn('buyer', 'buyer123');
    expect((await client().get('/api/netb2b/notifications/', access)).status).toBe(200);
    server.clock.advance(5 * 60_000 + 1000);
    try {
      const response = await client().get('/api/netb2b/notifications/', access);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('token_not_valid');
    } finally {
      server.clock.advance(-(5 * 60_000 + 1000));
    }
  });
});
