import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DatabaseTuning } from './tuning';
import { isDatabaseUnavailable } from './unavailable';

/**
 * The pg pool behind Kysely, made to survive a database restart, failover or terminated session:
 * an error on an idle or checked-out connection is logged (pg would otherwise throw it as an
 * unhandled 'error' event and end the process), dead connections are never handed out or put
 * back, and every wait has a limit (see DatabaseTuning).
 */
export function createPostgresPool(connectionString: string, tuning: DatabaseTuning) {
  const pool = new pg.Pool({
    connectionString,
    max: tuning.poolSize,
    connectionTimeoutMillis: tuning.connectTimeoutMs,
    statement_timeout: tuning.statementTimeoutMs,
    query_timeout: tuning.queryTimeoutMs,
    idle_in_transaction_session_timeout: tuning.idleInTransactionTimeoutMs,
    // Notices a peer that vanished without closing the socket (a failover, a cut network).
    keepAlive: true,
    application_name: 'ordering-portal',
  });
  // pg-pool has already taken the failed idle client out of the pool; there is nothing to do but
  // to say so. The next request opens a new connection.
  pool.on('error', (error) => logConnectionLoss('idle', error));
  return { pool, kyselyPool: new ResilientPool(pool) };
}

/** Statement text → name, for the statements prepared once per connection (see `keepPrepared`). */
const preparedNames = new Map<string, string>();

/**
 * Marks a statement of fixed text that runs often (every fixedQuery: the sign-in check with the
 * catalogue version, the product rows of a search answer): on PostgreSQL it is then sent as a
 * named statement, parsed and planned once per connection and afterwards only bound and executed,
 * instead of parsed and planned on every run. Only fixed texts belong here, never
 * texts that vary with their arguments: each name lives as long as its connection on the server.
 */
export function keepPrepared(sql: string) {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `portal_fixed_${preparedNames.size + 1}`);
}

let lastLoggedAt = 0;
function logConnectionLoss(where: string, error: Error) {
  // A restart ends every connection at once: one line per second is enough.
  const now = Date.now();
  if (now - lastLoggedAt < 1_000) return;
  lastLoggedAt = now;
  console.warn(`PostgreSQL connection lost (${where}): ${error.message}`);
}

interface ClientInternals {
  _queryable?: boolean;
  _ending?: boolean;
}
const isUsable = (client: pg.PoolClient) => {
  const internals = client as unknown as ClientInternals;
  return internals._queryable !== false && !internals._ending;
};

class ResilientPool implements PostgresPool {
  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    return new GuardedClient(this.pool, await this.usableClient());
  }

  /** an idle client whose socket already died (its error still queued) is dropped, not used */
  async usableClient(): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt += 1) {
      const client = await this.pool.connect();
      if (isUsable(client) || attempt > this.pool.options.max) return client;
      client.release(true);
    }
  }

  end() {
    return this.pool.end();
  }
}

// Errors raised by pg before the query was written to the socket.
const notSent = (error: unknown) => error instanceof Error && /is not queryable$/.test(error.message);

const isConnectionLoss = (error: unknown) =>
  isDatabaseUnavailable(error) && (error as { code?: unknown }).code !== '57014';

class GuardedClient implements PostgresPoolClient {
  private inTransaction = false;
  private broken = false;
  /** undefined between dropping a dead connection and getting its replacement */
  private client: pg.PoolClient | undefined;
  private readonly onError = (error: Error) => {
    this.broken = true;
    logConnectionLoss('in use', error);
  };

  constructor(
    private readonly pool: pg.Pool,
    client: pg.PoolClient,
  ) {
    this.client = client;
    client.on('error', this.onError);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the overloads of PostgresPoolClient.query
  query(sqlOrCursor: any, parameters?: ReadonlyArray<unknown>): any {
    if (typeof sqlOrCursor !== 'string') return this.connected().query(sqlOrCursor);
    return this.run(sqlOrCursor, parameters ?? []);
  }

  private connected(): pg.PoolClient {
    if (!this.client) throw new Error('Client was closed and is not queryable');
    return this.client;
  }

  private async run(sql: string, parameters: ReadonlyArray<unknown>) {
    const keyword = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
    try {
      return await this.send(sql, parameters, keyword);
    } catch (error) {
      // One transparent retry on a fresh connection, only where running the statement twice
      // cannot change anything: outside a transaction (whose work died with the connection), and
      // either the statement never left this process or it only reads.
      const safe = !this.inTransaction && (notSent(error) || keyword === 'select');
      if (!safe || !isConnectionLoss(error)) throw error;
      this.drop(error);
      const fresh = await new ResilientPool(this.pool).usableClient();
      fresh.on('error', this.onError);
      this.client = fresh;
      return this.send(sql, parameters, keyword);
    }
  }

  private async send(sql: string, parameters: ReadonlyArray<unknown>, keyword: string) {
    const client = this.connected();
    // After a timeout the connection may still be busy with the abandoned query; a ROLLBACK
    // queued behind it would wait for a second timeout.
    if (this.broken) throw new Error('Client has encountered a connection error and is not queryable');
    try {
      const name = preparedNames.get(sql);
      const result = await (name
        ? client.query({ name, text: sql, values: [...parameters] })
        : client.query(sql, [...parameters]));
      if (keyword === 'begin' || keyword === 'start') this.inTransaction = true;
      return result;
    } catch (error) {
      if (isConnectionLoss(error)) this.broken = true;
      throw error;
    } finally {
      if (keyword === 'commit' || keyword === 'rollback') this.inTransaction = false;
    }
  }

  /** gives a dead connection back to the pool to be destroyed */
  private drop(error: unknown) {
    const client = this.client;
    this.client = undefined;
    this.broken = false;
    if (!client) return;
    client.removeListener('error', this.onError);
    client.release(error instanceof Error ? error : true);
  }

  release() {
    const client = this.client;
    if (!client) return;
    this.client = undefined;
    client.removeListener('error', this.onError);
    // A connection that failed or timed out may still be busy with the old query: destroy it
    // rather than hand it to the next request.
    client.release(this.broken || !isUsable(client) ? true : undefined);
  }
}
