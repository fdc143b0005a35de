import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQLite allows 32,766 bound parameters per statement and PostgreSQL 65,535: stay under both.
const MAX_PARAMETERS = 30_000;

/** Inserts many rows with few statements; the caller wraps it in a transaction. */
export async function insertInBatches<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const batchSize = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    // Kysely cannot relate a generic table name to its insert type; the signature above types the rows.
    await db
      .insertInto(table)
      .values(batch as never)
      .execute();
  }
}
