import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitsCarrying } from '../../server/routes/products-by-gtin';
import { caseGtin } from '../../server/seed/products';
import { gtinMatchWire } from '../../src/services/api/wire/gtin';
import { companyOf, insertAssortment } from './support/assortments';
import { TestClient } from './support/http-client';
import { PIECE } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// GET /netb2b/products/by-gtin/{code}/ (capability barcodeLookup): a scanned code names a product and
// the unit it is printed on, priced as every product answer is; a code nobody may see is unknown.

const BOX = 2;
const byGtin = (code: string) => `/api/netb2b/products/by-gtin/${encodeURIComponent(code)}/`;

let server: TestServer;
let buyer: Caller;
let other: Caller;
let demo: Caller;
/** a product in no campaign, sold by the piece and the box, its piece carrying its barcode */
let plain: { id: number; barcode: string; boxGtin: string };
/** a product in a running campaign */
let inCampaign: { id: number; barcode: string; newPrice: string; campaignId: number };

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const signIn = async (name: string) =>
    callerFor(server, (await new TestClient(server.app).signIn(name, `${name}123`)).access);
  buyer = await signIn('buyer');
  other = await signIn('other');
  demo = await signIn('demo');
  const instant = server.clock.now().toISOString();
  const candidates = await db
    .selectFrom('products as p')
    .innerJoin('product_units as box', 'box.product_id', 'p.id')
    .select(['p.id', 'p.barcode', 'box.gtin'])
    .where('box.unit_id', '=', BOX)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .where('p.retired_at', 'is', null)
    .orderBy('p.id')
    .limit(3)
    .execute();
  const [first] = candidates;
  if (!first?.gtin) throw new Error('the seed gives no product a box GTIN');
  plain = { id: first.id, barcode: first.barcode, boxGtin: first.gtin };
  const campaign = await db
    .selectFrom('campaign_prices as cp')
    .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
    .innerJoin('products as p', 'p.id', 'cp.product_id')
    .select(['cp.product_id', 'cp.campaign_id', 'p.barcode'])
    .where('c.starts_at', '<=', instant)
    .where('c.ends_at', '>=', instant)
    .orderBy('cp.product_id')
    .executeTakeFirstOrThrow();
  const shown = await buyer('GET', `/api/netb2b/products/${campaign.product_id}/`);
  const product = shown.body as { campaign_id: number; new_price: string };
  inCampaign = {
    id: campaign.product_id,
    barcode: campaign.barcode,
    newPrice: product.new_price,
    campaignId: product.campaign_id,
  };
});
afterAll(() => server.close());

async function match(caller: Caller, code: string) {
  const answer = await caller('GET', byGtin(code));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return gtinMatchWire.parse(answer.body);
}

describe('a code names a product and its unit', () => {
  it('the seed prints the EAN-13 on the piece and a GTIN-14 on the box', () => {
    expect(plain.barcode).toMatch(/^\d{13}$/);
    expect(plain.boxGtin).toBe(caseGtin(1, plain.barcode));
  });

  it('a case code selects the box', async () => {
    const found = await match(buyer, plain.boxGtin);
    expect(found).toMatchObject({ unit: BOX, gtin: plain.boxGtin, product: { id: plain.id } });
  });

  it('a unit code selects the piece', async () => {
    const found = await match(buyer, plain.barcode);
    expect(found).toMatchObject({ unit: PIECE, gtin: `0${plain.barcode}`, product: { id: plain.id } });
  });

  it('reads the same code written as EAN-13 or as GTIN-14', async () => {
    expect(await match(buyer, `0${plain.barcode}`)).toEqual(await match(buyer, plain.barcode));
  });

  it('finds codes stored in another length than asked', async () => {
    const { db } = server.database;
    const [, second, third] = await db
      .selectFrom('product_units')
      .select(['product_id', 'gtin'])
      .where('unit_id', '=', PIECE)
      .where('product_id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
      .orderBy('product_id')
      .limit(3)
      .execute();
    if (!second?.gtin || !third) throw new Error('the seed has too few products');
    // the piece's code stored as a GTIN-14, and an EAN-8 stored on another product's piece
    await db
      .updateTable('product_units')
      .set({ gtin: `0${second.gtin}` })
      .where('product_id', '=', second.product_id)
      .where('unit_id', '=', PIECE)
      .execute();
    await db
      .updateTable('product_units')
      .set({ gtin: '96385074' })
      .where('product_id', '=', third.product_id)
      .where('unit_id', '=', PIECE)
      .execute();
    expect(await match(buyer, second.gtin)).toMatchObject({
      unit: PIECE,
      product: { id: second.product_id },
    });
    expect(await match(buyer, '00000096385074')).toMatchObject({
      unit: PIECE,
      gtin: '00000096385074',
      product: { id: third.product_id },
    });
  });

  it('finds a product whose units carry no codes by its barcode, in its primary unit', async () => {
    const { db } = server.database;
    const [, , , fourth] = await db
      .selectFrom('products')
      .select(['id', 'barcode'])
      .where('id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
      .orderBy('id')
      .limit(4)
      .execute();
    if (!fourth) throw new Error('the seed has too few products');
    await db.updateTable('product_units').set({ gtin: null }).where('product_id', '=', fourth.id).execute();
    expect(await match(buyer, fourth.barcode)).toMatchObject({ unit: PIECE, product: { id: fourth.id } });
    expect((await buyer('GET', byGtin(caseGtin(1, fourth.barcode)))).status).toBe(404);
  });

  it('answers the product with its campaign price, as every product answer', async () => {
    const found = await match(buyer, inCampaign.barcode);
    expect(found.product).toMatchObject({
      id: inCampaign.id,
      campaign_id: inCampaign.campaignId,
      new_price: inCampaign.newPrice,
    });
    expect(found.product.new_price).not.toBeNull();
  });

  it('shows a demo account the product without figures, as other product answers', async () => {
    const found = await match(demo, plain.boxGtin);
    expect(found).toMatchObject({
      unit: BOX,
      product: { id: plain.id, price: null, quantity_in_stock: null },
    });
  });
});

describe('codes that name nothing', () => {
  it('answers 404 unknown_gtin for a valid code no product carries', async () => {
    const answer = await buyer('GET', byGtin('09501101530003'));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'unknown_gtin', detail: expect.any(String) });
  });

  it('answers 400 invalid_gtin for a wrong check digit, a wrong length or letters', async () => {
    const wrongCheck = `${plain.barcode.slice(0, 12)}${(Number(plain.barcode[12]) + 1) % 10}`;
    for (const code of [wrongCheck, '12345', 'ABCDEFGHIJKLM', '123456789012345']) {
      const answer = await buyer('GET', byGtin(code));
      expect({ code, status: answer.status }).toEqual({ code, status: 400 });
      expect(answer.body).toMatchObject({ code: 'invalid_gtin' });
    }
  });

  it('answers 404 for a product hidden from the customer, while another customer finds it', async () => {
    const { db } = server.database;
    const hidden = await db
      .selectFrom('products')
      .select(['id', 'barcode'])
      .where('id', '!=', plain.id)
      .where('id', '!=', inCampaign.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // the other customer's company sees only the plain product from now on
    await insertAssortment(db, { productIds: [plain.id], companyIds: [await companyOf(db, 'other')] });
    const answer = await other('GET', byGtin(hidden.barcode));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'unknown_gtin' });
    expect(await match(buyer, hidden.barcode)).toMatchObject({ product: { id: hidden.id } });
    expect(await match(other, plain.barcode)).toMatchObject({ product: { id: plain.id } });
  });

  it('answers 404 for a retired product', async () => {
    const { db } = server.database;
    await db
      .updateTable('products')
      .set({ retired_at: server.clock.now().toISOString() })
      .where('id', '=', plain.id)
      .execute();
    const answer = await buyer('GET', byGtin(plain.boxGtin));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'unknown_gtin' });
  });

  it('is for signed-in customers only', async () => {
    const answer = await callerFor(server, undefined)('GET', byGtin(plain.barcode));
    expect(answer.status).toBe(401);
  });
});

describe('the lookup reads an index', () => {
  it('finds the units by their GTIN through the index on product_units.gtin', async () => {
    const { db, dialect } = server.database;
    const { sql: text, parameters } = unitsCarrying(db, '04006381333931', 1).compile();
    // the parameters written into the statement, so the planner sees what a real call sends
    let at = 0;
    const inlined = text.replace(/\?|\$\d+/g, () => {
      const value = parameters[at++];
      return typeof value === 'string' ? `'${value}'` : String(value);
    });
    const plan =
      dialect === 'sqlite'
        ? JSON.stringify((await sql.raw(`explain query plan ${inlined}`).execute(db)).rows)
        : await db.transaction().execute(async (trx) => {
            // a small table makes a scan cheaper; forbidding it shows whether the index can answer
            await sql`set local enable_seqscan = off`.execute(trx);
            return JSON.stringify((await sql.raw(`explain ${inlined}`).execute(trx)).rows);
          });
    expect(plan).toMatch(/product_units_gtin/);
  });
});
