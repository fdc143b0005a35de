import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database, ImportKind, ImportMode } from '../../server/db/schema';
import { importKinds } from '../../server/imports/import-kinds';
import { MAX_FILE_BYTES, storeJobFile } from '../../server/imports/job-files';
import { findJob } from '../../server/imports/job-queries';
import { runImportJob } from '../../server/imports/run-import-job';

export interface FileJobFigures {
  rows: number;
  applied: number;
  unchanged: number;
  refused: number;
  retired: number;
  /** storing the file into import_job_chunks */
  storeSeconds: number;
  /** the runner, from claiming the job to done */
  runSeconds: number;
}

/**
 * A CSV file as the upload route takes it (streamed into the job's chunks, then queued) and run by
 * the real runner, as a worker would; refuses to report a job that did not end `done`.
 */
export async function runFileJob(
  db: Kysely<Database>,
  kind: ImportKind,
  mode: ImportMode,
  path: string,
): Promise<FileJobFigures> {
  const id = randomUUID();
  const stored = performance.now();
  await db
    .insertInto('import_jobs')
    .values({
      id,
      kind,
      mode,
      format: 'csv',
      status: 'failed',
      file_name: path.split('/').at(-1) ?? 'bench.csv',
      file_digest: '',
      file_bytes: 0,
      error: JSON.stringify({ code: 'upload_incomplete', detail: 'The upload did not finish.' }),
      created_by: 'staff:bench',
      created_at: new Date().toISOString(),
    })
    .execute();
  const file = await storeJobFile(db, id, createReadStream(path), () => ({
    bytes: MAX_FILE_BYTES,
    detail: 'A file may hold at most 200 MB.',
  }));
  await db
    .updateTable('import_jobs')
    .set({ status: 'queued', error: null, file_digest: file.digest, file_bytes: file.bytes })
    .where('id', '=', id)
    .execute();
  const started = performance.now();
  const result = await runImportJob({ db, handlers: importKinds }, id);
  const finished = performance.now();
  const job = await findJob(db, id);
  if (result !== 'done' || !job)
    throw new Error(`The ${kind} job ended ${result}: ${job?.error ?? 'no job row'}`);
  return {
    rows: Number(job.rows_total),
    applied: Number(job.applied),
    unchanged: Number(job.unchanged),
    refused: Number(job.refused),
    retired: Number(job.retired),
    storeSeconds: (started - stored) / 1000,
    runSeconds: (finished - started) / 1000,
  };
}
