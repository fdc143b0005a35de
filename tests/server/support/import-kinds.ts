import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, ImportKind, ImportMode } from '../../../server/db/schema';
import type { RowOutcome } from '../../../server/imports/import-kind';
import { importKinds } from '../../../server/imports/import-kinds';

/** An import job as the job engine would make one: the report rows need it. */
export interface TestJob {
  id: string;
  kind: ImportKind;
  mode: ImportMode;
  now: Date;
  /** report rows written so far */
  seq: number;
}

export async function createTestJob(
  db: Kysely<Database>,
  kind: ImportKind,
  mode: ImportMode,
  now = new Date(),
): Promise<TestJob> {
  const id = randomUUID();
  await db
    .insertInto('import_jobs')
    .values({
      id,
      kind,
      mode,
      format: 'json',
      status: 'running',
      file_name: `${kind}.json`,
      file_digest: '0'.repeat(64),
      file_bytes: 0,
      rows_total: null,
      error: null,
      created_by: 'staff:test',
      created_at: now.toISOString(),
      started_at: now.toISOString(),
      heartbeat_at: null,
      finished_at: null,
    })
    .execute();
  return { id, kind, mode, now, seq: 0 };
}

/**
 * Hands rows (numbered from 1 on, or from `firstRow`) to the kind's applyBatch in one transaction
 * and writes the outcomes as the job's report rows in it, as the runner does.
 */
export async function applyRows(
  db: Kysely<Database>,
  job: TestJob,
  rows: readonly Record<string, unknown>[],
  firstRow = 1,
): Promise<RowOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const outcomes = await importKinds[job.kind].applyBatch(
      trx,
      rows.map((fields, index) => ({ rowNumber: firstRow + index, fields })),
      { jobId: job.id, mode: job.mode, now: job.now },
    );
    if (outcomes.length > 0)
      await trx
        .insertInto('import_job_rows')
        .values(
          outcomes.map((outcome) => {
            job.seq += 1;
            return {
              job_id: job.id,
              seq: job.seq,
              row_number: outcome.rowNumber,
              external_id: outcome.externalId,
              outcome: outcome.outcome,
              reason: outcome.reason ?? null,
              detail: outcome.detail ?? null,
            };
          }),
        )
        .execute();
    return outcomes;
  });
}

/** The snapshot's end: the kind's retireAbsent in one transaction; answers the retired keys, sorted. */
export async function retireAbsent(db: Kysely<Database>, job: TestJob): Promise<string[]> {
  const retired = await db
    .transaction()
    .execute((trx) =>
      importKinds[job.kind].retireAbsent(trx, { jobId: job.id, mode: job.mode, now: job.now }),
    );
  return [...retired].sort();
}

/** A job of `kind` and `mode` that applies `rows` in one batch (and, for a snapshot, retires the rest). */
export async function runImport(
  db: Kysely<Database>,
  kind: ImportKind,
  mode: ImportMode,
  rows: readonly Record<string, unknown>[],
): Promise<{ outcomes: RowOutcome[]; retired: string[] }> {
  const job = await createTestJob(db, kind, mode);
  const outcomes = await applyRows(db, job, rows);
  const retired = mode === 'snapshot' ? await retireAbsent(db, job) : [];
  return { outcomes, retired };
}

/** Outcomes as a test compares them: the outcome per key, and the refusals with their reason. */
export const outcomeNames = (outcomes: readonly RowOutcome[]) => outcomes.map((outcome) => outcome.outcome);
