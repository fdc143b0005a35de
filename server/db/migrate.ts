import { type Kysely, Migrator } from 'kysely';
import type { DialectName } from './connect';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

/** Brings the schema to the latest version; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
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
