import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodyWire, tokenPairWire } from '../../src/services/api/wire/auth';
import { accessStatus, refreshStatus } from './support/account-access';
import { decodeJwtPayload, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => new TestClient(server.app);
/** as the client's sign-out sends it (the CSRF header is not needed for this call) */
const revoke = (refresh: unknown) => client().postJson('/api/token/revoke/', { refresh });

describe('POST /api/token/revoke/ (sign-out)', () => {
  it('ends the session: 204, then the old refresh token and its access tokens are refused', async () => {
    const pair = await client().signIn('buyer', 'buyer123');
    const answer = await revoke(pair.refresh);
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');

    const refused = await client().postJson('/api/token/refresh/', { refresh: pair.refresh });
    expect(refused.status).toBe(401);
    expect(errorBodyWire.parse(await refused.json()).code).toBe('token_not_valid');
    expect(await accessStatus(server.app, pair.access)).toBe(401);
  });

  it('answers 204 again for an already revoked token, and for one of an earlier rotation', async () => {
    const pair = await client().signIn('colleague', 'colleague123');
    expect((await revoke(pair.refresh)).status).toBe(204);
    expect((await revoke(pair.refresh)).status).toBe(204);

    const first = await client().signIn('colleague', 'colleague123');
    const rotated = tokenPairWire.parse(
      await (await client().postJson('/api/token/refresh/', { refresh: first.refresh })).json(),
    );
    expect((await revoke(first.refresh)).status).toBe(204);
    expect(await refreshStatus(server.app, rotated.refresh)).toBe(401);
  });

  it('ends a session whose refresh token has expired (well signed): 204', async () => {
    const pair = await client().signIn('other', 'other123');
    server.clock.advance(8 * 24 * 60 * 60_000);
    expect((await revoke(pair.refresh)).status).toBe(204);
    const { fam } = decodeJwtPayload(pair.refresh) as { fam: string };
    const row = await server.database.db
      .selectFrom('refresh_token_families')
      .select('revoked_at')
      .where('id', '=', fam)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('leaves the user’s other sessions alone', async () => {
    const phone = await client().signIn('private', 'private123');
    const laptop = await client().signIn('private', 'private123');
    expect((await revoke(phone.refresh)).status).toBe(204);
    expect(await refreshStatus(server.app, phone.refresh)).toBe(401);
    expect(await accessStatus(server.app, laptop.access)).toBe(200);
    expect(await refreshStatus(server.app, laptop.refresh)).toBe(200);
  });

  it('refuses a forged token and an access token with 401 token_not_valid', async () => {
    const forged = await new SignJWT({ token_type: 'refresh', fam: 'x', jti: 'y' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const answer = await revoke(forged);
    expect(answer.status).toBe(401);
    expect(errorBodyWire.parse(await answer.json()).code).toBe('token_not_valid');

    const pair = await client().signIn('buyer', 'buyer123');
    expect((await revoke(pair.access)).status).toBe(401);
    expect(await refreshStatus(server.app, pair.refresh)).toBe(200);
  });

  it('answers 400 for a body without a token', async () => {
    const answer = await client().postJson('/api/token/revoke/', {});
    expect(answer.status).toBe(400);
    expect(errorBodyWire.parse(await answer.json()).code).toBe('invalid');
  });
});
