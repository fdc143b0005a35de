import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, isPostgresUrl, openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { countOf } from '../../server/queries/decimals';
import { seedDatabase } from '../../server/seed';

/**
 * Several server processes started at once on one new database: each opens its own handle, and
 * all of them migrate and seed. Two handles in one test stand for two processes (on SQLite two
 * connections to one file, on PostgreSQL two pools).
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** a new, empty (not migrated) database and two handles to it */
async function emptyDatabaseWithTwoHandles(): Promise<[DatabaseHandle, DatabaseHandle]> {
  const serverUrl = process.env.DATABASE_URL;
  let options: { dataDir: string; databaseUrl?: string };
  if (isPostgresUrl(serverUrl)) {
    const name = `portal_scratch_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    options = { dataDir: '', databaseUrl: url.toString() };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-concurrent-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    options = { dataDir };
  }
  const handles = [openDatabase(options), openDatabase(options)] as [DatabaseHandle, DatabaseHandle];
  for (const handle of handles) cleanups.push(() => handle.db.destroy());
  return handles;
}

const rowsIn = async (handle: DatabaseHandle, table: 'users' | 'languages' | 'products') => {
  const { n } = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return countOf(n as number | string);
};

describe('two processes starting at once on one new database', () => {
  it('both migrate it: neither fails, every migration is applied once', async () => {
    const [first, second] = await emptyDatabaseWithTwoHandles();
    const [a, b] = await Promise.all([
      migrateToLatest(first.db, first.dialect),
      migrateToLatest(second.db, second.dialect),
    ]);
    const all = await migrateToLatest(first.db, first.dialect);
    expect(all).toEqual([]);
    const applied = [...a, ...b].sort();
    expect(new Set(applied).size).toBe(applied.length);
    expect(applied.length).toBeGreaterThan(0);
  }, 60_000);

  it('both seed it: both start, exactly one seeds, the demo is there once', async () => {
    const [first, second] = await emptyDatabaseWithTwoHandles();
    await migrateToLatest(first.db, first.dialect);
    const results = await Promise.all([
      seedDatabase(first.db, first.dialect, { productCount: 20 }),
      seedDatabase(second.db, second.dialect, { productCount: 20 }),
    ]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(await rowsIn(second, 'users')).toBe(7);
    expect(await rowsIn(second, 'products')).toBe(20);
    expect(await rowsIn(second, 'languages')).toBe(9);
  }, 60_000);

  it('both load the reference data of a production start: the languages are there once', async () => {
    const [first, second] = await emptyDatabaseWithTwoHandles();
    await migrateToLatest(first.db, first.dialect);
    await Promise.all([
      seedDatabase(first.db, first.dialect, { demo: false }),
      seedDatabase(second.db, second.dialect, { demo: false }),
    ]);
    expect(await rowsIn(second, 'languages')).toBe(9);
    expect(await rowsIn(second, 'users')).toBe(0);
  }, 60_000);
});
