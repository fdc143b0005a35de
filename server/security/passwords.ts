import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at N=2^14, r=8, p=5: one of the equal-strength settings of the OWASP Password Storage
 * Cheat Sheet (N=2^17 p=1, N=2^16 p=2, N=2^15 p=3, N=2^14 p=5, N=2^13 p=10, all r=8). They cost
 * about the same CPU time per hash (~0.2 s on one core); what differs is the memory each hash
 * holds, 128·N·r bytes. Node runs up to four hashes at once on its thread pool, so N=2^17 would
 * take 512 MiB at a burst of sign-ins, too much next to the database on a small 2-core server;
 * N=2^14 takes 16 MiB each (64 MiB at most) and still makes every guess pay that memory, which
 * N=2^13 would halve.
 */
export const PASSWORD_COST = { N: 2 ** 14, r: 8, p: 5 } as const;

/**
 * A test run signs in thousands of times: at OWASP's cost that was most of the server tests' CPU time.
 * Vitest's configuration asks for this cost; it is honoured only inside a Vitest worker, so no setting
 * of a running portal can weaken its hashes. tests/server/password-hashing.test.ts runs at the real one.
 */
const TEST_RUN_COST = { N: 2 ** 10, r: 8, p: 1 } as const;
export const testRunCostVariable = 'PASSWORD_HASH_COST';

/** The cost new hashes are made at. */
export function currentPasswordCost(): { N: number; r: number; p: number } {
  const testRun = process.env.VITEST === 'true' && process.env[testRunCostVariable] === 'light-for-tests';
  return testRun ? TEST_RUN_COST : PASSWORD_COST;
}
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
// Above the current cost's 16 MiB and an old hash's, but bounded: a stored hash cannot make one
// check take the process's memory.
const MAX_MEMORY = 64 * 1024 * 1024;

interface StoredHash {
  cost: ScryptOptions & { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

const positive = (text: string | undefined) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so the cost can rise later. */
function parseStored(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  const N = positive(n);
  const blockSize = positive(r);
  const parallel = positive(p);
  if (scheme !== 'scrypt' || rest.length > 0 || !salt || !hash || !N || !blockSize || !parallel)
    return undefined;
  return {
    cost: { N, r: blockSize, p: parallel },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(hash, 'base64url'),
  };
}

function deriveKey(password: string, salt: Buffer, cost: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const cost = currentPasswordCost();
  const key = await deriveKey(password, salt, cost, KEY_LENGTH);
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const actual = await deriveKey(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(actual, parsed.key);
}

/** A usable hash made at other parameters (or key and salt sizes) than today's. */
export function isOutdatedPasswordHash(stored: string): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.cost;
  const current = currentPasswordCost();
  return (
    N !== current.N ||
    r !== current.r ||
    p !== current.p ||
    parsed.key.length !== KEY_LENGTH ||
    parsed.salt.length !== SALT_LENGTH
  );
}

/**
 * Checked when the username does not exist, so that a wrong username costs as much time as a
 * wrong password and response times do not reveal which accounts exist. Made by hashPassword, so
 * it is always at the current parameters.
 */
const decoyHashes = new Map<string, Promise<string>>();
export function decoyPasswordHash(): Promise<string> {
  const { N, r, p } = currentPasswordCost();
  const cost = `${N}$${r}$${p}`;
  const decoy = decoyHashes.get(cost) ?? hashPassword(randomBytes(12).toString('hex'));
  decoyHashes.set(cost, decoy);
  return decoy;
}

/**
 * A hash no password matches (not of the `scrypt$` form): for a user invited to set their own
 * password, and for an anonymised deleted user. Random, so two such rows never compare equal.
 */
export function unusablePasswordHash(): string {
  return `!unusable$${randomBytes(16).toString('base64url')}`;
}

export const isUsablePasswordHash = (stored: string) => stored.startsWith('scrypt$');
