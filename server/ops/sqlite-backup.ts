import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { ensurePrivateFile } from '../db/private-files';

/** SQLite's companions of a database file: a restore must not leave the old ones beside the new file. */
const companions = (file: string) => [`${file}-wal`, `${file}-shm`, `${file}-journal`];

/**
 * Copies a live database with SQLite's online backup API: a consistent snapshot while the server
 * keeps serving (a write in between makes the copy start over), which copying the file would not be
 * (its -wal holds the latest commits). The copy is written beside the target and renamed when
 * complete, so the target is never half a backup, and switched to a rollback journal so that it is
 * one self-contained file. Readable by its owner only: it holds password hashes and customer data.
 */
export async function backupSqlite(sourceFile: string, targetFile: string): Promise<void> {
  if (!existsSync(sourceFile)) throw new Error(`There is no database at ${sourceFile}`);
  const partial = `${targetFile}.partial`;
  rmSync(partial, { force: true });
  ensurePrivateFile(partial);
  const source = new SqliteDatabase(sourceFile, { fileMustExist: true, timeout: 5_000 });
  try {
    await source.backup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    checkBackup(copy, partial);
  } finally {
    copy.close();
  }
  renameSync(partial, targetFile);
}

/** A readable SQLite file that holds the portal's schema (its migration table), or an error saying why not. */
function checkBackup(db: SqliteDatabase.Database, file: string) {
  let verdict: unknown;
  try {
    verdict = db.pragma('quick_check', { simple: true });
  } catch (error) {
    throw new Error(`${file} is not a SQLite database (${(error as Error).message})`);
  }
  if (verdict !== 'ok') throw new Error(`${file} is damaged: ${String(verdict)}`);
  const migrations = db
    .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get() as { n: number };
  if (migrations.n === 0) throw new Error(`${file} is not a backup of the portal (no migration table)`);
}

/** Whether the file is a database with at least one table (an empty file is an empty database). */
function holdsData(file: string): boolean {
  if (!existsSync(file) || statSync(file).size === 0) return false;
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
      n: number;
    };
    return tables.n > 0;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database file. Meant for a fresh data folder or one whose servers
 * are stopped: a running server would keep its open file and write on. Refuses to replace a
 * database that holds data unless `force`. The backup is checked first, copied beside the target
 * and renamed over it, so a failed restore leaves the target as it was.
 */
export function restoreSqlite(backupFile: string, targetFile: string, { force = false } = {}): void {
  if (!existsSync(backupFile)) throw new Error(`There is no backup at ${backupFile}`);
  const backup = (() => {
    try {
      return new SqliteDatabase(backupFile, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw new Error(`${backupFile} is not a SQLite database (${(error as Error).message})`);
    }
  })();
  try {
    checkBackup(backup, backupFile);
  } finally {
    backup.close();
  }
  if (!force && holdsData(targetFile))
    throw new Error(
      `${targetFile} already holds a database: stop the server and run the restore with --force to replace it`,
    );
  const incoming = `${targetFile}.restoring`;
  rmSync(incoming, { force: true });
  copyFileSync(backupFile, incoming);
  // The copy takes the backup's mode; the database is the owner's alone whatever that was.
  ensurePrivateFile(incoming);
  // A -wal left by the old database would be replayed into the restored one.
  for (const file of companions(targetFile)) rmSync(file, { force: true });
  renameSync(incoming, targetFile);
}
