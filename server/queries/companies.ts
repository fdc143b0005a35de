import type { Kysely, Selectable } from 'kysely';
import type { CompaniesTable, Database } from '../db/schema';

/** One setting of a company that exists (the signed-in user's: a missing one is a fault, not a 404). */
export async function companyValue<C extends keyof CompaniesTable & string>(
  db: Kysely<Database>,
  companyId: number,
  column: C,
): Promise<Selectable<CompaniesTable>[C]> {
  const row = await db
    .selectFrom('companies')
    .select(column)
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  // Kysely cannot index a selection by a type parameter; the signature keeps `column` checked.
  return (row as unknown as Selectable<CompaniesTable>)[column];
}
