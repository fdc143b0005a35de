import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { openPostgres } from '../../server/db/connect';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import type { DatabaseTuning } from '../../server/db/tuning';
import { seedDatabase } from '../../server/seed';
import { describeOnlyWhen } from './support/engine-only';
import { TestClient } from './support/http-client';
import { TEST_SECRET } from './support/test-server';

const onPostgres = Boolean(process.env.DATABASE_URL);
const CSRF = 'database-faults-csrf-token-0123456789abcdef';
const PIECE = 1;

const unavailable = {
  code: 'service_unavailable',
  detail: 'The service is temporarily unavailable. Please try again in a moment.',
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** an empty built portal: these tests only need the API and the health checks */
function emptyDist() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Harness {
  app: ServerApp;
  database: ScratchDatabase;
  access: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

async function startServer(tuning: Partial<DatabaseTuning>, readinessTimeoutMs = 2_000): Promise<Harness> {
  const database = await createScratchDatabase(tuning);
  cleanups.push(() => database.drop());
  await seedDatabase(database.db, database.dialect, { productCount: 30 });
  const app = createServerApp({
    db: database.db,
    jwtSecret: TEST_SECRET,
    distDir: emptyDist(),
    readinessTimeoutMs,
  });
  const { access } = await new TestClient(app).signIn('buyer', 'buyer123');
  const call = async (method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${access}`,
        'Content-Type': 'application/json',
        Cookie: `csrftoken=${CSRF}`,
        'X-CSRFToken': CSRF,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { app, database, access, call };
}

/** A promise that remembers whether it has settled, to check which answer came first. */
function watch<T>(promise: Promise<T>) {
  const watched = { settled: false, promise };
  watched.promise = promise.finally(() => {
    watched.settled = true;
  });
  return watched;
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual(unavailable);
}

async function productInStock(database: ScratchDatabase) {
  const row = await database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 100)
    .where('p.id', 'not in', database.db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

const cartLine = (product: number) => ({ product, campaign: null, quantity: '2', unit: PIECE });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('a database nobody answers at (any engine)', () => {
  it('answers 503 with Retry-After to a request and to /readyz, 200 to /healthz, and keeps running', async () => {
    const port = await freePort();
    const { db } = openPostgres(`postgres://portal@127.0.0.1:${port}/portal`, { connectTimeoutMs: 500 });
    cleanups.push(() => db.destroy());
    const app = createServerApp({ db, jwtSecret: TEST_SECRET, distDir: emptyDist() });
    const client = new TestClient(app);

    await expectUnavailable(
      await client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' }),
    );
    await expectUnavailable(await app.request('/readyz'));
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
  });
});

/** A TCP relay in front of PostgreSQL that the test can cut and restore, like a restart. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming) => {
    const outgoing = createConnection(Number(target.port || 5432), target.hostname);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return {
    port: address.port,
    async cut() {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => listen(address.port),
  };
}

describeOnlyWhen(onPostgres)('PostgreSQL faults', () => {
  it('survives its connections being terminated: the next request succeeds', async () => {
    const { database, call } = await startServer({});
    expect((await call('GET', '/api/netb2b/products/')).status).toBe(200);
    if (!('databaseUrl' in database.connection)) throw new Error('not PostgreSQL');
    const admin = new pg.Client({ connectionString: database.connection.databaseUrl });
    await admin.connect();
    cleanups.push(() => admin.end());
    const { rows } = await admin.query<{ terminated: boolean }>(
      'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    expect(rows.length).toBeGreaterThan(0);

    expect((await call('GET', '/api/netb2b/products/')).status).toBe(200);
    expect(
      (await call('POST', '/api/netb2b/cart-items/', cartLine(await productInStock(database)))).status,
    ).toBe(201);
  });

  it('answers 503 while a lock holds a query past the statement timeout, /healthz at once', async () => {
    const { app, database, call } = await startServer({ statementTimeoutMs: 300 });
    if (!('databaseUrl' in database.connection)) throw new Error('not PostgreSQL');
    const admin = new pg.Client({ connectionString: database.connection.databaseUrl });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query('begin');
    await admin.query('lock table products in access exclusive mode');

    const products = watch(call('GET', '/api/netb2b/products/'));
    const health = await app.request('/healthz');
    expect(health.status).toBe(200);
    expect(products.settled).toBe(false);
    await expectUnavailable(await products.promise);

    await admin.query('commit');
    expect((await call('GET', '/api/netb2b/products/')).status).toBe(200);
  });

  it('answers 503 and /readyz 503 while the database is away, and recovers by itself when it is back', async () => {
    const scratch = await createScratchDatabase();
    cleanups.push(() => scratch.drop());
    if (!('databaseUrl' in scratch.connection)) throw new Error('not PostgreSQL');
    await seedDatabase(scratch.db, scratch.dialect, { productCount: 30 });
    const target = new URL(scratch.connection.databaseUrl);
    const relay = await relayTo(target);
    const relayed = new URL(target);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const { db } = openPostgres(relayed.toString(), { connectTimeoutMs: 500 });
    cleanups.push(() => db.destroy());
    cleanups.push(() => relay.cut());
    const app = createServerApp({ db, jwtSecret: TEST_SECRET, distDir: emptyDist() });
    const client = new TestClient(app);

    expect((await app.request('/readyz')).status).toBe(200);
    const { access } = await client.signIn('buyer', 'buyer123');

    await relay.cut();
    await expectUnavailable(await client.get('/api/netb2b/products/', access));
    await expectUnavailable(await app.request('/readyz'));
    expect((await app.request('/healthz')).status).toBe(200);

    await relay.restore();
    expect((await app.request('/readyz')).status).toBe(200);
    expect((await client.get('/api/netb2b/products/', access)).status).toBe(200);
  });
});

describeOnlyWhen(!onPostgres)('SQLite faults', () => {
  /** another process's connection holding the write lock */
  function holdWriteLock(database: ScratchDatabase) {
    const other = new SqliteDatabase(database.location, { timeout: 0 });
    other.exec('begin immediate');
    cleanups.push(() => {
      if (other.inTransaction) other.exec('rollback');
      other.close();
    });
    return { release: () => other.exec('commit') };
  }

  it('answers 503 to a write after the retry budget while the lock is held, without holding up other answers', async () => {
    const { app, database, call } = await startServer({ sqliteBusyRetryMs: 300 });
    const product = await productInStock(database);
    const lock = holdWriteLock(database);

    const write = watch(call('POST', '/api/netb2b/cart-items/', cartLine(product)));
    expect((await app.request('/healthz')).status).toBe(200);
    expect((await app.request('/config.json')).status).toBe(200);
    expect(write.settled).toBe(false);
    await expectUnavailable(await write.promise);

    lock.release();
    expect((await call('POST', '/api/netb2b/cart-items/', cartLine(product))).status).toBe(201);
  });

  it('waits for a lock released within the budget: /readyz answers 503 meanwhile, the write succeeds', async () => {
    const { app, database, call } = await startServer({ sqliteBusyRetryMs: 10_000 }, 50);
    const product = await productInStock(database);
    const lock = holdWriteLock(database);

    const write = watch(call('POST', '/api/netb2b/cart-items/', cartLine(product)));
    // The write reaches the database after its sign-in check; from then on it holds the one
    // connection, retrying, and readiness cannot be confirmed.
    let ready = await app.request('/readyz');
    while (ready.status === 200 && !write.settled) {
      // A pause lets the write's own steps run between the checks.
      await new Promise((resolve) => setTimeout(resolve, 5));
      ready = await app.request('/readyz');
    }
    await expectUnavailable(ready);
    expect(write.settled).toBe(false);

    lock.release();
    expect((await write.promise).status).toBe(201);
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('answers 503 to a transaction whose BEGIN stays busy, and nothing of it is stored', async () => {
    const { database, call } = await startServer({ sqliteBusyRetryMs: 200 });
    const product = await productInStock(database);
    const lock = holdWriteLock(database);
    // The bulk cart write runs in a transaction: its BEGIN IMMEDIATE is what finds the lock.
    const bulk = await call('POST', '/api/netb2b/cart-items/bulk/', { items: [cartLine(product)] });
    await expectUnavailable(bulk);
    lock.release();

    expect(await (await call('GET', '/api/netb2b/cart-items/')).json()).toEqual([]);
    const again = await call('POST', '/api/netb2b/cart-items/bulk/', { items: [cartLine(product)] });
    expect(again.status).toBe(200);
    expect(await (await call('GET', '/api/netb2b/cart-items/')).json()).toHaveLength(1);
  });
});
