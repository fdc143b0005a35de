import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type RetentionPurge, retentionPurges } from './retention';

export const RETENTION_EVERY_MS = 60 * 60_000;
/** The first run: soon enough that a server restarted daily still purges, late enough not to slow the start. */
export const RETENTION_FIRST_AFTER_MS = 60_000;

export interface RetentionJobOptions {
  db: Kysely<Database>;
  now?: () => Date;
  everyMs?: number;
  firstAfterMs?: number;
  purges?: readonly RetentionPurge[];
  log?: Pick<Console, 'log' | 'warn'>;
}

export interface RetentionJob {
  /**
   * No run or batch starts after this; resolves once the batch in progress has finished (close the
   * database then).
   */
  stop(): Promise<void>;
}

/**
 * One pass over every purge. A failing purge (the database unavailable for a moment) is logged and
 * the others still run; the next pass tries again. `keepGoing` is asked between batches, so a
 * stopping server waits for one batch, not a whole backlog. Returns the rows deleted per purge.
 */
export async function runRetention(
  db: Kysely<Database>,
  now: Date,
  purges: readonly RetentionPurge[] = retentionPurges,
  log: Pick<Console, 'log' | 'warn'> = console,
  keepGoing: () => boolean = () => true,
): Promise<Map<string, number>> {
  const deleted = new Map<string, number>();
  for (const { rows, purge } of purges) {
    if (!keepGoing()) break;
    try {
      deleted.set(rows, await purge(db, now, { keepGoing }));
    } catch (error) {
      log.warn(`Retention: purging ${rows} failed (tried again next run):`, error);
    }
  }
  const done = [...deleted].filter(([, count]) => count > 0).map(([rows, count]) => `${count} ${rows}`);
  if (done.length) log.log(`Retention: deleted ${done.join(', ')}.`);
  return deleted;
}

/**
 * The hourly retention job of one server process. Several processes on one database may each run
 * it: every purge deletes by age in small batches, so two runs at once only find less to delete
 * (no lease needed). Runs never overlap within a process (the next is scheduled when one ends),
 * and the timers are unref'd so they never keep the process alive.
 */
export function startRetentionJob({
  db,
  now = () => new Date(),
  everyMs = RETENTION_EVERY_MS,
  firstAfterMs = RETENTION_FIRST_AFTER_MS,
  purges = retentionPurges,
  log = console,
}: RetentionJobOptions): RetentionJob {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = runRetention(db, now(), purges, log, () => !stopped).finally(() => {
        if (!stopped) schedule(everyMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(firstAfterMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
