import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../server/db/scratch-database';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { describeOnlyWhen } from './support/engine-only';
import {
  cartLine,
  cleanUp,
  expectUnavailable,
  onCleanUp,
  productInStock,
  productsInStock,
  startFaultServer,
  unavailableBody,
} from './support/fault-server';
import { TestClient } from './support/http-client';

const onPostgres = Boolean(process.env.DATABASE_URL);

afterEach(cleanUp);

async function cartOf(call: (method: string, path: string) => Promise<Response>) {
  const response = await call('GET', '/api/netb2b/cart-items/');
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

describe('storage errors (any engine)', () => {
  // What SQLite, PostgreSQL and the file system report when the disk is full, read-only or
  // failing; each one reaches the app as the error a query threw, possibly wrapped.
  const storageErrors: [string, string][] = [
    ['SQLITE_FULL', 'database or disk is full'],
    ['SQLITE_READONLY', 'attempt to write a readonly database'],
    ['SQLITE_READONLY_DBMOVED', 'attempt to write a readonly database'],
    ['SQLITE_IOERR', 'disk I/O error'],
    ['SQLITE_IOERR_WRITE', 'disk I/O error'],
    ['SQLITE_IOERR_FSYNC', 'disk I/O error'],
    ['53100', 'could not extend file: No space left on device'],
    ['53000', 'insufficient resources'],
    ['53200', 'out of memory'],
    ['58030', 'could not write to file: Input/output error'],
    ['25006', 'cannot execute INSERT in a read-only transaction'],
    ['ENOSPC', 'no space left on device'],
    ['EROFS', 'read-only file system'],
    ['EIO', 'i/o error'],
  ];

  it('answers each with 503 and Retry-After (the documented body), not 500, also when wrapped', async () => {
    const thrown = (code: string, message: string) => Object.assign(new Error(message), { code });
    const { call } = await startFaultServer(
      {},
      {
        extraRoutes: (app) =>
          app.post('/fault-test/:code/', async (c) => {
            const [code, message] = storageErrors.find(([code]) => code === c.req.param('code')) ?? [];
            if (!code || !message) return c.body(null, 404);
            if (c.req.query('wrapped'))
              throw new Error('the order could not be placed', { cause: thrown(code, message) });
            throw thrown(code, message);
          }),
      },
    );
    const answers: unknown[][] = [];
    for (const [code] of storageErrors)
      for (const path of [`/fault-test/${code}/`, `/fault-test/${code}/?wrapped=1`]) {
        const response = await call('POST', path);
        answers.push([path, response.status, response.headers.get('Retry-After'), await response.json()]);
      }
    expect(answers).toEqual(
      storageErrors.flatMap(([code]) => [
        [`/fault-test/${code}/`, 503, '5', unavailableBody],
        [`/fault-test/${code}/?wrapped=1`, 503, '5', unavailableBody],
      ]),
    );
  });
});

describeOnlyWhen(!onPostgres)('SQLite storage faults', () => {
  /** The database cannot grow past its present size: what SQLite answers on a full disk. */
  async function fillDisk(database: ScratchDatabase) {
    // Free pages would be used before the file grows.
    await sql`vacuum`.execute(database.db);
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(database.db);
    const before = await sql<{ max_page_count: number }>`pragma max_page_count`.execute(database.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]?.page_count}`).execute(database.db);
    return {
      free: () => sql.raw(`pragma max_page_count = ${before.rows[0]?.max_page_count}`).execute(database.db),
    };
  }

  it('a full disk: the write answers 503, nothing of it is stored, /readyz 503 until a write succeeds again', async () => {
    const { app, database, call } = await startFaultServer({}, { productCount: 200 });
    // More lines than one page holds, so storing them needs new pages.
    const items = (await productsInStock(database, 90)).map(cartLine);
    const disk = await fillDisk(database);

    await expectUnavailable(await call('POST', '/api/netb2b/cart-items/bulk/', { items }));
    expect(await cartOf(call)).toEqual([]);
    await expectUnavailable(await app.request('/readyz'));
    await expectUnavailable(await app.request('/readyz'));
    expect((await app.request('/healthz')).status).toBe(200);

    await disk.free();
    expect((await app.request('/readyz')).status).toBe(200);
    expect((await call('POST', '/api/netb2b/cart-items/bulk/', { items })).status).toBe(200);
    expect(await cartOf(call)).toHaveLength(items.length);
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('a full disk while an order is placed: 503, no order stored, the cart as it was', async () => {
    const { database, call } = await startFaultServer({}, { productCount: 200 });
    const lines = (await productsInStock(database, 90)).map(cartLine);
    const added = await call('POST', '/api/netb2b/cart-items/bulk/', { items: lines });
    const { results } = (await added.json()) as { results: { id: number }[] };
    const order = {
      items: lines.map((line, index) => ({ ...line, cart_item: results[index]?.id })),
      expected_delivery_date: toIsoDate(addDays(new Date(), 7)),
      is_preorder: false,
      customer_note: '',
    };
    const orders = () => database.db.selectFrom('orders').select('id').orderBy('id').execute();
    const ordersBefore = await orders();
    const disk = await fillDisk(database);

    await expectUnavailable(await call('POST', '/api/netb2b/orders/', order));
    expect(await orders()).toEqual(ordersBefore);
    expect(await cartOf(call)).toHaveLength(lines.length);

    await disk.free();
    expect((await call('POST', '/api/netb2b/orders/', order)).status).toBe(201);
    expect(await cartOf(call)).toEqual([]);
  });

  it('reports the full disk (503), not the failed rollback, when SQLite already rolled the transaction back', async () => {
    const big = '.'.repeat(20_000);
    const { app, database, call } = await startFaultServer(
      {},
      {
        extraRoutes: (app, { db }) =>
          // A one-row write that needs new pages: on SQLITE_FULL, SQLite ends the whole transaction.
          app.post('/fault-test/one-big-row/', async (c) => {
            await db
              .transaction()
              .execute((trx) => trx.insertInto('meta').values({ key: 'big', value: big }).execute());
            return c.body(null, 204);
          }),
      },
    );
    const disk = await fillDisk(database);
    await expectUnavailable(await call('POST', '/fault-test/one-big-row/'));
    await expectUnavailable(await app.request('/readyz'));
    await disk.free();
    expect((await call('POST', '/fault-test/one-big-row/')).status).toBe(204);
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('never lets a transaction SQLite rolled back carry on outside it: nothing of it is stored', async () => {
    const { database, call } = await startFaultServer(
      {},
      {
        extraRoutes: (app, { db }) =>
          app.post('/fault-test/carry-on/', async (c) => {
            await db.transaction().execute(async (trx) => {
              // Code that treats a failed write as optional and goes on with the next one.
              await trx
                .insertInto('meta')
                .values({ key: 'big', value: '.'.repeat(20_000) })
                .execute()
                .catch(() => undefined);
              await trx.insertInto('meta').values({ key: 'after', value: 'small' }).execute();
            });
            return c.body(null, 204);
          }),
      },
    );
    await fillDisk(database);
    await expectUnavailable(await call('POST', '/fault-test/carry-on/'));
    const stored = await database.db
      .selectFrom('meta')
      .select('key')
      .where('key', 'in', ['big', 'after'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('a read-only database: writes and /readyz answer 503, reads 200, until it is writable again', async () => {
    const { app, database, call } = await startFaultServer({});
    const product = await productInStock(database);
    await sql`pragma query_only = 1`.execute(database.db);

    await expectUnavailable(await call('POST', '/api/netb2b/cart-items/', cartLine(product)));
    await expectUnavailable(
      await call('POST', '/api/netb2b/cart-items/bulk/', { items: [cartLine(product)] }),
    );
    expect(await cartOf(call)).toEqual([]);
    await expectUnavailable(await app.request('/readyz'));

    await sql`pragma query_only = 0`.execute(database.db);
    expect((await app.request('/readyz')).status).toBe(200);
    expect((await call('POST', '/api/netb2b/cart-items/', cartLine(product))).status).toBe(201);
  });

  it('writes to check readiness only after a failed write: a successful write clears the failure', async () => {
    const { app, database, call } = await startFaultServer({});
    const product = await productInStock(database);
    await sql`pragma query_only = 1`.execute(database.db);
    await expectUnavailable(await call('POST', '/api/netb2b/cart-items/', cartLine(product)));
    await sql`pragma query_only = 0`.execute(database.db);

    expect((await call('POST', '/api/netb2b/cart-items/', cartLine(product))).status).toBe(201);
    await sql`pragma query_only = 1`.execute(database.db);
    // Nothing failed since that write, so readiness does not write to find out.
    expect((await app.request('/readyz')).status).toBe(200);
  });
});

describeOnlyWhen(onPostgres)('PostgreSQL storage faults', () => {
  async function adminOf(database: ScratchDatabase) {
    if (!('databaseUrl' in database.connection)) throw new Error('not PostgreSQL');
    const admin = new pg.Client({ connectionString: database.connection.databaseUrl });
    await admin.connect();
    onCleanUp(() => admin.end());
    return admin;
  }

  /** Every table refuses writes the way PostgreSQL does when the disk is full (53100 disk_full). */
  async function fillDisk(admin: pg.Client) {
    await admin.query(`
      create function fault_test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`);
    const { rows } = await admin.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public'",
    );
    for (const { name } of rows)
      await admin.query(
        `create trigger fault_test_disk_full before insert or update or delete on "${name}"
         for each statement execute function fault_test_disk_full()`,
      );
    return { free: () => admin.query('drop function fault_test_disk_full() cascade') };
  }

  it('a full disk: the write answers 503, nothing of it is stored, /readyz 503 until a write succeeds again', async () => {
    const { app, database, call } = await startFaultServer({});
    const product = await productInStock(database);
    const disk = await fillDisk(await adminOf(database));

    await expectUnavailable(await call('POST', '/api/netb2b/cart-items/', cartLine(product)));
    await expectUnavailable(
      await call('POST', '/api/netb2b/cart-items/bulk/', { items: [cartLine(product)] }),
    );
    expect(await cartOf(call)).toEqual([]);
    await expectUnavailable(await app.request('/readyz'));
    await expectUnavailable(await app.request('/readyz'));
    expect((await app.request('/healthz')).status).toBe(200);

    await disk.free();
    expect((await app.request('/readyz')).status).toBe(200);
    expect((await call('POST', '/api/netb2b/cart-items/', cartLine(product))).status).toBe(201);
  });

  it('a read-only database (a replica, read_only_sql_transaction): 503 and /readyz 503 until writable', async () => {
    // One connection, so the session setting below is the app's own.
    const { app, database, call } = await startFaultServer({ poolSize: 1 });
    const product = await productInStock(database);
    await sql`set default_transaction_read_only = on`.execute(database.db);

    await expectUnavailable(await call('POST', '/api/netb2b/cart-items/', cartLine(product)));
    expect(await cartOf(call)).toEqual([]);
    await expectUnavailable(await app.request('/readyz'));

    await sql`set default_transaction_read_only = off`.execute(database.db);
    expect((await app.request('/readyz')).status).toBe(200);
    expect((await call('POST', '/api/netb2b/cart-items/', cartLine(product))).status).toBe(201);
  });

  it('answers a sign-in 503 while the disk is full, and signs in once it is not', async () => {
    const { app, database } = await startFaultServer({});
    const disk = await fillDisk(await adminOf(database));
    const client = new TestClient(app);
    await expectUnavailable(
      await client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' }),
    );
    await disk.free();
    expect((await client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' })).status).toBe(
      200,
    );
  });
});
