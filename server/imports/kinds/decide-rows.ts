import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { RowOutcome, SourceRow } from '../import-kind';
import { cellText, externalIdOf, RowRefusal } from './row-values';

/**
 * Decides the rows of a batch one after another, in file order, so that a later row with the same
 * key sees what an earlier one wrote. A RowRefusal refuses that row only; any other error fails the
 * batch (its transaction is rolled back and the runner retries or fails the job). Handlers check
 * every constraint before writing, so a refused row never leaves a failed statement behind (which
 * would abort a PostgreSQL transaction).
 */
export async function decideRows(
  rows: readonly SourceRow[],
  decide: (row: SourceRow) => Promise<'applied' | 'unchanged'>,
  keyOf: (row: SourceRow) => string | null = (row) => externalIdOf(row.fields),
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (const row of rows) {
    const externalId = keyOf(row);
    try {
      outcomes.push({ rowNumber: row.rowNumber, externalId, outcome: await decide(row) });
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw error;
      outcomes.push({
        rowNumber: row.rowNumber,
        externalId,
        outcome: 'refused',
        reason: error.reason,
        detail: error.detail,
      });
    }
  }
  return outcomes;
}

/** Runs a lookup over IN lists of at most 500 values and joins the answers. */
export async function inChunks<Value, Row>(
  values: Iterable<Value>,
  query: (chunk: Value[]) => Promise<Row[]>,
): Promise<Row[]> {
  const unique = [...new Set(values)];
  const rows: Row[] = [];
  for (let start = 0; start < unique.length; start += 500)
    rows.push(...(await query(unique.slice(start, start + 500))));
  return rows;
}

/** The products a batch's rows name in their `product` field, by the supplier's id. */
export function productsNamed(trx: Transaction<Database>, rows: readonly SourceRow[]) {
  return inChunks(
    rows.map((row) => cellText(row.fields.product)),
    (chunk) =>
      trx.selectFrom('products').select(['id', 'external_id']).where('external_id', 'in', chunk).execute(),
  );
}

/** The keys this job's report named (any outcome): what a snapshot keeps. */
export async function namedKeys(
  trx: import('kysely').Transaction<import('../../db/schema').Database>,
  jobId: string,
): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('import_job_rows')
    .select('external_id')
    .where('job_id', '=', jobId)
    .where('external_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.external_id as string));
}
