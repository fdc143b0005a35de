import type { Kysely, Selectable } from 'kysely';
import type { Database, ImportJobRowsTable, ImportJobsTable, ImportOutcome } from '../db/schema';

export type ImportJobRow = Selectable<ImportJobsTable>;
export type ImportReportRow = Selectable<ImportJobRowsTable>;

/**
 * A running job whose heartbeat is older than this belongs to a process that died (or stopped):
 * any worker may take it up. The runner beats every few seconds, so a live one is never taken.
 */
export const STALE_HEARTBEAT_MS = 30_000;
export const HEARTBEAT_EVERY_MS = 5_000;

/** Job ids are UUIDs: anything else is no job (and never reaches SQL as a malformed value). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isJobId = (text: string) => UUID.test(text);

export async function findJob(db: Kysely<Database>, id: string): Promise<ImportJobRow | undefined> {
  if (!isJobId(id)) return undefined;
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first; `before` is a created_at (the list's cursor). */
export async function listJobs(
  db: Kysely<Database>,
  { limit, before }: { limit: number; before?: string | undefined },
): Promise<ImportJobRow[]> {
  let query = db.selectFrom('import_jobs').selectAll();
  if (before !== undefined) query = query.where('created_at', '<', before);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function reportPage(
  db: Kysely<Database>,
  jobId: string,
  { after, limit, outcome }: { after: number; limit: number; outcome?: ImportOutcome | undefined },
): Promise<ImportReportRow[]> {
  let query = db
    .selectFrom('import_job_rows')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('seq', '>', after);
  if (outcome) query = query.where('outcome', '=', outcome);
  return query.orderBy('seq').limit(limit).execute();
}

/**
 * Jobs some worker should run: queued ones, and running ones nobody is running any more (their
 * heartbeat stale, or released by a worker that stopped or failed). Oldest first.
 */
export async function jobsToRun(db: Kysely<Database>, now: Date, limit = 10): Promise<string[]> {
  const staleBefore = new Date(now.getTime() - STALE_HEARTBEAT_MS).toISOString();
  const rows = await db
    .selectFrom('import_jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'running'),
          eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)]),
        ]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a job for this worker: one guarded UPDATE, so of several workers (processes) that found the
 * same job only one gets it. A running job with a live heartbeat is someone else's.
 */
export async function claimJob(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_HEARTBEAT_MS).toISOString();
  const result = await db
    .updateTable('import_jobs')
    .set((eb) => ({
      status: 'running',
      started_at: eb.fn.coalesce('started_at', eb.val(at)),
      heartbeat_at: at,
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'running'),
          eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function beat(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ heartbeat_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Lets another worker (or this one, later) take the job up at once: a stopping or failing worker. */
export async function release(db: Kysely<Database>, id: string, error?: string): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ heartbeat_at: null, ...(error === undefined ? {} : { error }) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function failJob(
  db: Kysely<Database>,
  id: string,
  now: Date,
  error: { code: string; detail: string },
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({
      status: 'failed',
      error: JSON.stringify(error),
      finished_at: now.toISOString(),
      heartbeat_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}
