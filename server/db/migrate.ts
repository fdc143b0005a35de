import { type Kysely, Migrator } from 'kysely';
import type { DialectName } from './connect';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { withSqliteWriteLock } from './start-up-lock';

/**
 * Brings the schema to the latest version; throws with the failing migration's name. Several
 * processes may start at once: on PostgreSQL Kysely's Migrator holds an advisory lock while it
 * migrates, on SQLite the whole run holds the write lock, so each migration runs once.
 */
export function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  return dialect === 'sqlite'
    ? withSqliteWriteLock(db, (connection) => migrate(connection, dialect))
    : migrate(db, dialect);
}

async function migrate(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  // Migrations written side by side may land out of name order (030 after 040 had already run on
  // a database); they are independent, so a missing earlier one simply runs next.
  const migrator = new Migrator({ db, provider: migrationProvider(dialect), allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
