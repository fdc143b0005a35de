import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** The readiness probe of /readyz: answers true, or throws when the database cannot answer. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  // A real table, since SQLite answers "select 1" without opening the database file at all.
  await sql`select 1 from kysely_migration limit 1`.execute(db);
  return true;
}

const PROBE_KEY = 'readiness-probe';
// Larger than a database page: on a full disk a small row may still fit into a page that has
// room, while the writes that failed needed new space. The row is gone again when it commits.
const PROBE_VALUE = 'x'.repeat(16_384);

/** A write that commits (its success clears the storage failure: see storage-health.ts). */
export async function storageAcceptsWrites(db: Kysely<Database>): Promise<boolean> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('meta')
      .values({ key: PROBE_KEY, value: PROBE_VALUE })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: PROBE_VALUE }))
      .execute();
    await trx.deleteFrom('meta').where('key', '=', PROBE_KEY).execute();
  });
  return true;
}
