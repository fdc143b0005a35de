import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createServerApp, type ServerApp, type ServerAppOptions } from '../../../server/app';
import { createScratchDatabase, type ScratchDatabase } from '../../../server/db/scratch-database';
import type { DatabaseTuning } from '../../../server/db/tuning';
import { seedDatabase } from '../../../server/seed';
import { TestClient } from './http-client';
import { TEST_SECRET } from './test-server';

/**
 * A seeded portal for the database-fault tests: a scratch database with the given tuning, the
 * buyer signed in, and `call` sending the buyer's requests. What each test starts is undone by
 * `cleanUp` (call it from afterEach), last started first.
 */

const CSRF = 'database-faults-csrf-token-0123456789abcdef';
export const PIECE = 1;

const cleanups: (() => Promise<void> | void)[] = [];
export function onCleanUp(step: () => Promise<void> | void) {
  cleanups.push(step);
}
export async function cleanUp() {
  for (const step of cleanups.splice(0).reverse()) await step();
}

/** an empty built portal: these tests only need the API and the health checks */
export function emptyDist() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface FaultServer {
  app: ServerApp;
  database: ScratchDatabase;
  access: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

export interface FaultServerOptions {
  readinessTimeoutMs?: number;
  productCount?: number;
  verifyPassword?: ServerAppOptions['verifyPassword'];
  /** routes a test adds to the app (before its first request, when Hono's router is built) */
  extraRoutes?: (app: ServerApp, database: ScratchDatabase) => void;
}

export async function startFaultServer(
  tuning: Partial<DatabaseTuning>,
  { readinessTimeoutMs = 2_000, productCount = 30, verifyPassword, extraRoutes }: FaultServerOptions = {},
): Promise<FaultServer> {
  const database = await createScratchDatabase(tuning);
  onCleanUp(() => database.drop());
  await seedDatabase(database.db, database.dialect, { productCount });
  const app = createServerApp({
    db: database.db,
    jwtSecret: TEST_SECRET,
    distDir: emptyDist(),
    readinessTimeoutMs,
    ...(verifyPassword ? { verifyPassword } : {}),
  });
  extraRoutes?.(app, database);
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
export function watch<T>(promise: Promise<T>) {
  const watched = { settled: false, promise };
  watched.promise = promise.finally(() => {
    watched.settled = true;
  });
  return watched;
}

/** the documented body of every 503 (docs/operations.md) */
export const unavailableBody = {
  code: 'service_unavailable',
  detail: 'The service is temporarily unavailable. Please try again in a moment.',
};

export async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual(unavailableBody);
}

/** products sold by the piece, in stock and without a campaign price, lowest ids first */
export async function productsInStock(database: ScratchDatabase, count = 1) {
  const rows = await database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 100)
    .where('p.id', 'not in', database.db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} products in stock`);
  return rows.map((row) => row.id);
}

export const productInStock = async (database: ScratchDatabase) =>
  (await productsInStock(database))[0] as number;

export const cartLine = (product: number) => ({ product, campaign: null, quantity: '2', unit: PIECE });
