import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
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
 * /readyz says whether requests can be served now (the database answers in time).
 */
export function healthRoutes(db: Kysely<Database>, { readinessTimeoutMs, isShuttingDown }: HealthOptions) {
  const routes = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };

  routes.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore));

  routes.get('/readyz', async (c) => {
    if (isShuttingDown() || !(await databaseAnswers(db, readinessTimeoutMs))) {
      c.header('Cache-Control', 'no-store');
      return serviceUnavailable(c);
    }
    return c.json({ status: 'ok' }, 200, noStore);
  });
  return routes;
}

async function databaseAnswers(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  // A real table, since SQLite answers "select 1" without opening the database file at all.
  const query = sql`select 1 from kysely_migration limit 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
