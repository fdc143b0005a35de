import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

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
}

export const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//.test(url);

export function openDatabase({ dataDir, databaseUrl }: DatabaseOptions): DatabaseHandle {
  if (isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl);
  mkdirSync(dataDir, { recursive: true });
  return openSqlite(join(dataDir, 'portal.sqlite'));
}

export function openSqlite(file: string): DatabaseHandle {
  const database = new SqliteDatabase(file);
  // WAL lets readers continue while the seed or an order write is running.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    dialect: 'sqlite',
    location: file,
  };
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const url = new URL(connectionString);
  url.password = '';
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: 'postgres',
    location: url.toString(),
  };
}
