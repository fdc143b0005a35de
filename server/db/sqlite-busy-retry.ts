import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';

/**
 * better-sqlite3 is synchronous: its busy timeout blocks the whole event loop while another
 * process holds the write lock. So the connection's busy timeout stays at a few milliseconds and a
 * statement that finds the database busy is retried here, after an asynchronous pause, until the
 * retry budget is spent; then the SQLITE_BUSY error goes up (and becomes a 503).
 */
export class BusyRetrySqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SqliteDatabase.Database,
    private readonly retryBudgetMs: number,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return new BusyRetryDriver(super.createDriver(), this.database, this.retryBudgetMs);
  }
}

const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite connection prepares every query anew; under load `prepare` was 3.5-6.4 % of the
 * server's CPU on every endpoint (issue 15). Kysely compiles the same query shape to the same SQL,
 * so the statements are kept, least recently used dropped first. better-sqlite3 re-prepares a
 * kept statement itself after a schema change, and `all`/`run` finish before the next query, so
 * one statement is never used twice at once.
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

class BusyRetryDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly database: SqliteDatabase.Database,
    private readonly retryBudgetMs: number,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.connections.get(connection);
    if (!wrapped) {
      wrapped = this.retrying(connection);
      this.connections.set(connection, wrapped);
    }
    return wrapped;
  }

  /**
   * BEGIN IMMEDIATE takes the write lock at the start, where a busy answer can simply be retried.
   * With a deferred BEGIN the lock would be taken by the first write, inside the transaction, and
   * SQLite's advice there is to roll back rather than retry (in WAL mode the snapshot read so far
   * may be stale, SQLITE_BUSY_SNAPSHOT, and no retry can succeed).
   */
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) =>
    this.inner.savepoint?.(connection, name, compile) ?? Promise.resolve();

  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.inner.rollbackToSavepoint?.(connection, name, compile) ?? Promise.resolve();

  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.inner.releaseSavepoint?.(connection, name, compile) ?? Promise.resolve();

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }

  private retrying(connection: DatabaseConnection): DatabaseConnection {
    const database = this.database;
    const budget = this.retryBudgetMs;
    const prepared = statementCache(database);
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const started = Date.now();
        for (let attempt = 0; ; attempt += 1) {
          try {
            return runStatement<R>(prepared(query.sql), query.parameters);
          } catch (error) {
            // Outside a transaction a busy statement did nothing and can run again; so can a busy
            // COMMIT (SQLite keeps the transaction open). Any other statement inside a
            // transaction is not retried: the transaction is rolled back by the caller.
            const retryable = isBusy(error) && (!database.inTransaction || /^\s*commit\b/i.test(query.sql));
            const elapsed = Date.now() - started;
            if (!retryable || elapsed >= budget) throw error;
            await pause(Math.min(5 * 2 ** attempt, 100, budget - elapsed));
          }
        }
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }
}
