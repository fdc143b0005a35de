import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { StorageHealth } from './storage-health';

/**
 * A dialect whose driver tells `health` about every storage failure and every write that reached
 * the database: a statement that changes rows outside a transaction, or a committed transaction.
 */
export function watchingStorage(dialect: Dialect, health: StorageHealth): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new StorageWatchingDriver(dialect.createDriver(), health),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    // biome-ignore lint/suspicious/noExplicitAny: Dialect's own signature
    createIntrospector: (db: Kysely<any>) => dialect.createIntrospector(db),
  };
}

const writeNodes = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const isWrite = (query: CompiledQuery) =>
  writeNodes.has(query.query.kind) || /^\s*(insert|update|delete|replace|merge)\b/i.test(query.sql);

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** whether the open transaction changed rows: a committed read-only one proves nothing */
  wroteInTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly health: StorageHealth,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const result = await this.inner.executeQuery<R>(query);
      // A write that changed no rows stored nothing, and so proves nothing (SQLite reports an
      // insert with RETURNING by its rows only).
      if (isWrite(query) && (result.numAffectedRows ?? BigInt(result.rows.length)) > 0n) {
        if (this.inTransaction) this.wroteInTransaction = true;
        else this.health.noteWritten();
      }
      return result;
    } catch (error) {
      this.health.noteError(error);
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class StorageWatchingDriver implements Driver {
  private readonly watched = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly health: StorageHealth,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.watched.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.health);
      this.watched.set(connection, watched);
    }
    return watched;
  }

  // The transaction's own steps go to the inner driver with the inner connection (drivers know
  // their connections by identity); their outcome is noted here.
  private async step(connection: DatabaseConnection, run: (inner: DatabaseConnection) => Promise<void>) {
    try {
      await run((connection as WatchedConnection).inner);
    } catch (error) {
      this.health.noteError(error);
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.step(connection, (inner) => this.inner.beginTransaction(inner, settings));
    const watched = connection as WatchedConnection;
    watched.inTransaction = true;
    watched.wroteInTransaction = false;
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.step(connection, (inner) => this.inner.commitTransaction(inner));
    const watched = connection as WatchedConnection;
    watched.inTransaction = false;
    if (watched.wroteInTransaction) this.health.noteWritten();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    (connection as WatchedConnection).inTransaction = false;
    await this.step(connection, (inner) => this.inner.rollbackTransaction(inner));
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) =>
    this.step(connection, (inner) => this.inner.savepoint?.(inner, name, compile) ?? Promise.resolve());

  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.step(
      connection,
      (inner) => this.inner.rollbackToSavepoint?.(inner, name, compile) ?? Promise.resolve(),
    );

  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.step(
      connection,
      (inner) => this.inner.releaseSavepoint?.(inner, name, compile) ?? Promise.resolve(),
    );

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}
