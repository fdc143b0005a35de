import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  cartBulkResultWire,
  cartItemWire,
  cartItemWrittenWire,
  productLookupResultWire,
} from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// Seeded units: piece → box → pallet, bottle → crate → pallet (server/seed/units.ts).
const PIECE = 1;
const BOX = 2;
const BOTTLE = 4;
const CSRF = 'cart-test-csrf-token-0123456789abcdef';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'colleague', 'other', 'demo'])
    tokens[name] = (await client.signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: unknown;
}

/** A call as the signed-in client makes it (bearer, CSRF cookie and header). */
async function call(user: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await server.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${tokens[user]}`,
      'Content-Type': 'application/json',
      Cookie: `csrftoken=${CSRF}`,
      'X-CSRFToken': CSRF,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const errorOf = (answer: Answer) =>
  answer.body as { detail: string; code: string; errors?: Record<string, string[]> };

const cartOf = async (user: string) => {
  const answer = await call(user, 'GET', '/api/netb2b/cart-items/?detailed=true');
  expect(answer.status).toBe(200);
  return z.array(cartItemWire).parse(answer.body);
};

const clearCart = async (user: string) => {
  for (const item of await cartOf(user)) await call(user, 'DELETE', `/api/netb2b/cart-items/${item.id}/`);
};

/** Seeded products picked by what a test needs, read from the database rather than hard-coded. */
async function productWhere(filter: { inStock: boolean; unitChain?: 'piece' | 'bottle'; skip?: number }) {
  const { db } = server.database;
  const firstUnit = filter.unitChain === 'bottle' ? BOTTLE : PIECE;
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.quantity_in_stock', 'p.stock_code', 'p.barcode'])
    .where('pu.unit_id', '=', firstUnit)
    .where('p.quantity_in_stock', filter.inStock ? '>' : '=', filter.inStock ? 100 : 0)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .offset(filter.skip ?? 0)
    .limit(1)
    .executeTakeFirstOrThrow();
  const box = await db
    .selectFrom('product_units')
    .select('amount')
    .where('product_id', '=', row.id)
    .where('unit_id', '=', firstUnit + 1)
    .executeTakeFirstOrThrow();
  return { ...row, perBox: Number(box.amount) };
}

async function runningCampaignPrice(skip = 0) {
  const now = server.clock.now().toISOString();
  return server.database.db
    .selectFrom('campaign_prices as cp')
    .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
    .innerJoin('products as p', 'p.id', 'cp.product_id')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['cp.campaign_id', 'cp.product_id', 'cp.new_price', 'pu.unit_id'])
    .where('c.starts_at', '<=', now)
    .where('c.ends_at', '>=', now)
    .where('p.quantity_in_stock', '>', 50)
    .where('pu.unit_id', 'in', [PIECE, BOTTLE])
    .orderBy('cp.product_id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
}

describe('GET, POST, PUT, DELETE /api/netb2b/cart-items/', () => {
  it('needs a signed-in user', async () => {
    expect((await server.app.request('/api/netb2b/cart-items/?detailed=true')).status).toBe(401);
  });

  it('adds a line, answers {id, quantity, unit} and lists it with the full product', async () => {
    await clearCart('buyer');
    expect(await cartOf('buyer')).toEqual([]);
    const product = await productWhere({ inStock: true });
    const added = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity: '3',
      unit: PIECE,
    });
    expect(added.status).toBe(201);
    const written = cartItemWrittenWire.parse(added.body);
    expect(written).toMatchObject({ quantity: '3', unit: PIECE });

    const cart = await cartOf('buyer');
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ id: written.id, quantity: '3', unit: PIECE });
    expect(cart[0]?.product).toMatchObject({ id: product.id, stock_code: product.stock_code });
    expect(cart[0]?.product.unit_amounts.length).toBeGreaterThan(0);
    expect('campaign_id' in (cart[0]?.product ?? {})).toBe(false);
  });

  it('adding a product already in the cart updates its line (200, same id): the cart is keyed by product', async () => {
    const [line] = await cartOf('buyer');
    const again = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: line?.product.id,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });
    expect(again.status).toBe(200);
    expect(cartItemWrittenWire.parse(again.body)).toEqual({ id: line?.id, quantity: '1', unit: PIECE });
    const cart = await cartOf('buyer');
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ id: line?.id, quantity: '1', unit: PIECE });
  });

  it.each([
    ['zero', '0'],
    ['negative', '-2'],
    ['fractional', '1.5'],
    ['text', 'many'],
    ['empty', ''],
    ['a fractional number', 1.5],
    ['an exponent', 1e21],
    ['missing', undefined],
  ])('refuses a %s quantity with a field error', async (_, quantity) => {
    const product = await productWhere({ inStock: true, skip: 1 });
    const answer = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity,
      unit: PIECE,
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).errors?.quantity?.[0]).toBeTruthy();
    expect((await cartOf('buyer')).some((item) => item.product.id === product.id)).toBe(false);
  });

  it('converts the quantity with the unit chain: the most boxes stock holds is accepted, one more is not', async () => {
    const product = await productWhere({ inStock: true, skip: 2 });
    const maxBoxes = Math.floor(product.quantity_in_stock / product.perBox);
    const tooMany = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity: String(maxBoxes + 1),
      unit: BOX,
    });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).code).toBe('not_enough_stock');
    expect(errorOf(tooMany).errors?.quantity?.[0]).toContain(`at most ${maxBoxes} box`);

    const piecesAboveStock = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity: String(product.quantity_in_stock + 1),
      unit: PIECE,
    });
    expect(errorOf(piecesAboveStock).code).toBe('not_enough_stock');

    const exactly = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity: String(maxBoxes),
      unit: BOX,
    });
    expect(exactly.status).toBe(201);
  });

  it('refuses an out-of-stock product', async () => {
    const product = await productWhere({ inStock: false });
    const answer = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('out_of_stock');
  });

  it('refuses a unit of another chain and an unknown unit', async () => {
    const product = await productWhere({ inStock: true, skip: 3 });
    for (const unit of [BOTTLE, 999]) {
      const answer = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
        product: product.id,
        campaign: null,
        quantity: '1',
        unit,
      });
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toMatchObject({ code: 'invalid_unit' });
      expect(errorOf(answer).errors?.unit).toHaveLength(1);
    }
  });

  it('refuses an unknown product', async () => {
    const answer = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: 987654,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'unknown_product', detail: 'No product has this id.' });
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await call('buyer', 'POST', '/api/netb2b/cart-items/', '{"product":');
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('malformed_json');
  });

  it('keeps a campaign line as the campaign product with its new price', async () => {
    const price = await runningCampaignPrice();
    const added = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: price.product_id,
      campaign: price.campaign_id,
      quantity: '2',
      unit: price.unit_id,
    });
    expect(added.status).toBe(201);
    const line = (await cartOf('buyer')).find((item) => item.product.id === price.product_id);
    expect(line?.product).toMatchObject({
      campaign_id: price.campaign_id,
      new_price: Number(price.new_price).toFixed(2),
    });
  });

  it("ignores a campaign that has ended or does not hold the product: the line gets today's price", async () => {
    const ended = await server.database.db
      .selectFrom('campaign_prices as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .innerJoin('product_units as pu', 'pu.product_id', 'cp.product_id')
      .select(['cp.campaign_id', 'cp.product_id', 'pu.unit_id'])
      .where('c.ends_at', '<', server.clock.now().toISOString())
      .orderBy('cp.product_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const endedAnswer = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: ended.product_id,
      campaign: ended.campaign_id,
      quantity: '1',
      unit: ended.unit_id,
    });
    expect(endedAnswer.status).toBe(201);
    const endedLine = (await cartOf('buyer')).find((item) => item.product.id === ended.product_id);
    // priced at whatever runs for it today (here: nothing, the product's only campaign ended)
    const runningForIt = await server.database.db
      .selectFrom('campaign_prices as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .select('cp.campaign_id')
      .where('cp.product_id', '=', ended.product_id)
      .where('c.starts_at', '<=', server.clock.now().toISOString())
      .where('c.ends_at', '>=', server.clock.now().toISOString())
      .execute();
    expect(runningForIt).toEqual([]);
    expect(endedLine?.product.campaign_id).toBeUndefined();
    expect(endedLine?.product.new_price).toBeUndefined();
    expect(endedLine?.price_change).toBeUndefined();

    const plain = await productWhere({ inStock: true, skip: 4 });
    const running = await runningCampaignPrice();
    const notInIt = await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: plain.id,
      campaign: running.campaign_id,
      quantity: '1',
      unit: PIECE,
    });
    expect(notInIt.status).toBe(201);
    const plainLine = (await cartOf('buyer')).find((item) => item.product.id === plain.id);
    expect(plainLine?.product.campaign_id).toBeUndefined();
    expect(plainLine?.product.id).toBe(plain.id);
  });

  it('PUT replaces quantity and unit; the same rules apply; the product cannot change', async () => {
    await clearCart('buyer');
    const product = await productWhere({ inStock: true, skip: 5 });
    const other = await productWhere({ inStock: true, skip: 6 });
    const { id } = cartItemWrittenWire.parse(
      (
        await call('buyer', 'POST', '/api/netb2b/cart-items/', {
          product: product.id,
          campaign: null,
          quantity: '1',
          unit: PIECE,
        })
      ).body,
    );
    const path = `/api/netb2b/cart-items/${id}/`;
    const replaced = await call('buyer', 'PUT', path, {
      product: product.id,
      campaign: null,
      quantity: '2',
      unit: BOX,
    });
    expect(replaced.status).toBe(200);
    expect(cartItemWrittenWire.parse(replaced.body)).toEqual({ id, quantity: '2', unit: BOX });
    expect((await cartOf('buyer'))[0]).toMatchObject({ id, quantity: '2', unit: BOX });

    const zero = await call('buyer', 'PUT', path, {
      product: product.id,
      campaign: null,
      quantity: '0',
      unit: BOX,
    });
    expect(zero.status).toBe(400);
    const foreign = await call('buyer', 'PUT', path, {
      product: product.id,
      campaign: null,
      quantity: '1',
      unit: BOTTLE,
    });
    expect(errorOf(foreign).code).toBe('invalid_unit');
    const switched = await call('buyer', 'PUT', path, {
      product: other.id,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });
    expect(errorOf(switched).code).toBe('product_mismatch');
    expect((await cartOf('buyer'))[0]).toMatchObject({ id, quantity: '2', unit: BOX });
  });

  it('DELETE removes the line; a second DELETE is a 404', async () => {
    const [line] = await cartOf('buyer');
    const path = `/api/netb2b/cart-items/${line?.id}/`;
    expect((await call('buyer', 'DELETE', path)).status).toBe(204);
    expect(await cartOf('buyer')).toEqual([]);
    const again = await call('buyer', 'DELETE', path);
    expect(again.status).toBe(404);
    expect(errorOf(again).detail).toBe('No cart item has this id.');
  });
});

describe('whose cart', () => {
  it('is per user: another company and a colleague see none of it and change nothing (404)', async () => {
    await clearCart('buyer');
    const product = await productWhere({ inStock: true, skip: 7 });
    const { id } = cartItemWrittenWire.parse(
      (
        await call('buyer', 'POST', '/api/netb2b/cart-items/', {
          product: product.id,
          campaign: null,
          quantity: '4',
          unit: PIECE,
        })
      ).body,
    );
    for (const stranger of ['other', 'colleague']) {
      expect(await cartOf(stranger)).toEqual([]);
      const put = await call(stranger, 'PUT', `/api/netb2b/cart-items/${id}/`, {
        product: product.id,
        campaign: null,
        quantity: '1',
        unit: PIECE,
      });
      expect(put.status).toBe(404);
      expect((await call(stranger, 'DELETE', `/api/netb2b/cart-items/${id}/`)).status).toBe(404);
    }
    expect(await cartOf('buyer')).toEqual([expect.objectContaining({ id, quantity: '4' })]);

    // the colleague's own cart holds the same product independently
    const colleagues = await call('colleague', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });
    expect(colleagues.status).toBe(201);
  });

  it('is closed to demo accounts (403)', async () => {
    const product = await productWhere({ inStock: true, skip: 8 });
    const answer = await call('demo', 'POST', '/api/netb2b/cart-items/', {
      product: product.id,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).code).toBe('demo_account');
  });
});

describe('POST /api/netb2b/cart-items/bulk/', () => {
  it('adds new lines, replaces lines already in the cart and rejects bad ones, each on its own', async () => {
    await clearCart('buyer');
    const kept = await productWhere({ inStock: true, skip: 9 });
    const fresh = await productWhere({ inStock: true, skip: 10 });
    const scarce = await productWhere({ inStock: true, skip: 11 });
    const soldOut = await productWhere({ inStock: false });
    const piecesOnly = await productWhere({ inStock: true, skip: 13 });
    await call('buyer', 'POST', '/api/netb2b/cart-items/', {
      product: kept.id,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });

    const answer = await call('buyer', 'POST', '/api/netb2b/cart-items/bulk/', {
      items: [
        { product: kept.id, campaign: null, quantity: '2', unit: BOX },
        { product: fresh.id, quantity: '5', unit: PIECE },
        { product: 987654, quantity: '1', unit: PIECE },
        { product: scarce.id, quantity: String(scarce.quantity_in_stock + 1), unit: PIECE },
        { product: soldOut.id, quantity: '1', unit: PIECE },
        { product: piecesOnly.id, quantity: '1', unit: BOTTLE },
        { product: fresh.id, quantity: '1', unit: PIECE },
      ],
    });
    expect(answer.status).toBe(200);
    const { results } = cartBulkResultWire.parse(answer.body);
    expect(results.map((result) => [result.index, result.status, result.code ?? null])).toEqual([
      [0, 'replaced', null],
      [1, 'added', null],
      [2, 'rejected', 'unknown_product'],
      [3, 'rejected', 'not_enough_stock'],
      [4, 'rejected', 'out_of_stock'],
      [5, 'rejected', 'invalid_unit'],
      [6, 'rejected', 'duplicate_line'],
    ]);
    expect(results[3]?.errors?.quantity?.[0]).toContain(`at most ${scarce.quantity_in_stock}`);

    const cart = await cartOf('buyer');
    expect(cart.map((item) => [item.product.id, item.quantity, item.unit])).toEqual([
      [kept.id, '2', BOX],
      [fresh.id, '5', PIECE],
    ]);
    expect(results[0]?.id).toBe(cart[0]?.id);
    expect(results[1]?.id).toBe(cart[1]?.id);
  });

  it('refuses an empty list and a body without items', async () => {
    expect((await call('buyer', 'POST', '/api/netb2b/cart-items/bulk/', { items: [] })).status).toBe(400);
    expect((await call('buyer', 'POST', '/api/netb2b/cart-items/bulk/', {})).status).toBe(400);
  });

  it('adds a few hundred lines in one call', async () => {
    await clearCart('colleague');
    const rows = await server.database.db
      .selectFrom('products as p')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .select(['p.id', 'pu.unit_id'])
      .where('p.quantity_in_stock', '>', 0)
      .where('pu.unit_id', 'in', [PIECE, BOTTLE])
      .orderBy('p.id')
      .limit(300)
      .execute();
    const answer = await call('colleague', 'POST', '/api/netb2b/cart-items/bulk/', {
      items: rows.map((row) => ({ product: row.id, quantity: '1', unit: row.unit_id })),
    });
    const { results } = cartBulkResultWire.parse(answer.body);
    expect(results.filter((result) => result.status === 'added')).toHaveLength(rows.length);
    expect(await cartOf('colleague')).toHaveLength(rows.length);
  });
});

describe('POST /api/netb2b/products/lookup/', () => {
  it('resolves stock codes (any case, any separators) and barcodes in one call, listing what it cannot', async () => {
    const first = await productWhere({ inStock: true, skip: 12 });
    const second = await productWhere({ inStock: true, unitChain: 'bottle' });
    const sloppyCode = first.stock_code.toLowerCase().replace('-', ' ');
    const answer = await call('buyer', 'POST', '/api/netb2b/products/lookup/', {
      codes: [sloppyCode, second.barcode, 'NO-SUCH-CODE', ''],
    });
    expect(answer.status).toBe(200);
    const result = productLookupResultWire.parse(answer.body);
    expect(result.matches.map((match) => [match.code, match.product.id])).toEqual([
      [sloppyCode, first.id],
      [second.barcode, second.id],
    ]);
    expect(result.not_found).toEqual(['NO-SUCH-CODE', '']);
    const unitIds = result.units.map((unit) => unit.id).sort();
    expect(unitIds).toEqual(expect.arrayContaining([PIECE, BOX, BOTTLE]));
    expect(result.units.find((unit) => unit.id === BOX)).toMatchObject({ name: 'box', base: PIECE });
  });

  it('refuses a body without codes', async () => {
    const answer = await call('buyer', 'POST', '/api/netb2b/products/lookup/', { codes: [] });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).errors?.codes).toBeDefined();
  });
});
