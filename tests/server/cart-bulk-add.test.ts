import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { cartBulkResultWire, cartItemWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// Seeded units: piece → box → pallet (server/seed/units.ts).
const PIECE = 1;
const BOX = 2;
const PALLET = 3;
const BULK = '/api/netb2b/cart-items/bulk/';

let server: TestServer;
let buyer: Caller;

beforeAll(async () => {
  server = await startTestServer();
  buyer = callerFor(server, (await new TestClient(server.app).signIn('buyer', 'buyer123')).access);
});
afterAll(() => server.close());

const cartOf = async () => {
  const answer = await buyer('GET', '/api/netb2b/cart-items/?detailed=true');
  expect(answer.status).toBe(200);
  return z.array(cartItemWire).parse(answer.body);
};

const clearCart = async () => {
  for (const item of await cartOf()) await buyer('DELETE', `/api/netb2b/cart-items/${item.id}/`);
};

const lineOf = async (productId: number) =>
  (await cartOf()).filter((item) => item.product.id === productId).map((item) => [item.quantity, item.unit]);

const bulk = async (body: unknown) => {
  const answer = await buyer('POST', BULK, body);
  expect(answer.status).toBe(200);
  return cartBulkResultWire.parse(answer.body).results;
};

/**
 * The nth product sold in pieces, boxes and pallets, without a campaign, with `stock` pieces in stock
 * (set here, so the figures of a test are its own).
 */
async function boxedProduct(skip: number, stock = 100_000) {
  const { db } = server.database;
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_units as box', (join) =>
      join.onRef('box.product_id', '=', 'p.id').on('box.unit_id', '=', BOX),
    )
    .innerJoin('product_units as pallet', (join) =>
      join.onRef('pallet.product_id', '=', 'p.id').on('pallet.unit_id', '=', PALLET),
    )
    .select(['p.id', 'box.amount as perBox', 'pallet.amount as boxesPerPallet'])
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .where('box.amount', '>', '1')
    .where('pallet.amount', '>', '1')
    .orderBy('p.id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable('products').set({ quantity_in_stock: stock }).where('id', '=', row.id).execute();
  return { id: row.id, perBox: Number(row.perBox), boxesPerPallet: Number(row.boxesPerPallet) };
}

const put = (product: number, quantity: string, unit: number) =>
  buyer('POST', '/api/netb2b/cart-items/', { product, campaign: null, quantity, unit });

describe('POST /api/netb2b/cart-items/bulk/ with mode "add"', () => {
  it('adds to the quantity in the cart and says what it was', async () => {
    await clearCart();
    const crates = await boxedProduct(0);
    const fresh = await boxedProduct(1);
    await put(crates.id, '3', BOX);

    const results = await bulk({
      mode: 'add',
      items: [
        { product: crates.id, quantity: '1', unit: BOX },
        { product: fresh.id, quantity: '2', unit: BOX },
      ],
    });

    expect(results.map((r) => [r.index, r.status, r.quantity, r.unit])).toEqual([
      [0, 'increased', '4', BOX],
      [1, 'added', '2', BOX],
    ]);
    expect(results[0]).toMatchObject({ previous_quantity: '3', previous_unit: BOX });
    expect(results[1]?.previous_quantity).toBeUndefined();
    expect(await lineOf(crates.id)).toEqual([['4', BOX]]);
    expect(await lineOf(fresh.id)).toEqual([['2', BOX]]);
  });

  it("keeps the cart line's unit when the sum is whole in it, else the added unit, else the primary unit", async () => {
    await clearCart();
    const inBoxes = await boxedProduct(2);
    const inPallets = await boxedProduct(3);
    const mixed = await boxedProduct(4);
    await put(inBoxes.id, '1', BOX);
    await put(inPallets.id, '1', PALLET);
    await put(mixed.id, '1', PALLET);

    const results = await bulk({
      mode: 'add',
      items: [
        // a box's worth of pieces is one more box
        { product: inBoxes.id, quantity: String(inBoxes.perBox), unit: PIECE },
        // a pallet and a box are whole boxes, not whole pallets
        { product: inPallets.id, quantity: '1', unit: BOX },
        // a pallet and one piece are whole pieces only
        { product: mixed.id, quantity: '1', unit: PIECE },
      ],
    });

    expect(results.map((r) => [r.status, r.quantity, r.unit])).toEqual([
      ['increased', '2', BOX],
      ['increased', String(inPallets.boxesPerPallet + 1), BOX],
      ['increased', String(mixed.boxesPerPallet * mixed.perBox + 1), PIECE],
    ]);
    expect(results.map((r) => [r.previous_quantity, r.previous_unit])).toEqual([
      ['1', BOX],
      ['1', PALLET],
      ['1', PALLET],
    ]);
  });

  it('refuses an addition the stock cannot cover, with the most that can still be added, and keeps the line', async () => {
    await clearCart();
    const scarce = await boxedProduct(5);
    await server.database.db
      .updateTable('products')
      .set({ quantity_in_stock: scarce.perBox * 5 })
      .where('id', '=', scarce.id)
      .execute();
    await put(scarce.id, '3', BOX);

    const [result] = await bulk({ mode: 'add', items: [{ product: scarce.id, quantity: '3', unit: BOX }] });

    expect(result).toMatchObject({
      status: 'rejected',
      code: 'not_enough_stock',
      max_quantity: 2,
      previous_quantity: '3',
      previous_unit: BOX,
    });
    expect(result?.errors?.quantity?.[0]).toContain('at most 2 more boxes');
    expect(await lineOf(scarce.id)).toEqual([['3', BOX]]);
  });

  it('replaces the quantity in the cart with mode "replace", and when no mode is sent', async () => {
    await clearCart();
    const product = await boxedProduct(6);
    await put(product.id, '3', BOX);

    const [replaced] = await bulk({
      mode: 'replace',
      items: [{ product: product.id, quantity: '1', unit: BOX }],
    });
    expect(replaced).toMatchObject({ status: 'replaced', quantity: '1', previous_quantity: '3' });
    const [again] = await bulk({ items: [{ product: product.id, quantity: '2', unit: BOX }] });
    expect(again).toMatchObject({ status: 'replaced', quantity: '2', previous_quantity: '1' });
    expect(await lineOf(product.id)).toEqual([['2', BOX]]);
  });

  it('refuses a mode it does not know', async () => {
    const product = await boxedProduct(7);
    const answer = await buyer('POST', BULK, {
      mode: 'merge',
      items: [{ product: product.id, quantity: '1', unit: BOX }],
    });
    expect(answer.status).toBe(400);
  });

  it('counts every one of several additions sent at once to the same line', async () => {
    await clearCart();
    const product = await boxedProduct(8);
    await put(product.id, '1', BOX);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        buyer('POST', BULK, { mode: 'add', items: [{ product: product.id, quantity: '1', unit: BOX }] }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await lineOf(product.id)).toEqual([['7', BOX]]);
  });
});
