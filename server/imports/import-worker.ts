import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database, ImportKind } from '../db/schema';
import type { ImportKindHandler } from './import-kind';
import type { JobQueue } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';
import { type RunnerOptions, runImportJob } from './run-import-job';
import { TableJobQueue } from './sqlite-job-queue';

/** The queue of this server's database: pg-boss on PostgreSQL, the jobs table itself on SQLite. */
export function createImportQueue(
  db: Kysely<Database>,
  dialect: DialectName,
  databaseUrl: string | undefined,
): JobQueue {
  if (dialect === 'postgres' && databaseUrl) return new PgBossQueue({ connectionString: databaseUrl, db });
  return new TableJobQueue(db);
}

export interface ImportWorkerOptions extends Omit<RunnerOptions, 'keepGoing' | 'handlers'> {
  queue: JobQueue;
  handlers: Readonly<Record<ImportKind, ImportKindHandler>>;
}

export interface ImportWorker {
  /** Stops taking jobs; the job in hand stops after its batch and is left for the next worker. */
  stop(): Promise<void>;
}

/** Runs the jobs the queue delivers, one at a time, in this process. */
export async function startImportWorker({ queue, ...runner }: ImportWorkerOptions): Promise<ImportWorker> {
  let stopping = false;
  await queue.work(async (jobId) => {
    await runImportJob({ ...runner, keepGoing: () => !stopping }, jobId);
  });
  return {
    async stop() {
      stopping = true;
      await queue.stop();
    },
  };
}
