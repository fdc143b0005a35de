import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from './connect';
import type { Database } from './schema';

/** Keys of PostgreSQL advisory locks (any 64-bit numbers no other code of this database uses). */
export const startUpLocks = { seed: 4_120_391_771 } as const;

const GIVE_UP_AFTER_MS = 10 * 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isSqliteBusy = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

class HeldElsewhere extends Error {}

/** Tries `attempt` again while another process holds the lock, backing off, for at most 10 minutes. */
async function untilFree<T>(
  attempt: () => Promise<T>,
  heldElsewhere: (error: unknown) => boolean,
): Promise<T> {
  const started = Date.now();
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!heldElsewhere(error)) throw error;
      if (Date.now() - started > GIVE_UP_AFTER_MS)
        throw new Error('Another process has held the database for start-up work for 10 minutes', {
          cause: error,
        });
      await pause(Math.min(50 * 2 ** tries, 500));
    }
  }
}

/**
 * Runs start-up work (the seed) in a transaction that only one process at a time gets, so several
 * processes started at once on one new database wait for each other instead of failing: `work`
 * re-checks what the previous holder may have done. On PostgreSQL an advisory lock held until the
 * transaction ends; on SQLite the write lock BEGIN IMMEDIATE takes. Both are waited for by trying
 * again, not inside one statement: the seed can take longer than the statement timeout (and the
 * SQLite retry budget) meant for requests.
 */
export function inStartUpTransaction<T>(
  db: Kysely<Database>,
  dialect: DialectName,
  lock: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return untilFree(
    () =>
      db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          const { rows } = await sql<{
            taken: boolean;
          }>`select pg_try_advisory_xact_lock(${sql.lit(lock)}) as taken`.execute(trx);
          if (!rows[0]?.taken) throw new HeldElsewhere();
        }
        return await work(trx);
      }),
    (error) => error instanceof HeldElsewhere || (dialect === 'sqlite' && isSqliteBusy(error)),
  );
}

/**
 * Runs `work` on one SQLite connection holding the write lock (BEGIN IMMEDIATE), committed when it
 * succeeds. For Kysely's Migrator, which needs a connection rather than a transaction and takes no
 * lock of its own on SQLite (its "lock" assumes one process): without this, two processes
 * migrating a new file both ran the first migration and one failed ("table already exists").
 */
export function withSqliteWriteLock<T>(
  db: Kysely<Database>,
  work: (connection: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return untilFree(
    () =>
      db.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection);
        try {
          const result = await work(connection);
          await sql`commit`.execute(connection);
          return result;
        } catch (error) {
          // SQLite may have ended the transaction itself already (SQLITE_FULL, SQLITE_IOERR)
          await sql`rollback`.execute(connection).catch(() => undefined);
          throw error;
        }
      }),
    isSqliteBusy,
  );
}
