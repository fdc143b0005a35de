import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { brandWire, categoryWire } from '../../src/services/api/wire/catalog';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Categories and brands come in one explicit order on SQLite and on PostgreSQL (run this file with
 * and without DATABASE_URL): by name as a reader expects (case and accents aside, digits as numbers),
 * then by id. The engines' own ORDER BY on text would differ: SQLite compares bytes ("Banana" before
 * "apple", "Äpfel" last), PostgreSQL follows the database's collation.
 */
const names = ['apple', 'Banana', 'Äpfel', 'Zucker', '10 Stück', '2 Dosen', 'APPLE'];
const expected = ['2 Dosen', '10 Stück', 'Äpfel', 'apple', 'APPLE', 'Banana', 'Zucker'];
const FIRST_ID = 9001;

let server: TestServer;
let client: TestClient;
let access: string;
beforeAll(async () => {
  server = await startTestServer();
  const rows = names.map((name, index) => ({ id: FIRST_ID + index, name }));
  await server.database.db.insertInto('categories').values(rows).execute();
  await server.database.db.insertInto('brands').values(rows).execute();
  client = new TestClient(server.app);
  ({ access } = await client.signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

async function listed(path: string, schema: typeof categoryWire | typeof brandWire, language?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${access}` };
  if (language !== undefined) headers['Accept-Language'] = language;
  const response = await client.request(path, { headers });
  expect(response.status).toBe(200);
  return z.array(schema).parse(await response.json());
}

/** the test's own rows, in the order the answer lists them */
const ours = (list: { id: number; name: string }[]) =>
  list.filter((entry) => entry.id >= FIRST_ID).map((entry) => entry.name);

describe.each([
  ['categories', '/api/netb2b/categories/', categoryWire],
  ['brands', '/api/netb2b/brands/', brandWire],
] as const)('%s: one order on every database', (_kind, path, schema) => {
  it(`by name, case, accents and digits aside, then by id (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, async () => {
    expect(ours(await listed(path, schema))).toEqual(expected);
  });

  it('the same for a German reader', async () => {
    expect(ours(await listed(path, schema, 'de'))).toEqual(expected);
  });

  it('the whole list is ordered by the same rule, the seed included', async () => {
    const list = await listed(path, schema);
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const sorted = [...list].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
    expect(list.map((entry) => entry.id)).toEqual(sorted.map((entry) => entry.id));
  });
});
