import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { countOf } from '../../server/queries/decimals';
import { seedDatabase } from '../../server/seed';
import { TestClient } from './support/http-client';
import { startMainProcess } from './support/main-process';
import { startTestServer, type TestServer } from './support/test-server';

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const production = { NODE_ENV: 'production', JWT_SECRET: SECRET };

describe('SEED_DEMO', () => {
  it('is on outside production and off in production unless asked for', () => {
    expect(readServerConfig({}).seedDemo).toBe(true);
    expect(readServerConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(readServerConfig(production).seedDemo).toBe(false);
    expect(readServerConfig({ ...production, SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(readServerConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(() => readServerConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});

const count = async (
  server: TestServer,
  table: 'users' | 'companies' | 'products' | 'orders' | 'languages',
) => {
  const { n } = await server.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return countOf(n as number | string);
};

describe('the seed without the demo (a production start)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(() => server.close());

  it('loads only the reference data: the languages, no accounts, no catalogue, no orders', async () => {
    expect(await seedDatabase(server.database.db, server.database.dialect, { demo: false })).toEqual({
      seeded: false,
      demo: false,
    });
    expect(await count(server, 'languages')).toBe(9);
    for (const table of ['users', 'companies', 'products', 'orders'] as const)
      expect({ table, rows: await count(server, table) }).toEqual({ table, rows: 0 });
    // again, as every later start runs it: nothing doubles
    await seedDatabase(server.database.db, server.database.dialect, { demo: false });
    expect(await count(server, 'languages')).toBe(9);
  });

  it('signs nobody in with the published demo passwords, and the login screen still has its languages', async () => {
    const client = new TestClient(server.app);
    const answer = await client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' });
    expect(answer.status).toBe(401);
    const languages = await client.json('GET', '/api/baf/languages/');
    expect(languages.status).toBe(200);
    expect((languages.body as { code: string }[]).map((l) => l.code)).toContain('en');
  });

  it('loads the demo later when asked for, into the database that has the languages', async () => {
    const result = await seedDatabase(server.database.db, server.database.dialect, { productCount: 20 });
    expect(result).toEqual({ seeded: true, products: 20 });
    expect(await count(server, 'languages')).toBe(9);
    const client = new TestClient(server.freshApp());
    expect((await client.postJson('/api/token/', { username: 'buyer', password: 'buyer123' })).status).toBe(
      200,
    );
  });
});

describe('a production start of server/main.ts', () => {
  it('seeds no demo accounts, says how to load the demo, and refuses buyer/buyer123', async () => {
    const main = await startMainProcess(production);
    try {
      const answer = await fetch(`http://127.0.0.1:${main.port}/api/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'buyer', password: 'buyer123' }),
      });
      expect(answer.status).toBe(401);
      expect(main.output()).toContain('set SEED_DEMO=1 to load the demo');
      expect(main.output()).not.toContain('buyer123');
    } finally {
      await main.stop();
    }
  }, 60_000);

  it('with SEED_DEMO=1 loads the demo and its accounts sign in', async () => {
    const main = await startMainProcess({ ...production, SEED_DEMO: '1' });
    try {
      const answer = await fetch(`http://127.0.0.1:${main.port}/api/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'buyer', password: 'buyer123' }),
      });
      expect(answer.status).toBe(200);
      expect(main.output()).toContain('buyer / buyer123');
    } finally {
      await main.stop();
    }
  }, 60_000);
});
