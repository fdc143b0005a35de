import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { storageHealthOf } from '../db/storage-health';
import { serviceUnavailable } from '../http/service-unavailable';
import { databaseAnswers, storageAcceptsWrites } from '../queries/health-probes';

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
