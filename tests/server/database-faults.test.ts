import { createConnection, createServer, type Server, type Socket } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app';
import { openPostgres } from '../../server/db/connect';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { seedDatabase } from '../../server/seed';
import { describeOnlyWhen } from './support/engine-only';
import {
  cartLine,
  cleanUp,
  emptyDist,
  expectUnavailable,
  onCleanUp,
  productInStock,
  startFaultServer,
  watch,
} from './support/fault-server';
import { TestClient } from './support/http-client';
import { TEST_SECRET } from './support/test-server';

const onPostgres = Boolean(process.env.DATABASE_URL);

afterEach(cleanUp);

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
    onCleanUp(() => db.destroy());
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
    const { database, call } = await startFaultServer({});
    expect((await call('GET', '/api/netb2b/products/')).status).toBe(200);
    if (!('databaseUrl' in database.connection)) throw new Error('not PostgreSQL');
    const admin = new pg.Client({ connectionString: database.connection.databaseUrl });
    await admin.connect();
    onCleanUp(() => admin.end());
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
    const { app, database, call } = await startFaultServer({ statementTimeoutMs: 300 });
    if (!('databaseUrl' in database.connection)) throw new Error('not PostgreSQL');
    const admin = new pg.Client({ connectionString: database.connection.databaseUrl });
    await admin.connect();
    onCleanUp(() => admin.end());
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
    onCleanUp(() => scratch.drop());
    if (!('databaseUrl' in scratch.connection)) throw new Error('not PostgreSQL');
    await seedDatabase(scratch.db, scratch.dialect, { productCount: 30 });
    const target = new URL(scratch.connection.databaseUrl);
    const relay = await relayTo(target);
    const relayed = new URL(target);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const { db } = openPostgres(relayed.toString(), { connectTimeoutMs: 500 });
    onCleanUp(() => db.destroy());
    onCleanUp(() => relay.cut());
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
    onCleanUp(() => {
      if (other.inTransaction) other.exec('rollback');
      other.close();
    });
    return { release: () => other.exec('commit') };
  }

  it('answers 503 to a write after the retry budget while the lock is held, without holding up other answers', async () => {
    const { app, database, call } = await startFaultServer({ sqliteBusyRetryMs: 300 });
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

  it('reads answer while writes wait for the lock, and each writing request gives up after one retry budget', async () => {
    const budget = 600;
    const { app, database, call } = await startFaultServer(
      { sqliteBusyRetryMs: budget },
      // A password check that costs nothing, so what the sign-in waits for is the lock alone.
      { verifyPassword: async (password) => password === 'buyer123' },
    );
    const product = await productInStock(database);
    const client = new TestClient(app);
    const lock = holdWriteLock(database);

    const started = Date.now();
    // A sign-in (its refresh family is a write) and two cart writes, all at once.
    const writes = [
      watch(client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' })),
      watch(call('POST', '/api/netb2b/cart-items/', cartLine(product))),
      watch(call('POST', '/api/netb2b/cart-items/', cartLine(product))),
    ];
    const read = await call('GET', '/api/netb2b/products/');
    expect(read.status).toBe(200);
    expect((await app.request('/readyz')).status).toBe(200);
    expect(writes.map((write) => write.settled)).toEqual([false, false, false]);
    for (const write of writes) await expectUnavailable(await write.promise);
    // The three waited side by side, not one after another (that took three budgets).
    expect(Date.now() - started).toBeLessThan(2 * budget);

    lock.release();
    expect((await client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' })).status).toBe(
      200,
    );
    expect((await call('POST', '/api/netb2b/cart-items/', cartLine(product))).status).toBe(201);
  });

  it('lets one request wait for the lock once: after its budget is spent, its further writes fail at once', async () => {
    const budget = 500;
    const { database, call } = await startFaultServer(
      { sqliteBusyRetryMs: budget },
      {
        // A request that writes again after a write failed, as a reservation undone on failure does.
        extraRoutes: (app, { db }) =>
          app.post('/fault-test/two-writes/', async (c) => {
            const note = (key: string) => db.insertInto('meta').values({ key, value: 'written' }).execute();
            const first = await note('first-write').then(
              () => 'stored',
              () => 'refused',
            );
            await note('second-write');
            return c.json({ first });
          }),
      },
    );
    const lock = holdWriteLock(database);

    const started = Date.now();
    await expectUnavailable(await call('POST', '/fault-test/two-writes/'));
    expect(Date.now() - started).toBeLessThan(2 * budget);

    lock.release();
    expect(await (await call('POST', '/fault-test/two-writes/')).json()).toEqual({ first: 'stored' });
  });

  it('waits for a lock released within the budget: reads and /readyz answer meanwhile, the write succeeds', async () => {
    const { app, database, call } = await startFaultServer(
      { sqliteBusyRetryMs: 10_000 },
      { readinessTimeoutMs: 50 },
    );
    const product = await productInStock(database);
    const lock = holdWriteLock(database);

    const write = watch(call('POST', '/api/netb2b/cart-items/', cartLine(product)));
    // Some of the write's own steps (its sign-in check) run before it reaches the lock.
    for (let step = 0; step < 20; step += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await app.request('/readyz')).status).toBe(200);
    expect((await call('GET', '/api/netb2b/cart-items/')).status).toBe(200);
    expect(write.settled).toBe(false);

    lock.release();
    expect((await write.promise).status).toBe(201);
    expect(await (await call('GET', '/api/netb2b/cart-items/')).json()).toHaveLength(1);
  });

  it('answers 503 to a transaction whose BEGIN stays busy, and nothing of it is stored', async () => {
    const { database, call } = await startFaultServer({ sqliteBusyRetryMs: 200 });
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
