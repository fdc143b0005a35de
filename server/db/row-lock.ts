import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './schema';

/**
 * Holds a row's lock until the transaction ends, so a count-then-insert limit (100 lists per user,
 * 1,000 lines per list) cannot be passed by two requests at once. PostgreSQL: SELECT … FOR UPDATE.
 * SQLite needs nothing: Kysely's driver runs one transaction at a time on its one connection, and
 * SQLite itself has a single writer.
 */
export async function lockRow(
  trx: Kysely<Database>,
  table: 'users' | 'favourite_lists' | 'orders' | 'suborders',
  id: number,
) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}
