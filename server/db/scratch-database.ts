import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, isPostgresUrl, openDatabase, openPostgres } from './connect';
import { migrateToLatest } from './migrate';
import type { DatabaseTuning } from './tuning';

export interface ScratchDatabase extends DatabaseHandle {
  /** DATABASE_URL for another process on the same database (PostgreSQL), or its DATA_DIR (SQLite) */
  connection: { databaseUrl: string } | { dataDir: string };
  drop(): Promise<void>;
}

/**
 * A fresh, migrated, throwaway database for a test file or a benchmark: a temporary SQLite file,
 * or, when DATABASE_URL points at PostgreSQL, a new database on that server, dropped afterwards.
 */
export async function createScratchDatabase(tuning: Partial<DatabaseTuning> = {}): Promise<ScratchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const handle = isPostgresUrl(serverUrl)
    ? await createPostgresDatabase(serverUrl, tuning)
    : createSqliteDatabase(tuning);
  await migrateToLatest(handle.db, handle.dialect);
  return handle;
}

function createSqliteDatabase(tuning: Partial<DatabaseTuning>): ScratchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-scratch-'));
  const handle = openDatabase({ dataDir, tuning });
  return {
    ...handle,
    connection: { dataDir },
    async drop() {
      await handle.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(
  serverUrl: string,
  tuning: Partial<DatabaseTuning>,
): Promise<ScratchDatabase> {
  const name = `portal_scratch_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), tuning);
  return {
    ...handle,
    connection: { databaseUrl: url.toString() },
    async drop() {
      await handle.db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await waitForSessionsToClose(cleanup, name);
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * The pool's end() resolves before its clients' connections have closed. Dropping the database
 * "with (force)" while one is still open terminates it, and the FATAL it then sends reaches a
 * client the ended pool no longer listens to: an uncaught error in whatever test runs next.
 * So wait (briefly) until the database has no sessions left; force is the fallback.
 */
async function waitForSessionsToClose(client: pg.Client, database: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [database],
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
