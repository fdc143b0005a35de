import type { Insertable, Kysely } from 'kysely';
import type { Database, ErrorReportsTable } from '../db/schema';

/** Keeps one of the portal's error reports. */
export async function storeErrorReport(db: Kysely<Database>, report: Insertable<ErrorReportsTable>) {
  await db.insertInto('error_reports').values(report).execute();
}
