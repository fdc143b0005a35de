import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { ensurePrivateFile } from '../db/private-files';

const VERSIONED_BINARIES = '/usr/lib/postgresql';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * pg_dump or pg_restore: from PG_BIN when set, else on PATH, else Debian's versioned folders
 * (/usr/lib/postgresql/<major>/bin, newest first: a newer pg_dump reads an older server, not
 * the other way round).
 */
function findPostgresTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const folders = [
    ...(env.PG_BIN ? [env.PG_BIN] : []),
    ...(env.PATH ?? '').split(delimiter).filter(Boolean),
    ...(existsSync(VERSIONED_BINARIES)
      ? readdirSync(VERSIONED_BINARIES)
          .filter((entry) => /^\d+(\.\d+)?$/.test(entry))
          .sort((a, b) => Number(b) - Number(a))
          .map((major) => join(VERSIONED_BINARIES, major, 'bin'))
      : []),
  ];
  const found = folders.map((folder) => join(folder, name)).find(executable);
  if (!found)
    throw new Error(
      `${name} was not found (looked in PG_BIN, PATH and ${VERSIONED_BINARIES}/*/bin): install the PostgreSQL ` +
        `client tools of the server's major version or newer (Debian: apt-get install postgresql-client) ` +
        `or point PG_BIN at their folder`,
    );
  return found;
}

/**
 * The tools get the connection as a URI without its password and the password as PGPASSWORD, so
 * that it never shows in the process list.
 */
function connectionFor(databaseUrl: string): { uri: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { uri: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(tool: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) fail(new Error(`${tool} failed: ${stderr.trim() || error.message}`));
      else done();
    });
  });
}

/**
 * pg_dump in its custom format (compressed, restored selectively by pg_restore): one consistent
 * snapshot of the database while the servers keep writing. Written beside the target and renamed
 * when complete; readable by its owner only.
 */
export async function backupPostgres(databaseUrl: string, targetFile: string): Promise<void> {
  const pgDump = findPostgresTool('pg_dump');
  const { uri, env } = connectionFor(databaseUrl);
  const partial = `${targetFile}.partial`;
  rmSync(partial, { force: true });
  ensurePrivateFile(partial);
  try {
    await run(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${uri}`], env);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, targetFile);
}

async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into an existing database (create it first: createdb, or `create database`). Refuses
 * one that holds tables unless `force`, which replaces the dumped objects (--clean). One
 * transaction: a failed restore leaves the database as it was. Owners and grants of the dump are
 * left out, so the objects belong to whoever restores, the role the portal connects as.
 */
export async function restorePostgres(
  backupFile: string,
  databaseUrl: string,
  { force = false } = {},
): Promise<void> {
  if (!existsSync(backupFile)) throw new Error(`There is no backup at ${backupFile}`);
  const pgRestore = findPostgresTool('pg_restore');
  // Checked before anything is touched: pg_restore --list reads the archive's table of contents.
  await run(pgRestore, ['--list', backupFile], process.env);
  if (!force && (await tableCount(databaseUrl)) > 0)
    throw new Error(
      'The target database already holds tables: stop the servers and run the restore with --force to replace them',
    );
  const { uri, env } = connectionFor(databaseUrl);
  await run(
    pgRestore,
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${uri}`,
      backupFile,
    ],
    env,
  );
}
