import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { seedDatabase } from '../seed';
import { type DatabaseHandle, isPostgresUrl, openDatabase, openPostgres } from './connect';
import { migrateToLatest } from './migrate';
import type { DatabaseTuning } from './tuning';

export interface ScratchDatabase extends DatabaseHandle {
  /** DATABASE_URL for another process on the same database (PostgreSQL), or its DATA_DIR (SQLite) */
  connection: { databaseUrl: string } | { dataDir: string };
  drop(): Promise<void>;
}

export interface ScratchOptions {
  /** with the demo data of `npm start` (server/seed) */
  seeded?: boolean;
}

/**
 * Set for a test run (tests/server/support/scratch-templates.ts): scratch databases are then copies of
 * a template migrated (and seeded) once per run, which costs a file copy or a CREATE DATABASE … TEMPLATE
 * instead of ninety migrations and the seed for every test server. Without it every scratch database
 * is built from nothing (benchmarks, scripts).
 */
export const scratchTemplateKeyVariable = 'SCRATCH_TEMPLATE_KEY';

/**
 * A fresh, migrated, throwaway database for a test file or a benchmark: a temporary SQLite file,
 * or, when DATABASE_URL points at PostgreSQL, a new database on that server, dropped afterwards.
 */
export async function createScratchDatabase(
  tuning: Partial<DatabaseTuning> = {},
  { seeded = false }: ScratchOptions = {},
): Promise<ScratchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const key = process.env[scratchTemplateKeyVariable];
  if (key) {
    const copy = isPostgresUrl(serverUrl)
      ? await createPostgresDatabase(serverUrl, tuning, await postgresTemplate(serverUrl, key, seeded))
      : createSqliteDatabase(tuning, await sqliteTemplate(key, seeded));
    // A first query opens the connection, as migrating does on a database built from nothing: Kysely
    // ignores destroy() on a handle that never ran one, and tests drop databases to see failures.
    await sql`select 1 from kysely_migration limit 1`.execute(copy.db);
    return copy;
  }
  const handle = isPostgresUrl(serverUrl)
    ? await createPostgresDatabase(serverUrl, tuning)
    : createSqliteDatabase(tuning);
  await prepare(handle, seeded);
  return handle;
}

async function prepare(handle: DatabaseHandle, seeded: boolean) {
  await migrateToLatest(handle.db, handle.dialect);
  if (seeded) await seedDatabase(handle.db, handle.dialect);
}

const templateName = (key: string, seeded: boolean) =>
  `portal_template_${createHash('sha256').update(key).digest('hex').slice(0, 16)}_${seeded ? 'seeded' : 'empty'}`;

/** The template's file, built by the first worker that needs it (a rename makes it appear whole). */
async function sqliteTemplate(key: string, seeded: boolean): Promise<string> {
  const file = join(tmpdir(), `${templateName(key, seeded)}.sqlite`);
  if (existsSync(file)) return file;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-template-'));
  const handle = openDatabase({ dataDir });
  try {
    await prepare(handle, seeded);
  } finally {
    // closing the last connection checkpoints the write-ahead log into the main file
    await handle.db.destroy();
  }
  renameSync(join(dataDir, 'portal.sqlite'), file);
  rmSync(dataDir, { recursive: true, force: true });
  return file;
}

/** The template database, built once under an advisory lock so parallel workers wait for one build. */
async function postgresTemplate(serverUrl: string, key: string, seeded: boolean): Promise<string> {
  const name = templateName(key, seeded);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = openPostgres(url.toString());
      try {
        await prepare(handle, seeded);
      } finally {
        await handle.db.destroy();
      }
      // CREATE DATABASE … TEMPLATE refuses a template with sessions still open
      await waitForSessionsToClose(admin, name);
    }
  } finally {
    await admin.end();
  }
  return name;
}

/** Drops the templates of a test run (its global teardown). */
export async function dropScratchTemplates(key: string) {
  for (const seeded of [false, true])
    rmSync(join(tmpdir(), `${templateName(key, seeded)}.sqlite`), { force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (!isPostgresUrl(serverUrl)) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const seeded of [false, true])
      await admin.query(`drop database if exists ${templateName(key, seeded)} with (force)`);
  } finally {
    await admin.end();
  }
}

function createSqliteDatabase(tuning: Partial<DatabaseTuning>, template?: string): ScratchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-scratch-'));
  if (template) copyFileSync(template, join(dataDir, 'portal.sqlite'));
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
  template?: string,
): Promise<ScratchDatabase> {
  const name = `portal_scratch_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
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
