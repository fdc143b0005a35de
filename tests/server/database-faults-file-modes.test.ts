import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { loadJwtSecret } from '../../server/security/jwt-secret';
import { describeOnlyWhen } from './support/engine-only';

const onPostgres = Boolean(process.env.DATABASE_URL);
const modeOf = (path: string) => statSync(path).mode & 0o777;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function scratchFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'portal-modes-'));
  folders.push(folder);
  return folder;
}

describeOnlyWhen(!onPostgres)('SQLite files are readable by the server user only', () => {
  it('creates the data folder 0700 and the database with its -wal and -shm 0600', async () => {
    const dataDir = join(scratchFolder(), 'data');
    const { db } = openDatabase({ dataDir });
    try {
      await migrateToLatest(db, 'sqlite');
      const file = join(dataDir, 'portal.sqlite');
      expect(modeOf(dataDir)).toBe(0o700);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path), path).toBe(true);
        expect(modeOf(path), path).toBe(0o600);
      }
    } finally {
      await db.destroy();
    }
  });

  it('tightens the files of an existing world-readable database on start', async () => {
    const dataDir = scratchFolder();
    const file = join(dataDir, 'portal.sqlite');
    const older = new SqliteDatabase(file);
    older.pragma('journal_mode = WAL');
    older.exec('create table t (x)');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);

    const { db } = openDatabase({ dataDir });
    try {
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
      await migrateToLatest(db, 'sqlite');
    } finally {
      await db.destroy();
      older.close();
    }
  });
});

describe('the generated JWT secret is readable by the server user only', () => {
  it('is written 0600 into a data folder created 0700, and kept across starts', () => {
    const dataDir = join(scratchFolder(), 'data');
    const secret = loadJwtSecret(undefined, dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(loadJwtSecret(undefined, dataDir)).toBe(secret);
  });

  it('tightens an existing world-readable secret file and keeps its value', () => {
    const dataDir = scratchFolder();
    const file = join(dataDir, 'jwt-secret');
    writeFileSync(file, 'an-older-secret-that-is-long-enough\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(loadJwtSecret(undefined, dataDir)).toBe('an-older-secret-that-is-long-enough');
    expect(modeOf(file)).toBe(0o600);
  });
});
