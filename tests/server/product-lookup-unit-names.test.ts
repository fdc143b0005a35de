import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { catalogueLanguages } from '../../server/i18n/request-language';
import { unitTexts } from '../../server/seed/translations';
import { lookupUnitWire } from '../../src/services/api/wire/product-lookup';
import { TestClient } from './support/http-client';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let call: Caller;
beforeAll(async () => {
  server = await startTestServer();
  const { access } = await new TestClient(server.app).signIn('buyer', 'buyer123');
  call = callerFor(server, access);
});
afterAll(() => server.close());

const lookupUnits = z.object({ units: z.array(lookupUnitWire) });

/** The units the lookup answers for the first products' stock codes, asked in `language`. */
async function lookedUpUnits(language: string) {
  const codes = (
    await server.database.db.selectFrom('products').select('stock_code').orderBy('id').limit(40).execute()
  ).map((row) => row.stock_code);
  const answer = await call(
    'POST',
    '/api/netb2b/products/lookup/',
    { codes },
    { 'Accept-Language': language },
  );
  expect(answer.status).toBe(200);
  return lookupUnits.parse(answer.body).units;
}

describe('the quick order lookup names each unit in every language', () => {
  // A buyer's sheet may be written in any of the portal's languages, whatever the interface language.
  it.each([['de'], ['ar'], ['en']])(
    'asked in %s, each unit carries every language’s name and plural',
    async (language) => {
      const units = await lookedUpUnits(language);
      expect(units.length).toBeGreaterThan(1);
      for (const unit of units) {
        const texts = unitTexts[unit.id];
        const own = await server.database.db
          .selectFrom('units')
          .select(['name', 'name_plural'])
          .where('id', '=', unit.id)
          .executeTakeFirstOrThrow();
        const expected = new Set([own.name, own.name_plural]);
        for (const each of catalogueLanguages) {
          expected.add(texts?.[each].name ?? '');
          expected.add(texts?.[each].name_plural ?? '');
        }
        expected.delete('');
        expect(new Set(unit.names)).toEqual(expected);
      }
    },
  );

  it('still names the unit itself in the request language', async () => {
    const box = (await lookedUpUnits('de')).find((unit) => unit.id === 2);
    expect(box).toMatchObject({ name: 'Karton', name_plural: 'Kartons' });
    expect(box?.names).toEqual(expect.arrayContaining(['box', 'boxes', 'Karton', 'كرتون', 'koli']));
  });

  it('names a unit without translations by the units table alone', async () => {
    const db = server.database.db;
    const kept = await db.selectFrom('unit_translations').selectAll().where('unit_id', '=', 2).execute();
    await db.deleteFrom('unit_translations').where('unit_id', '=', 2).execute();
    try {
      const box = (await lookedUpUnits('de')).find((unit) => unit.id === 2);
      const own = await db
        .selectFrom('units')
        .select(['name', 'name_plural'])
        .where('id', '=', 2)
        .executeTakeFirstOrThrow();
      expect(new Set(box?.names)).toEqual(new Set([own.name, own.name_plural]));
    } finally {
      await db.insertInto('unit_translations').values(kept).execute();
    }
  });
});
