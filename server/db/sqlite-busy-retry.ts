import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';
import { currentLockWaitAccount } from './lock-wait-budget';

/**
 * better-sqlite3 is synchronous: its busy timeout blocks the whole event loop while another
 * process holds the write lock. So the connection's busy timeout stays at a few milliseconds and a
 * statement that finds the database busy is retried here, after an asynchronous pause, until the
 * request's retry budget is spent (see lock-wait-budget.ts); then the SQLITE_BUSY error goes up
 * (and becomes a 503).
 *
 * Kysely's own SQLite driver lets one query at a time use the connection, so a write pausing for
 * the lock held up every read behind it, although WAL readers never wait for a writer. Here the
 * connection is only held exclusively by an open transaction (its statements must not interleave
 * with anyone else's); a single statement runs synchronously, so it needs no lock of its own,
 * and a statement pausing for the lock lets the others run meanwhile.
 */
export class BusyRetrySqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SqliteDatabase.Database,
    private readonly retryBudgetMs: number,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return new SharedConnectionDriver(this.database, this.retryBudgetMs);
  }
}

const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const keyword = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite connection prepares every query anew; under load `prepare` was 3.5-6.4 % of the
 * server's CPU on every endpoint. Kysely compiles the same query shape to the same SQL, so the
 * statements are kept, least recently used dropped first. better-sqlite3 re-prepares a kept
 * statement itself after a schema change, and `all`/`run` finish before the next query, so one
 * statement is never used twice at once.
 */
function statementCache(database: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return (sql: string) => {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = database.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE)
        statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, statement);
    return statement;
  };
}

/** What Kysely's SqliteConnection.executeQuery does, with a kept statement. */
function runStatement<R>(
  statement: SqliteDatabase.Statement,
  parameters: readonly unknown[],
): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/** One user of the shared connection: a single query, a transaction, or a held connection. */
class Handle implements DatabaseConnection {
  /** set when SQLite ended this handle's transaction itself, after the error that made it */
  abortedBy: unknown;

  constructor(private readonly driver: SharedConnectionDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query.sql, query.parameters);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    // An iterator left open across awaits would keep the shared connection busy for everyone:
    // the rows are read at once and handed out in chunks.
    const { rows } = await this.executeQuery<R>(query);
    for (let start = 0; start < rows.length; start += chunkSize)
      yield { rows: rows.slice(start, start + chunkSize) };
  }
}

class SharedConnectionDriver implements Driver {
  private readonly prepared: ReturnType<typeof statementCache>;
  /** the handle whose transaction is open; everyone else waits for `transactionEnded` */
  private owner: Handle | undefined;
  private transactionEnded: Promise<void> = Promise.resolve();
  private endTransaction: () => void = () => {};

  constructor(
    private readonly database: SqliteDatabase.Database,
    private readonly retryBudgetMs: number,
  ) {
    this.prepared = statementCache(database);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Handle(this);
  }

  /**
   * BEGIN IMMEDIATE takes the write lock at the start, where a busy answer can simply be retried.
   * With a deferred BEGIN the lock would be taken by the first write, inside the transaction, and
   * SQLite's advice there is to roll back rather than retry (in WAL mode the snapshot read so far
   * may be stale, SQLITE_BUSY_SNAPSHOT, and no retry can succeed).
   */
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    await this.execute(connection as Handle, 'begin immediate', []);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.execute(connection as Handle, 'commit', []);
    this.release(connection as Handle);
  }

  /**
   * After SQLITE_FULL, SQLITE_IOERR or SQLITE_BUSY, SQLite may already have rolled the whole
   * transaction back; a ROLLBACK then fails ("no transaction is active") and Kysely would report
   * that failure instead of the error that caused it.
   */
  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      if (this.owner === connection && this.database.inTransaction) this.database.exec('rollback');
    } finally {
      this.release(connection as Handle);
    }
  }

  async releaseConnection(connection: DatabaseConnection) {
    // Kysely ends every transaction before it releases; this only guards against a leak.
    if (this.owner === connection) await this.rollbackTransaction(connection);
  }

  async destroy() {
    this.database.close();
  }

  private release(handle: Handle) {
    if (this.owner !== handle) return;
    this.owner = undefined;
    this.endTransaction();
  }

  async execute<R>(handle: Handle, sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const command = keyword(sql);
    const account = currentLockWaitAccount();
    for (let attempt = 0; ; attempt += 1) {
      while (this.owner && this.owner !== handle) await this.transactionEnded;
      const inOwnTransaction = this.owner === handle;
      // Statements after SQLite ended the transaction would run outside it, each committed on its
      // own: the transaction's work would be stored in part.
      if (inOwnTransaction && !this.database.inTransaction && command !== 'rollback')
        throw handle.abortedBy ?? new Error('The transaction was rolled back by the database.');
      try {
        const result = runStatement<R>(this.prepared(sql), parameters);
        if (command === 'begin') this.claim(handle);
        return result;
      } catch (error) {
        if (inOwnTransaction && !this.database.inTransaction) handle.abortedBy ??= error;
        // Outside a transaction a busy statement did nothing and can run again; so can a busy
        // COMMIT (SQLite keeps the transaction open). Any other statement inside a transaction
        // is not retried: the transaction is rolled back by the caller.
        const retryable = isBusy(error) && (!inOwnTransaction || command === 'commit');
        const left = this.retryBudgetMs - account.waitedMs;
        if (!retryable || left <= 0) throw error;
        const started = Date.now();
        await pause(Math.min(5 * 2 ** attempt, 100, left));
        account.waitedMs += Date.now() - started;
      }
    }
  }

  private claim(handle: Handle) {
    this.owner = handle;
    handle.abortedBy = undefined;
    this.transactionEnded = new Promise((resolve) => {
      this.endTransaction = resolve;
    });
  }
}
