import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { isPostgresUrl, openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { backupDatabase, type DatabaseLocation, restoreDatabase } from '../../server/ops/backup';
import { TestClient } from './support/http-client';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

const PIECE = 1;
const CSRF = 'backup-restore-csrf-token-0123456789abcdef';
const serverUrl = process.env.DATABASE_URL;

let server: TestServer;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await server.close();
});

function scratchFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Where a restore goes: a fresh data folder, or on PostgreSQL a new empty database on the same server. */
async function freshLocation(): Promise<DatabaseLocation> {
  if (!isPostgresUrl(serverUrl)) return { dataDir: join(scratchFolder(), 'data') };
  const name = `portal_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString() };
}

/** the database at a location, closed after the test file */
function open(location: DatabaseLocation): Kysely<Database> {
  const { db } = openDatabase(
    'dataDir' in location ? { dataDir: location.dataDir } : { dataDir: '', ...location },
  );
  cleanups.push(() => db.destroy());
  return db;
}

async function placeOrder(app: ServerApp, productId: number, quantity: string): Promise<number> {
  const { access } = await new TestClient(app).signIn('buyer', 'buyer123');
  const response = await app.request('/api/netb2b/orders/', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${access}`,
      'Content-Type': 'application/json',
      Cookie: `csrftoken=${CSRF}`,
      'X-CSRFToken': CSRF,
    },
    body: JSON.stringify({
      items: [{ product: productId, quantity, unit: PIECE, campaign: null }],
      expected_delivery_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      is_preorder: false,
      customer_note: `backup test ${quantity}`,
    }),
  });
  const body = (await response.json()) as { id: number };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

/** every order with what it holds, in a form both engines print alike */
async function ordersIn(db: Kysely<Database>) {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'total', 'customer_note', 'expected_delivery_date'])
    .orderBy('id')
    .execute();
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('suborders as s', 's.id', 'i.suborder_id')
    .select(['s.order_id', 'i.product_id', 'i.quantity'])
    .orderBy('s.order_id')
    .orderBy('i.product_id')
    .execute();
  return orders.map((order) => ({
    ...order,
    total: String(order.total),
    items: items
      .filter((item) => item.order_id === order.id)
      .map((item) => `${item.product_id}×${Number(item.quantity)}`),
  }));
}

let productId: number;
let placed: number[];
beforeAll(async () => {
  server = await startTestServer();
  const product = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 100)
    .where('p.id', 'not in', server.database.db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  productId = product.id;
  placed = [await placeOrder(server.app, productId, '2'), await placeOrder(server.app, productId, '3')];
});

describe('npm run backup / npm run restore', () => {
  it('restores a backup into a fresh data folder (a new database) with every order, and orders go on', async () => {
    const before = await ordersIn(server.database.db);
    expect(before.map((order) => order.id)).toEqual(expect.arrayContaining(placed));

    const file = join(scratchFolder(), 'portal.backup');
    expect(await backupDatabase(server.database.connection, file)).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = await freshLocation();
    await restoreDatabase(file, target);
    const restored = open(target);
    expect(await ordersIn(restored)).toEqual(before);

    // The restored database is a working one: sign-ins, and new orders get ids of their own.
    const app = createServerApp({ db: restored, jwtSecret: TEST_SECRET, distDir: server.distDir });
    const next = await placeOrder(app, productId, '4');
    expect(next).toBeGreaterThan(Math.max(...before.map((order) => order.id)));
  }, 60_000);

  it('backs up to a timestamped file in ./backups by default', async () => {
    const cwd = process.cwd();
    const folder = scratchFolder();
    process.chdir(folder);
    try {
      const file = await backupDatabase(server.database.connection);
      expect(file).toMatch(/[/\\]backups[/\\]portal-\d{8}T\d{6}Z\.(sqlite|pgdump)$/);
      expect(file.startsWith(folder)).toBe(true);
      expect(statSync(file).size).toBeGreaterThan(0);
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);

  it('refuses to restore over a database that holds data unless forced', async () => {
    const file = join(scratchFolder(), 'portal.backup');
    await backupDatabase(server.database.connection, file);
    const target = await freshLocation();
    await restoreDatabase(file, target);
    await expect(restoreDatabase(file, target)).rejects.toThrow(/--force/);

    await restoreDatabase(file, target, { force: true });
    expect(await ordersIn(open(target))).toEqual(await ordersIn(server.database.db));
  }, 60_000);

  it('refuses a file that is not a backup and leaves the target as it was', async () => {
    const file = join(scratchFolder(), 'not-a-backup');
    writeFileSync(file, 'hello, this is not a database\n'.repeat(200));
    const target = await freshLocation();
    await expect(restoreDatabase(file, target)).rejects.toThrow();
    const db = open(target);
    const tables = await db.introspection.getTables();
    expect(tables).toEqual([]);
  }, 60_000);
});
