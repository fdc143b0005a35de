import type { Kysely, Transaction } from 'kysely';
import type { Database, ImportKind } from '../db/schema';
import type { ImportContext, ImportKindHandler, RowOutcome } from './import-kind';
import { readJobFile } from './job-files';
import {
  beat,
  claimJob,
  failJob,
  findJob,
  HEARTBEAT_EVERY_MS,
  type ImportJobRow,
  release,
} from './job-queries';
import { readStoredError } from './job-wire';
import { ImportFileError, type ReadRow, readSourceRows } from './row-reader';

export const BATCH_ROWS = 500;
/** An unexpected failure (a bug, the database away too long) is tried this often, then the job fails. */
export const MAX_ATTEMPTS = 3;

export interface RunnerOptions {
  db: Kysely<Database>;
  handlers: Readonly<Record<ImportKind, ImportKindHandler>>;
  now?: () => Date;
  batchRows?: number;
  /** asked between batches: false once the worker is stopping (the job is left for another worker) */
  keepGoing?: () => boolean;
  log?: Pick<Console, 'warn' | 'error'>;
}

/**
 * done / failed: the job ended here. skipped: someone else has it (or it had ended). lost: another
 * worker applied a batch this one was about to (it stopped at once). stopped: the worker is stopping.
 */
export type RunResult = 'done' | 'failed' | 'skipped' | 'lost' | 'stopped';

/** Another worker moved the job on: this worker's batch transaction is rolled back. */
class ClaimLost extends Error {}

/**
 * Runs one import job from where it stands. Each batch is one transaction holding the handler's
 * writes, the batch's report rows and the progress, and it only commits if the progress is still
 * what this worker read (`rows_done`), so a job run twice at once, or resumed after a crash, applies
 * and reports every row exactly once. An unexpected exception is rethrown for the queue to retry
 * (the job stays running, released for the next worker), and fails the job after MAX_ATTEMPTS.
 */
export async function runImportJob(options: RunnerOptions, jobId: string): Promise<RunResult> {
  const { db, now = () => new Date(), log = console } = options;
  if (!(await claimJob(db, jobId, now()))) return 'skipped';
  const heartbeat = setInterval(() => {
    beat(db, jobId, now()).catch((error: unknown) =>
      log.warn(`Import job ${jobId}: heartbeat failed:`, error),
    );
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  try {
    const job = await findJob(db, jobId);
    if (job?.status !== 'running') return 'skipped';
    return await runClaimed(options, job);
  } catch (error) {
    if (error instanceof ImportFileError) {
      await failJob(db, jobId, now(), { code: error.code, detail: error.detail });
      return 'failed';
    }
    return await failedUnexpectedly(options, jobId, error);
  } finally {
    clearInterval(heartbeat);
  }
}

async function runClaimed(options: RunnerOptions, job: ImportJobRow): Promise<RunResult> {
  const { db, handlers, now = () => new Date(), batchRows = BATCH_ROWS, keepGoing = () => true } = options;
  const handler = handlers[job.kind];
  let done = Number(job.rows_done);
  const rows = readSourceRows(job.format, readJobFile(db, job.id), handler, done);
  let batch: ReadRow[] = [];
  const applyBatch = async () => {
    const context: ImportContext = { jobId: job.id, mode: job.mode, now: now() };
    await db.transaction().execute((trx) => applyInTransaction(trx, handler, job.id, done, batch, context));
    done += batch.length;
    batch = [];
  };
  try {
    for await (const row of rows) {
      batch.push(row);
      if (batch.length < batchRows) continue;
      await applyBatch();
      if (!keepGoing()) {
        await release(db, job.id);
        return 'stopped';
      }
    }
    if (batch.length) await applyBatch();
  } catch (error) {
    if (error instanceof ClaimLost) return 'lost';
    throw error;
  }
  if (done === 0) throw new ImportFileError('file_empty', 'The file holds no rows.');
  return finish(options, job, done);
}

async function applyInTransaction(
  trx: Transaction<Database>,
  handler: ImportKindHandler,
  jobId: string,
  done: number,
  batch: readonly ReadRow[],
  context: ImportContext,
) {
  // The progress first: of two workers on one job, the second waits here for the first's commit,
  // then finds rows_done moved on and stops before its handler writes anything.
  const claimed = await trx
    .updateTable('import_jobs')
    .set({ rows_done: done + batch.length, heartbeat_at: context.now.toISOString() })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .where('rows_done', '=', done)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new ClaimLost();

  const objects = batch.filter((row) => !row.notAnObject);
  const decided = objects.length ? await handler.applyBatch(trx, objects, context) : [];
  if (decided.length !== objects.length)
    throw new Error(
      `The ${handler.kind} handler answered ${decided.length} outcomes for ${objects.length} rows.`,
    );
  const byRow = new Map<ReadRow, RowOutcome>();
  for (const [index, row] of objects.entries()) byRow.set(row, decided[index] as RowOutcome);
  const outcomes = batch.map(
    (row): RowOutcome =>
      byRow.get(row) ?? {
        rowNumber: row.rowNumber,
        externalId: null,
        outcome: 'refused',
        reason: 'row_invalid',
        detail: `Item ${row.rowNumber} of "rows" is not an object.`,
      },
  );

  await trx
    .insertInto('import_job_rows')
    .values(
      outcomes.map((outcome, index) => ({
        job_id: jobId,
        seq: done + index + 1,
        row_number: outcome.rowNumber,
        external_id: outcome.externalId,
        outcome: outcome.outcome,
        reason: outcome.reason ?? null,
        detail: outcome.detail ?? null,
      })),
    )
    .execute();
  const count = (name: RowOutcome['outcome']) => outcomes.filter((o) => o.outcome === name).length;
  await trx
    .updateTable('import_jobs')
    .set((eb) => ({
      applied: eb('applied', '+', count('applied')),
      unchanged: eb('unchanged', '+', count('unchanged')),
      refused: eb('refused', '+', count('refused')),
    }))
    .where('id', '=', jobId)
    .execute();
}

/** The last row read: a snapshot retires what it did not name, then the job is done, in one transaction. */
async function finish(options: RunnerOptions, job: ImportJobRow, total: number): Promise<RunResult> {
  const { db, handlers, now = () => new Date() } = options;
  const handler = handlers[job.kind];
  const context: ImportContext = { jobId: job.id, mode: job.mode, now: now() };
  try {
    await db.transaction().execute(async (trx) => {
      const finished = await trx
        .updateTable('import_jobs')
        .set({
          status: 'done',
          rows_total: total,
          finished_at: context.now.toISOString(),
          heartbeat_at: null,
          error: null,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('rows_done', '=', total)
        .executeTakeFirst();
      if (Number(finished.numUpdatedRows) !== 1) throw new ClaimLost();
      if (job.mode !== 'snapshot') return;
      const retired = await handler.retireAbsent(trx, context);
      for (let start = 0; start < retired.length; start += BATCH_ROWS) {
        await trx
          .insertInto('import_job_rows')
          .values(
            retired.slice(start, start + BATCH_ROWS).map((externalId, index) => ({
              job_id: job.id,
              seq: total + start + index + 1,
              row_number: null,
              external_id: externalId,
              outcome: 'retired' as const,
              reason: null,
              detail: null,
            })),
          )
          .execute();
      }
      await trx
        .updateTable('import_jobs')
        .set({ retired: retired.length })
        .where('id', '=', job.id)
        .execute();
    });
  } catch (error) {
    if (error instanceof ClaimLost) return 'lost';
    throw error;
  }
  return 'done';
}

async function failedUnexpectedly(options: RunnerOptions, jobId: string, error: unknown): Promise<RunResult> {
  const { db, now = () => new Date(), log = console } = options;
  const job = await findJob(db, jobId);
  if (job?.status !== 'running') throw error;
  const attempts = (readStoredError(job.error)?.attempts ?? 0) + 1;
  log.error(`Import job ${jobId} failed unexpectedly (attempt ${attempts} of ${MAX_ATTEMPTS}):`, error);
  if (attempts >= MAX_ATTEMPTS) {
    await failJob(db, jobId, now(), {
      code: 'internal_error',
      detail: `The job failed ${MAX_ATTEMPTS} times for a reason of the server; its log has the cause.`,
    });
    return 'failed';
  }
  // Released, so the queue's retry (or another process) takes it up from its last batch.
  const detail = error instanceof Error ? error.message : String(error);
  await release(db, jobId, JSON.stringify({ code: 'internal_error', detail, attempts }));
  throw error;
}
