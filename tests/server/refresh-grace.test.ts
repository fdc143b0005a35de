import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../server/security/token-families';
import { tokenPairWire } from '../../src/services/api/wire/auth';
import { accessStatus, refreshStatus } from './support/account-access';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refreshOn = (app: TestServer['app'], token: string) =>
  new TestClient(app).postJson('/api/token/refresh/', { refresh: token });
const pairOf = async (answer: Response) => {
  expect(answer.status).toBe(200);
  return tokenPairWire.parse(await answer.json());
};
const pastGrace = () => server.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);

describe('two refreshes of one refresh token at the same moment (two tabs)', () => {
  it('answers both with the same new pair, and the session goes on', async () => {
    const pair = await new TestClient(server.app).signIn('buyer', 'buyer123');
    const [first, second] = await Promise.all([
      refreshOn(server.app, pair.refresh).then(pairOf),
      refreshOn(server.app, pair.refresh).then(pairOf),
    ]);
    // Tabs share localStorage and the last writer wins: whichever pair is kept must be the session's.
    expect(second.refresh).toBe(first.refresh);
    expect(await accessStatus(server.app, first.access)).toBe(200);
    expect(await accessStatus(server.app, second.access)).toBe(200);

    const next = await pairOf(await refreshOn(server.app, second.refresh));
    expect(await accessStatus(server.app, next.access)).toBe(200);
    expect(await refreshStatus(server.app, next.refresh)).toBe(200);
  });

  it('holds when the two refreshes reach two server processes on one database', async () => {
    const other = server.freshApp();
    const pair = await new TestClient(server.app).signIn('colleague', 'colleague123');
    const [first, second] = await Promise.all([
      refreshOn(server.app, pair.refresh).then(pairOf),
      refreshOn(other, pair.refresh).then(pairOf),
    ]);
    expect(second.refresh).toBe(first.refresh);
    expect(await accessStatus(other, first.access)).toBe(200);
    expect(await refreshStatus(server.app, second.refresh)).toBe(200);
  });

  it('gives a tab that comes late within the grace window the pair the other tab got', async () => {
    const pair = await new TestClient(server.app).signIn('other', 'other123');
    const winner = await pairOf(await refreshOn(server.app, pair.refresh));
    server.clock.advance((REFRESH_REUSE_GRACE_SECONDS - 2) * 1000);
    const late = await pairOf(await refreshOn(server.app, pair.refresh));
    expect(late.refresh).toBe(winner.refresh);
    expect(await accessStatus(server.app, late.access)).toBe(200);
    expect(await accessStatus(server.app, winner.access)).toBe(200);
  });
});

describe('reuse detection is kept', () => {
  it('ends the family when the previous refresh token comes back after the grace window', async () => {
    const pair = await new TestClient(server.app).signIn('private', 'private123');
    const next = await pairOf(await refreshOn(server.app, pair.refresh));
    pastGrace();
    expect((await refreshOn(server.app, pair.refresh)).status).toBe(401);
    expect(await accessStatus(server.app, next.access)).toBe(401);
    expect(await refreshStatus(server.app, next.refresh)).toBe(401);
  });

  it('ends the family when a token two rotations old comes back, even within the window', async () => {
    const first = await new TestClient(server.app).signIn('buyer', 'buyer123');
    const second = await pairOf(await refreshOn(server.app, first.refresh));
    const third = await pairOf(await refreshOn(server.app, second.refresh));
    expect((await refreshOn(server.app, first.refresh)).status).toBe(401);
    expect(await accessStatus(server.app, third.access)).toBe(401);
    expect(await refreshStatus(server.app, third.refresh)).toBe(401);
  });

  it('refuses the previous token within the window once the session was signed out', async () => {
    const pair = await new TestClient(server.app).signIn('colleague', 'colleague123');
    const next = await pairOf(await refreshOn(server.app, pair.refresh));
    const signOut = await new TestClient(server.app).postJson('/api/token/revoke/', {
      refresh: next.refresh,
    });
    expect(signOut.status).toBe(204);
    expect((await refreshOn(server.app, pair.refresh)).status).toBe(401);
    expect(await refreshStatus(server.app, next.refresh)).toBe(401);
  });
});
