import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isPostgresUrl } from '../db/connect';
import { ensurePrivateDirectory } from '../db/private-files';
import { backupPostgres, restorePostgres } from './postgres-backup';
import { backupSqlite, restoreSqlite } from './sqlite-backup';

/** The database as the server finds it: a PostgreSQL URL, or the data folder of the SQLite file. */
export type DatabaseLocation = { databaseUrl: string } | { dataDir: string };

/** The file openDatabase (server/db/connect.ts) keeps the SQLite database in. */
const sqliteFileIn = (dataDir: string) => join(dataDir, 'portal.sqlite');

/** DATABASE_URL when it names PostgreSQL, else DATA_DIR (default ./data): the server's own choice. */
export function databaseLocationOf(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  return isPostgresUrl(env.DATABASE_URL)
    ? { databaseUrl: env.DATABASE_URL }
    : { dataDir: resolve(env.DATA_DIR || './data') };
}

/** 20250102T030405Z: sorts by time and is a valid file name everywhere. */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** ./backups/portal-<UTC time>.sqlite (or .pgdump), the folder created readable by its owner only. */
function defaultBackupFile(location: DatabaseLocation, now = new Date()): string {
  const folder = resolve('backups');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return join(folder, `portal-${stamp(now)}.${'databaseUrl' in location ? 'pgdump' : 'sqlite'}`);
}

/** Backs the database up into `file` (default: defaultBackupFile) and answers the file's path. */
export async function backupDatabase(location: DatabaseLocation, file?: string): Promise<string> {
  const target = resolve(file ?? defaultBackupFile(location));
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  if ('databaseUrl' in location) await backupPostgres(location.databaseUrl, target);
  else await backupSqlite(sqliteFileIn(location.dataDir), target);
  return target;
}

/**
 * Restores a backup made by backupDatabase into a fresh (or stopped) database: a data folder,
 * created when missing, or an existing empty PostgreSQL database. A database that holds data is
 * only replaced with `force`.
 */
export async function restoreDatabase(
  file: string,
  location: DatabaseLocation,
  options: { force?: boolean } = {},
): Promise<void> {
  if ('databaseUrl' in location) {
    await restorePostgres(resolve(file), location.databaseUrl, options);
    return;
  }
  ensurePrivateDirectory(location.dataDir);
  restoreSqlite(resolve(file), sqliteFileIn(location.dataDir), options);
}
