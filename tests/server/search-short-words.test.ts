import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneWordMatchesInNameOrder, rankedWordMatches } from '../../server/search/search-products';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const KEY_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');
const shortWord = fc
  .array(fc.constantFrom(...KEY_CHARACTERS), { minLength: 1, maxLength: 2 })
  .map((characters) => characters.join(''));

describe('one- and two-letter searches walked in name order', () => {
  it('answer the same products in the same order as the general ranking, whatever the walk budget', async () => {
    const { db } = server.database;
    await fc.assert(
      fc.asyncProperty(
        shortWord,
        fc.integer({ min: 1, max: 60 }),
        // small budgets make the walks give up and hand over to the ranking
        fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constant(25_000)),
        async (word, limit, budget) => {
          expect(await oneWordMatchesInNameOrder(db, word, limit, budget)).toEqual(
            await rankedWordMatches(db, [word], limit),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each(['a', 'k', '1', '4', 'ka', 'al', 'zz', 'q'])('"%s" gives the general ranking', async (word) => {
    const { db } = server.database;
    const walked = await oneWordMatchesInNameOrder(db, word, 50);
    expect(walked).toEqual(await rankedWordMatches(db, [word], 50));
  });

  it('finds matches on both sides of the names that start with the word', async () => {
    // "k": names starting with k come first, then matching names before "k…" and after it.
    const { db } = server.database;
    const ids = await oneWordMatchesInNameOrder(db, 'k', 400);
    const rows = await db.selectFrom('products').select(['id', 'name_key']).where('id', 'in', ids).execute();
    const keyOf = new Map(rows.map((row) => [row.id, row.name_key]));
    const keys = ids.map((id) => keyOf.get(id) ?? '');
    const startsWithK = keys.filter((key) => key.startsWith('k')).length;
    expect(startsWithK).toBeGreaterThan(0);
    expect(keys.slice(0, startsWithK).every((key) => key.startsWith('k'))).toBe(true);
    const rest = keys.slice(startsWithK);
    expect(rest.some((key) => key < 'k')).toBe(true);
    expect(rest.some((key) => key > 'k{')).toBe(true);
  });
});
