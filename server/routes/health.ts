import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { storageHealthOf } from '../db/storage-health';
import { serviceUnavailable } from '../http/service-unavailable';

export interface HealthOptions {
  /** how long /readyz waits for the database before it answers 503 */
  readinessTimeoutMs: number;
  /** true once the server has been asked to stop: /readyz answers 503 so no new work comes */
  isShuttingDown: () => boolean;
}

/**
 * For process managers and load balancers: /healthz says the process is up and answering (it
 * never touches the database, so a database outage does not get the process restarted);
 * /readyz says whether requests can be served now: the database answers in time and, once a write
 * was refused for lack of storage (full, read-only, failing), accepts a test write again.
 */
export function healthRoutes(db: Kysely<Database>, { readinessTimeoutMs, isShuttingDown }: HealthOptions) {
  const routes = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };
  const storage = storageHealthOf(db);

  routes.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore));

  routes.get('/readyz', async (c) => {
    const ready =
      !isShuttingDown() &&
      (await withinTime(
        storage.writesRefused ? storageAcceptsWrites(db) : databaseAnswers(db),
        readinessTimeoutMs,
      ));
    if (!ready) {
      c.header('Cache-Control', 'no-store');
      return serviceUnavailable(c);
    }
    return c.json({ status: 'ok' }, 200, noStore);
  });
  return routes;
}

async function withinTime(check: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  // A real table, since SQLite answers "select 1" without opening the database file at all.
  await sql`select 1 from kysely_migration limit 1`.execute(db);
  return true;
}

const PROBE_KEY = 'readiness-probe';
// Larger than a database page: on a full disk a small row may still fit into a page that has
// room, while the writes that failed needed new space. The row is gone again when it commits.
const PROBE_VALUE = 'x'.repeat(16_384);

/** A write that commits (its success clears the storage failure: see storage-health.ts). */
async function storageAcceptsWrites(db: Kysely<Database>): Promise<boolean> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('meta')
      .values({ key: PROBE_KEY, value: PROBE_VALUE })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: PROBE_VALUE }))
      .execute();
    await trx.deleteFrom('meta').where('key', '=', PROBE_KEY).execute();
  });
  return true;
}
