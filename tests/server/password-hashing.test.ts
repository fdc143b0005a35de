import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rehashIfOutdated } from '../../server/security/password-rehash';
import {
  decoyPasswordHash,
  hashPassword,
  PASSWORD_COST,
  testRunCostVariable,
  verifyPassword,
} from '../../server/security/passwords';
import { demoAccounts } from '../../server/seed/accounts';
import { demoPasswordHash, precomputedDemoPasswordHashes } from '../../server/seed/demo-password-hashes';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // the rest of the test run hashes at a light cost (vitest.config.ts); this file checks the real one
  vi.stubEnv(testRunCostVariable, 'real');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

/** The N, r and p a stored `scrypt$N$r$p$salt$hash` was made with. */
const costOf = (stored: string) => {
  const [, N, r, p] = stored.split('$');
  return { N: Number(N), r: Number(r), p: Number(p) };
};

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17 r=8 p=1 or an equal-strength set. */
const OWASP_MINIMUM = [
  { N: 2 ** 17, r: 8, p: 1 },
  { N: 2 ** 16, r: 8, p: 2 },
  { N: 2 ** 15, r: 8, p: 3 },
  { N: 2 ** 14, r: 8, p: 5 },
  { N: 2 ** 13, r: 8, p: 10 },
];
const meetsOwasp = ({ N, r, p }: { N: number; r: number; p: number }) =>
  OWASP_MINIMUM.some((minimum) => N === minimum.N && r >= minimum.r && p >= minimum.p);

/** A hash as the portal stored it before: scrypt at N=2^14, r=8, p=1. */
function outdatedHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 64, { N: 2 ** 14, r: 8, p: 1 });
  return ['scrypt', 2 ** 14, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const storedHashOf = async (username: string) =>
  (
    await server.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).password_hash;

const setStoredHash = (username: string, passwordHash: string) =>
  server.database.db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('username', '=', username)
    .execute();

const signInStatus = async (username: string, password: string) =>
  (await new TestClient(server.app).postJson('/api/token/', { username, password })).status;

describe('password hashing', () => {
  it('hashes new passwords at OWASP’s scrypt parameters, which the stored hash carries', async () => {
    const stored = await hashPassword('lena-secret');
    expect(meetsOwasp(costOf(stored))).toBe(true);
    expect(await verifyPassword('lena-secret', stored)).toBe(true);
    expect(await verifyPassword('lena-secreT', stored)).toBe(false);
  });

  it('still accepts a hash made at the old parameters', async () => {
    const stored = outdatedHash('old-secret');
    expect(await verifyPassword('old-secret', stored)).toBe(true);
    expect(await verifyPassword('old-secreT', stored)).toBe(false);
  });

  it('checks unknown usernames against a decoy at the same parameters as a real hash', async () => {
    expect(costOf(await decoyPasswordHash())).toEqual(costOf(await hashPassword('anything')));
  });

  it('seeds the demo accounts with hashes at the current parameters, made in advance', async () => {
    const current = costOf(await hashPassword('anything'));
    for (const account of demoAccounts) {
      const seeded = await demoPasswordHash(account.password);
      expect(costOf(seeded)).toEqual(current);
      expect(await verifyPassword(account.password, seeded)).toBe(true);
      // seeding (once per test file) would otherwise hash seven passwords at full cost
      expect(precomputedDemoPasswordHashes[account.password]).toBe(seeded);
    }
  });

  it('takes the light cost of a test run only inside Vitest, whatever the environment says', async () => {
    vi.stubEnv(testRunCostVariable, 'light-for-tests');
    expect(costOf(await hashPassword('anything'))).not.toEqual(PASSWORD_COST);
    vi.stubEnv('VITEST', undefined);
    expect(costOf(await hashPassword('anything'))).toEqual(PASSWORD_COST);
    vi.stubEnv('VITEST', 'true');
    vi.stubEnv(testRunCostVariable, 'real');
  });
});

describe('rehash on sign-in', () => {
  it('replaces an outdated hash with one at the current parameters when the password is right', async () => {
    await setStoredHash('colleague', outdatedHash('colleague123'));

    expect(await signInStatus('colleague', 'colleague123')).toBe(200);

    const stored = await storedHashOf('colleague');
    expect(meetsOwasp(costOf(stored))).toBe(true);
    expect(await verifyPassword('colleague123', stored)).toBe(true);
    expect(await signInStatus('colleague', 'colleague123')).toBe(200);
  });

  it('leaves an outdated hash alone after a wrong password', async () => {
    const outdated = outdatedHash('private123');
    await setStoredHash('private', outdated);

    expect(await signInStatus('private', 'private124')).toBe(401);

    expect(await storedHashOf('private')).toBe(outdated);
    expect(await signInStatus('private', 'private123')).toBe(200);
  });

  it('does not overwrite a password changed after the check with the old one', async () => {
    const outdated = outdatedHash('other123');
    const changed = await hashPassword('other-new-secret');
    const { id } = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'other')
      .executeTakeFirstOrThrow();
    await setStoredHash('other', changed);

    await rehashIfOutdated(server.database.db, id, 'other123', outdated);

    expect(await storedHashOf('other')).toBe(changed);
  });
});
