import type { Kysely } from 'kysely';
import type { ServerApp } from '../../../server/app';
import type { Database, ImportKind } from '../../../server/db/schema';
import type { ImportKindHandler } from '../../../server/imports/import-kind';
import { importKinds } from '../../../server/imports/import-kinds';
import { type ImportWorker, startImportWorker } from '../../../server/imports/import-worker';
import type { JobQueue } from '../../../server/imports/job-queue';
import type { ImportJobWire, ReportRowWire } from '../../../server/imports/job-wire';
import { createIntegrationKey } from '../../../server/integration/keys';
import { hashPassword } from '../../../server/security/passwords';
import { testQueue } from './import-jobs';
import { startTestServer, type TestServer } from './test-server';

/**
 * The real server app with an import queue and the real import kinds, called as an ERP calls it: a
 * bearer key holding every scope, files as raw bodies, JSON batches. The worker may be left out (a
 * test starts its own, e.g. after a crash) and may take small batches so a short file has several.
 */
export interface IntegrationHarness {
  server: TestServer;
  db: Kysely<Database>;
  /** the app over the server's database, queueing its jobs on `queue` */
  app: ServerApp;
  queue: JobQueue;
  key: string;
  startWorker(options?: {
    handlers?: Record<ImportKind, ImportKindHandler>;
    batchRows?: number;
  }): Promise<ImportWorker>;
  postFile(kind: ImportKind, body: string | Uint8Array, query: string, type?: string): Promise<ImportJobWire>;
  postBatch(kind: ImportKind, body: unknown): Promise<ImportJobWire>;
  readJob(id: string): Promise<ImportJobWire>;
  /** the job once it has ended (the worker runs it in the background) */
  jobEnded(id: string): Promise<ImportJobWire>;
  reportRows(id: string, query?: string): Promise<ReportRowWire[]>;
  /** the CSV download: its answer, headers and lines */
  reportCsv(
    id: string,
  ): Promise<{ status: number; type: string | null; disposition: string | null; lines: string[] }>;
  close(): Promise<void>;
}

export const BASE = '/api/integration/v1';
const quiet = { warn: () => {}, error: () => {} };
const ALL_SCOPES = ['catalogue:write', 'prices:write', 'assortments:write', 'customers:write', 'jobs:read'];

export async function startIntegrationHarness({
  worker = true,
  batchRows,
}: {
  worker?: boolean;
  batchRows?: number;
} = {}): Promise<IntegrationHarness> {
  const server = await startTestServer();
  const { db } = server.database;
  const queue = testQueue(server.database, db, server.clock.now);
  const app = server.freshApp({ importQueue: queue });
  const { secret } = await createIntegrationKey(db, {
    name: 'erp',
    scopes: ALL_SCOPES,
    createdBy: 'cli',
    now: server.clock.now(),
  });
  const workers: ImportWorker[] = [];
  const extraQueues: JobQueue[] = [queue];

  const call = (path: string, init: { method?: string; body?: BodyInit; type?: string } = {}) =>
    app.request(
      `${BASE}${path}`,
      {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${secret}`,
          ...(init.type ? { 'Content-Type': init.type } : {}),
        },
        ...(init.body === undefined ? {} : { body: init.body }),
      },
      { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
    );
  const created = async (response: Response) => {
    if (response.status !== 202)
      throw new Error(`creating a job answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as ImportJobWire;
  };
  const readJob = async (id: string) => (await (await call(`/imports/${id}`)).json()) as ImportJobWire;

  const harness: IntegrationHarness = {
    server,
    db,
    app,
    queue,
    key: secret,
    async startWorker({ handlers = importKinds, batchRows: rows = batchRows } = {}) {
      // a fresh worker has its own queue, as another server process would
      const ownQueue =
        workers.length === 0 && worker ? queue : testQueue(server.database, db, server.clock.now);
      if (ownQueue !== queue) extraQueues.push(ownQueue);
      const started = await startImportWorker({
        db,
        queue: ownQueue,
        handlers,
        now: server.clock.now,
        log: quiet,
        ...(rows ? { batchRows: rows } : {}),
      });
      workers.push(started);
      return started;
    },
    async postFile(kind, body, query, type = 'text/csv') {
      return created(
        await call(`/imports/${kind}?${query}`, {
          method: 'POST',
          type,
          body: typeof body === 'string' ? body : new Uint8Array(body),
        }),
      );
    },
    async postBatch(kind, body) {
      return created(
        await call(`/imports/${kind}`, {
          method: 'POST',
          type: 'application/json',
          body: JSON.stringify(body),
        }),
      );
    },
    readJob,
    async jobEnded(id) {
      for (let attempt = 0; attempt < 1200; attempt++) {
        const job = await readJob(id);
        if (job.status === 'done' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`job ${id} did not end`);
    },
    async reportRows(id, query = '') {
      const rows: ReportRowWire[] = [];
      let after = 0;
      for (;;) {
        const page = (await (
          await call(`/imports/${id}/report.json?after=${after}&limit=1000${query}`)
        ).json()) as {
          rows: ReportRowWire[];
          next_after: number | null;
        };
        rows.push(...page.rows);
        if (page.next_after === null) return rows;
        after = page.next_after;
      }
    },
    async reportCsv(id) {
      const response = await call(`/imports/${id}/report`);
      const text = await response.text();
      return {
        status: response.status,
        type: response.headers.get('Content-Type'),
        disposition: response.headers.get('Content-Disposition'),
        lines: text.split(/\r?\n/).filter((line) => line !== ''),
      };
    },
    async close() {
      for (const each of workers) await each.stop();
      for (const each of extraQueues) await each.stop();
      await server.close();
    },
  };
  if (worker) await harness.startWorker();
  return harness;
}

/** A file of lines, as a spreadsheet program saves it. */
export const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** Gives an imported user a password, as "Forgot password?" would. */
export async function setPassword(db: Kysely<Database>, username: string, password: string) {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('username', '=', username)
    .execute();
}

/** What outcome each report row has, by its row number (null for a retirement) and key. */
export const outcomesOf = (rows: readonly ReportRowWire[]) =>
  rows.map((row) => [row.row_number, row.external_id, row.outcome, row.reason]);

/**
 * Wraps the real kinds so the run of `kind` dies once, right after its `batch`-th batch wrote
 * (the batch's transaction rolls back with it), as a process killed mid-import.
 */
export function crashingOnce(kind: ImportKind, batch: number): Record<ImportKind, ImportKindHandler> {
  const real = importKinds[kind];
  let batches = 0;
  let crashed = false;
  const crashing: ImportKindHandler = {
    ...real,
    async applyBatch(trx, rows, context) {
      const outcomes = await real.applyBatch(trx, rows, context);
      batches += 1;
      if (batches === batch && !crashed) {
        crashed = true;
        throw new Error(`test: the worker dies in batch ${batch}`);
      }
      return outcomes;
    },
  };
  return { ...importKinds, [kind]: crashing };
}
