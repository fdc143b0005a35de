import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, Kysely, PostgresDialect } from 'kysely';
import { createPostgresPool } from './postgres-pool';
import { ensurePrivateDirectory, ensurePrivateFile, tightenIfPresent } from './private-files';
import type { Database } from './schema';
import { BusyRetrySqliteDialect } from './sqlite-busy-retry';
import { attachStorageHealth, StorageHealth } from './storage-health';
import { watchingStorage } from './storage-watching-dialect';
import { type DatabaseTuning, defaultDatabaseTuning } from './tuning';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** where the data lives, for the start-up message (never includes a password) */
  location: string;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** timeouts and retry budgets; the defaults when left out */
  tuning?: Partial<DatabaseTuning>;
}

export const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//.test(url);

export function openDatabase({ dataDir, databaseUrl, tuning }: DatabaseOptions): DatabaseHandle {
  if (isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl, tuning);
  ensurePrivateDirectory(dataDir);
  return openSqlite(join(dataDir, 'portal.sqlite'), tuning);
}

export function openSqlite(file: string, tuning: Partial<DatabaseTuning> = {}): DatabaseHandle {
  const { sqliteBusyTimeoutMs, sqliteBusyRetryMs } = { ...defaultDatabaseTuning, ...tuning };
  // SQLite's unix VFS gives the -wal and -shm files the main file's mode, so creating the main
  // file 0600 (an empty file is an empty database) keeps all three private. Files of an older
  // version, made world-readable, are tightened here.
  ensurePrivateFile(file);
  tightenIfPresent(`${file}-wal`);
  tightenIfPresent(`${file}-shm`);
  tightenIfPresent(`${file}-journal`);
  const database = new SqliteDatabase(file, { timeout: sqliteBusyTimeoutMs });
  // WAL lets readers continue while the seed or an order write is running.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  return {
    db: kyselyWatchingStorage(new BusyRetrySqliteDialect(database, sqliteBusyRetryMs)),
    dialect: 'sqlite',
    location: file,
  };
}

export function openPostgres(connectionString: string, tuning: Partial<DatabaseTuning> = {}): DatabaseHandle {
  const settings = { ...defaultDatabaseTuning, ...tuning };
  // The client's own limit stays a little above the server's (see readDatabaseTuning).
  if (tuning.queryTimeoutMs === undefined) settings.queryTimeoutMs = settings.statementTimeoutMs + 5_000;
  const { kyselyPool } = createPostgresPool(connectionString, settings);
  const url = new URL(connectionString);
  url.password = '';
  return {
    db: kyselyWatchingStorage(new PostgresDialect({ pool: kyselyPool })),
    dialect: 'postgres',
    location: url.toString(),
  };
}

/** Whether the storage refuses writes is followed for /readyz (see storage-health.ts). */
function kyselyWatchingStorage(dialect: Dialect): Kysely<Database> {
  const health = new StorageHealth();
  const db = new Kysely<Database>({ dialect: watchingStorage(dialect, health) });
  attachStorageHealth(db, health);
  return db;
}
