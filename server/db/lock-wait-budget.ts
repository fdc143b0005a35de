import { AsyncLocalStorage } from 'node:async_hooks';

/** How long the work of one request has spent waiting for another process's SQLite write lock. */
export interface LockWaitAccount {
  waitedMs: number;
}

const requestAccounts = new AsyncLocalStorage<LockWaitAccount>();

/**
 * Runs one request's work with one budget for lock waits (SQLITE_BUSY_RETRY_MS in total), shared
 * by all its statements: a request that writes several times (a throttle reservation, its undoing
 * on failure, a refresh family) would otherwise wait the whole budget for each of them.
 */
export function withLockWaitBudget<T>(work: () => T): T {
  return requestAccounts.run({ waitedMs: 0 }, work);
}

/** The running request's account; outside a request (start-up, scheduled jobs) a fresh one per statement. */
export function currentLockWaitAccount(): LockWaitAccount {
  return requestAccounts.getStore() ?? { waitedMs: 0 };
}
