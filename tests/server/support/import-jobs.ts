import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { openDatabase } from '../../../server/db/connect';
import type { Database, ImportKind } from '../../../server/db/schema';
import { createScratchDatabase, type ScratchDatabase } from '../../../server/db/scratch-database';
import { ApiError } from '../../../server/http/api-error';
import type { AppEnv } from '../../../server/http/app-env';
import type { ImportKindHandler, RowOutcome } from '../../../server/imports/import-kind';
import { type ImportWorker, startImportWorker } from '../../../server/imports/import-worker';
import type { JobQueue } from '../../../server/imports/job-queue';
import { importJobRoutes } from '../../../server/imports/job-routes';
import type { ImportJobWire, ReportRowWire } from '../../../server/imports/job-wire';
import { PgBossQueue } from '../../../server/imports/pg-boss-queue';
import { TableJobQueue } from '../../../server/imports/sqlite-job-queue';

/**
 * A stand-in import kind for the job engine's tests: rows `{ id, value }` written to a scratch table
 * inside the batch's transaction, so a rolled-back batch leaves no trace and `writes` counts how
 * often each row really was applied. The four real kinds are tested on their own
 * (tests/server/import-kinds-*.test.ts).
 */
export interface TestKind {
  handler: ImportKindHandler;
  /** applyBatch calls so far, whether they committed or not */
  batches: number;
  retireCalls: number;
}

export async function createEffectsTable(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  // the collation of import_job_rows.external_id, which retireAbsent compares with
  const key = dialect === 'postgres' ? sql.raw('text collate "C"') : sql.raw('text');
  await sql`create table test_import_effects (external_id ${key} primary key, value text not null, writes integer not null, retired integer not null default 0)`.execute(
    db,
  );
}

export interface Effect {
  external_id: string;
  value: string;
  writes: number;
  retired: number;
}

export async function effects(db: Kysely<Database>): Promise<Effect[]> {
  const { rows } =
    await sql<Effect>`select external_id, value, writes, retired from test_import_effects order by external_id`.execute(
      db,
    );
  return rows.map((row) => ({ ...row, writes: Number(row.writes), retired: Number(row.retired) }));
}

export function testKind({ failOnBatch }: { failOnBatch?: (batch: number) => boolean } = {}): TestKind {
  const state: TestKind = {
    batches: 0,
    retireCalls: 0,
    handler: {
      kind: 'products',
      scope: 'catalogue:write',
      rowSchema: z.object({ id: z.string(), value: z.string() }),
      columns: { id: ['id', 'code', 'item code'], value: ['value', 'price'] },
      requiredColumns: ['id', 'value'],
      async applyBatch(trx, rows) {
        state.batches += 1;
        const outcomes: RowOutcome[] = [];
        for (const row of rows) {
          const id = typeof row.fields.id === 'string' ? row.fields.id : '';
          const value = row.fields.value;
          if (!id) {
            outcomes.push({
              rowNumber: row.rowNumber,
              externalId: null,
              outcome: 'refused',
              reason: 'id_missing',
              detail: 'A row needs an id.',
            });
            continue;
          }
          if (typeof value !== 'string' || value === '' || value.startsWith('bad')) {
            outcomes.push({
              rowNumber: row.rowNumber,
              externalId: id,
              outcome: 'refused',
              reason: 'value_invalid',
              detail: `=value "${String(value)}" is not a value.`,
            });
            continue;
          }
          const { rows: found } = await sql<{
            value: string;
          }>`select value from test_import_effects where external_id = ${id}`.execute(trx);
          if (found[0]?.value === value) {
            outcomes.push({ rowNumber: row.rowNumber, externalId: id, outcome: 'unchanged' });
            continue;
          }
          if (found[0])
            await sql`update test_import_effects set value = ${value}, writes = writes + 1 where external_id = ${id}`.execute(
              trx,
            );
          else
            await sql`insert into test_import_effects (external_id, value, writes) values (${id}, ${value}, 1)`.execute(
              trx,
            );
          outcomes.push({ rowNumber: row.rowNumber, externalId: id, outcome: 'applied' });
        }
        // After the writes: a crash in the middle of a batch must roll them back with it.
        if (failOnBatch?.(state.batches)) throw new Error(`test handler: batch ${state.batches} crashes`);
        return outcomes;
      },
      async retireAbsent(trx, context) {
        state.retireCalls += 1;
        const { rows } = await sql<{ external_id: string }>`
          select external_id from test_import_effects
          where retired = 0 and external_id not in (
            select external_id from import_job_rows where job_id = ${context.jobId} and external_id is not null)
          order by external_id`.execute(trx);
        await sql`update test_import_effects set retired = 1 where retired = 0 and external_id not in (
            select external_id from import_job_rows where job_id = ${context.jobId} and external_id is not null)`.execute(
          trx,
        );
        return rows.map((row) => row.external_id);
      },
    },
  };
  return state;
}

export const allKinds = (handler: ImportKindHandler): Record<ImportKind, ImportKindHandler> => ({
  products: handler,
  prices: handler,
  assortments: handler,
  customers: handler,
});

/** A clock the tests move forward, to make a dead process's heartbeat stale. */
export class JobClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

/** This engine's real queue (pg-boss on PostgreSQL), polling quickly so tests stay short. */
export function testQueue(database: ScratchDatabase, db: Kysely<Database>, now: () => Date): JobQueue {
  if ('databaseUrl' in database.connection)
    return new PgBossQueue({
      connectionString: database.connection.databaseUrl,
      db,
      now,
      pollingIntervalSeconds: 0.5,
      sweepMs: 500,
    });
  return new TableJobQueue(db, { now, pollMs: 50 });
}

export interface JobsHarness {
  database: ScratchDatabase;
  db: Kysely<Database>;
  clock: JobClock;
  /** the job routes over this database, queueing on `queue` */
  app(queue?: JobQueue): Hono<AppEnv>;
  /** a worker with its own queue (and, on SQLite, its own connection: another process's view) */
  worker(
    handlers: Record<ImportKind, ImportKindHandler>,
    options?: { batchRows?: number; ownConnection?: boolean },
  ): Promise<{ queue: JobQueue; worker: ImportWorker }>;
  /** another handle on the same database, as a second server process has */
  secondHandle(): Kysely<Database>;
  close(): Promise<void>;
}

export async function startJobsHarness(): Promise<JobsHarness> {
  const database = await createScratchDatabase();
  await createEffectsTable(database.db, database.dialect);
  const clock = new JobClock();
  const cleanups: (() => Promise<void>)[] = [];
  const quiet = { warn: () => {}, error: () => {} };
  const secondHandle = () => {
    const handle = openDatabase(
      'databaseUrl' in database.connection
        ? { dataDir: '', databaseUrl: database.connection.databaseUrl }
        : { dataDir: database.connection.dataDir },
    );
    cleanups.push(() => handle.db.destroy());
    return handle.db;
  };
  return {
    database,
    db: database.db,
    clock,
    app(queue) {
      const app = new Hono<AppEnv>();
      app.route(
        '/imports',
        importJobRoutes(
          { db: database.db, now: clock.now, importQueue: queue },
          { actor: () => 'key:test', mayCreate: () => true, mayRead: () => true },
        ),
      );
      app.onError((error, c) => {
        if (error instanceof ApiError) return c.json(error.body, error.status);
        throw error;
      });
      return app;
    },
    async worker(handlers, { batchRows, ownConnection = false } = {}) {
      const db = ownConnection ? secondHandle() : database.db;
      const queue = testQueue(database, db, clock.now);
      const worker = await startImportWorker({
        db,
        queue,
        handlers,
        now: clock.now,
        log: quiet,
        ...(batchRows ? { batchRows } : {}),
      });
      cleanups.unshift(() => worker.stop());
      return { queue, worker };
    },
    secondHandle,
    async close() {
      for (const cleanup of cleanups) await cleanup();
      await database.drop();
    },
  };
}

export async function postFile(
  app: Hono<AppEnv>,
  kind: string,
  body: string | Uint8Array,
  query = 'mode=delta&file_name=items.csv',
  type = 'text/csv',
) {
  return app.request(`/imports/${kind}?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}

export async function createJob(
  app: Hono<AppEnv>,
  body: string | Uint8Array,
  query?: string,
  type?: string,
): Promise<ImportJobWire> {
  const response = await postFile(app, 'products', body, query, type);
  if (response.status !== 202)
    throw new Error(`creating a job answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ImportJobWire;
}

export async function readJob(app: Hono<AppEnv>, id: string): Promise<ImportJobWire> {
  return (await (await app.request(`/imports/${id}`)).json()) as ImportJobWire;
}

/** Polls until the job has ended (the worker runs it in the background). */
export async function jobEnded(app: Hono<AppEnv>, id: string): Promise<ImportJobWire> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const job = await readJob(app, id);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not end`);
}

export async function reportRows(app: Hono<AppEnv>, id: string, query = ''): Promise<ReportRowWire[]> {
  const rows: ReportRowWire[] = [];
  let after = 0;
  for (;;) {
    const page = (await (
      await app.request(`/imports/${id}/report.json?after=${after}&limit=1000${query}`)
    ).json()) as {
      rows: ReportRowWire[];
      next_after: number | null;
    };
    rows.push(...page.rows);
    if (page.next_after === null) return rows;
    after = page.next_after;
  }
}

export const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
