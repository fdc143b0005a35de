/**
 * How long the server waits for its database before it gives up and answers 503. Every value is a
 * number of milliseconds; the environment names and defaults are listed in docs/operations.md.
 */
export interface DatabaseTuning {
  /** PostgreSQL: opening a connection, and waiting for a free one when the pool is exhausted */
  connectTimeoutMs: number;
  /** PostgreSQL: the server cancels a statement running (or waiting for a lock) longer than this */
  statementTimeoutMs: number;
  /** PostgreSQL: the client stops waiting for an answer (a frozen or unreachable server) */
  queryTimeoutMs: number;
  /** PostgreSQL: the server ends a session left idle inside a transaction */
  idleInTransactionTimeoutMs: number;
  /** PostgreSQL: connections in the pool */
  poolSize: number;
  /** SQLite: how long one attempt may block the event loop waiting for another writer's lock */
  sqliteBusyTimeoutMs: number;
  /**
   * SQLite: how long one request in total (or one statement outside a request) keeps retrying,
   * asynchronously, while another process holds the write lock, before its 503
   */
  sqliteBusyRetryMs: number;
}

export const defaultDatabaseTuning: DatabaseTuning = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  queryTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  poolSize: 10,
  sqliteBusyTimeoutMs: 5,
  sqliteBusyRetryMs: 2_500,
};

const environmentNames: Record<keyof DatabaseTuning, string> = {
  connectTimeoutMs: 'DB_CONNECT_TIMEOUT_MS',
  statementTimeoutMs: 'DB_STATEMENT_TIMEOUT_MS',
  queryTimeoutMs: 'DB_QUERY_TIMEOUT_MS',
  idleInTransactionTimeoutMs: 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
  poolSize: 'DB_POOL_SIZE',
  sqliteBusyTimeoutMs: 'SQLITE_BUSY_TIMEOUT_MS',
  sqliteBusyRetryMs: 'SQLITE_BUSY_RETRY_MS',
};

/** The tuning from the environment; an unset or empty variable keeps its default. */
export function readDatabaseTuning(env: NodeJS.ProcessEnv): DatabaseTuning {
  const tuning = { ...defaultDatabaseTuning };
  for (const key of Object.keys(environmentNames) as (keyof DatabaseTuning)[]) {
    const name = environmentNames[key];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive whole number, got "${raw}"`);
    tuning[key] = value;
  }
  // Without its own setting the client waits a little longer than the server's own limit, so a
  // slow statement is reported by PostgreSQL (57014) and only a silent server trips this one.
  if (!env.DB_QUERY_TIMEOUT_MS) tuning.queryTimeoutMs = tuning.statementTimeoutMs + 5_000;
  return tuning;
}
