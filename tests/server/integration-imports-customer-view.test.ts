import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { computeCartItemsTotals } from '../../src/domain/cart-totals';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import type { Unit } from '../../src/domain/types';
import { productWire, toUnit, unitWire } from '../../src/services/api/wire/catalog';
import { productPageWire } from '../../src/services/api/wire/catalog-pages';
import {
  cartItemWire,
  orderCreatedWire,
  orderPreviewWire,
  orderWire,
  toCartItem,
} from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import {
  csv,
  type IntegrationHarness,
  setPassword,
  startIntegrationHarness,
} from './support/integration-imports';
import { PIECE } from './support/piece-orders';
import { searchProducts } from './support/product-search';
import { type Caller, callerFor } from './support/signed-in-calls';

/**
 * What the customers see of what the integration API loaded: a four-place contract price and its
 * step, exactly, on every order path; an assortment that limits what a company sees and orders.
 * The demo buyer is a user of CUST-1001 (server/seed/accounts.ts).
 */

let harness: IntegrationHarness;
let boxed: { id: number; box: number };
let seeded: { id: number; external: string; stockCode: string }[];

async function imported(job: Promise<{ id: string }>) {
  const { id } = await job;
  const ended = await harness.jobEnded(id);
  expect(ended).toMatchObject({ status: 'done', refused: 0 });
  return ended;
}

beforeAll(async () => {
  harness = await startIntegrationHarness();
  await imported(
    harness.postBatch('products', {
      mode: 'delta',
      rows: [
        {
          id: 'IT-BOX',
          name: 'Zuckertütchen',
          brand: 'Import Manufaktur',
          category: 'Pantry & Dry Goods',
          warehouse: 'Hamburg Central',
          price: '0.50',
          tax_rate_percent: '7',
          stock_code: 'ITBOX',
          quantity_in_stock: '5000',
          units: [
            { unit: 'piece', amount: '1' },
            { unit: 'box', amount: '12' },
          ],
        },
      ],
    }),
  );
  const product = await harness.db
    .selectFrom('products')
    .innerJoin('product_units', 'product_units.product_id', 'products.id')
    .select(['products.id', 'product_units.unit_id', 'product_units.amount'])
    .where('products.external_id', '=', 'IT-BOX')
    .execute();
  const box = product.find((row) => toDecimal(row.amount).equals(12));
  boxed = { id: product[0]?.id as number, box: box?.unit_id as number };
  seeded = (
    await harness.db
      .selectFrom('products')
      .select(['id', 'external_id', 'stock_code'])
      .where('external_id', 'is not', null)
      .where('external_id', '!=', 'IT-BOX')
      .where('quantity_in_stock', '>', 100)
      .orderBy('id')
      .limit(2)
      .execute()
  ).map((row) => ({ id: row.id, external: row.external_id as string, stockCode: row.stock_code }));
});
afterAll(() => harness.close());

describe('a contract price of 0.3425 imported for the buyer’s company', { timeout: 60_000 }, () => {
  let buyer: Caller;
  let units: Unit[];
  beforeAll(async () => {
    await imported(
      harness.postFile(
        'prices',
        csv(
          'id,product,customer,min_quantity,price',
          'IT-BOX-1,IT-BOX,CUST-1001,1,0.3425',
          'IT-BOX-24,IT-BOX,CUST-1001,24,0.3125',
        ),
        'mode=delta&file_name=prices.csv',
      ),
    );
    buyer = callerFor(harness.server, (await new TestClient(harness.app).signIn('buyer', 'buyer123')).access);
    units = z
      .array(unitWire)
      .parse((await buyer('GET', '/api/netb2b/product-units/')).body)
      .map(toUnit);
  });

  const cartOf = async () =>
    z.array(cartItemWire).parse((await buyer('GET', '/api/netb2b/cart-items/?detailed=true')).body);

  /** The cart's lines, the preview and the placed order for one line; the cart emptied after. */
  async function orderPaths(item: { product: number; quantity: string; unit: number }) {
    expect((await buyer('POST', '/api/netb2b/cart-items/', item)).status).toBe(201);
    const cart = await cartOf();
    const preview = orderPreviewWire.parse(
      (await buyer('POST', '/api/netb2b/orders/preview/', { items: [item] })).body,
    );
    const placed = await buyer('POST', '/api/netb2b/orders/', {
      items: [item],
      expected_delivery_date: toIsoDate(addDays(harness.server.clock.now(), 9)),
      is_preorder: false,
      customer_note: '',
    });
    expect(placed.status).toBe(201);
    const order = orderWire.parse(
      (await buyer('GET', `/api/netb2b/orders/${orderCreatedWire.parse(placed.body).id}/`)).body,
    );
    for (const line of cart) await buyer('DELETE', `/api/netb2b/cart-items/${line.id}/`);
    return { cart, preview, order };
  }

  it('is the product’s price for the buyer, exactly, with its step from 24 pieces', async () => {
    const stored = await harness.db
      .selectFrom('contract_prices')
      .select('price')
      .where('external_id', '=', 'IT-BOX-1')
      .executeTakeFirstOrThrow();
    expect(toDecimal(stored.price).toFixed(4)).toBe('0.3425');
    const answer = productWire.parse((await buyer('GET', `/api/netb2b/products/${boxed.id}/`)).body);
    expect(answer).toMatchObject({
      price: '0.3425',
      contract_price: true,
      price_tiers: [{ min_quantity: '24', price: '0.3125' }],
    });
    const found = await searchProducts(
      new TestClient(harness.app),
      await accessOf('buyer', 'buyer123'),
      'ITBOX',
    );
    expect(found.find((product) => product.id === boxed.id)).toMatchObject({ price: '0.3425' });
  });

  it('prices 3 pieces at 0.3425 in the cart, the preview and the order as the domain does', async () => {
    const { cart, preview, order } = await orderPaths({ product: boxed.id, quantity: '3', unit: PIECE });
    expect(cart[0]?.product.price).toBe('0.3425');
    const domain = computeCartItemsTotals(cart.map(toCartItem), units, 'gross');
    // the domain's rule: an ordered unit's net is rounded to the cent (0.34 a piece), then times 3
    expect(domain.totalWithoutTax).toBe('1.02');
    expect(preview.totals.subtotal).toBe(domain.subtotal);
    expect(preview.totals.total).toBe(domain.total);
    expect(order.subtotal).toBe(domain.subtotal);
    expect(order.suborders[0]?.items[0]?.amount).toBe(domain.subtotal);
  });

  it('prices 2 boxes of 12 at the 24-piece step', async () => {
    const { cart, preview, order } = await orderPaths({ product: boxed.id, quantity: '2', unit: boxed.box });
    const items = cart.map(toCartItem);
    expect(items[0]?.product.priceTiers).toEqual([{ minQuantity: '24', price: '0.3125' }]);
    const domain = computeCartItemsTotals(items, units, 'gross');
    const withoutStep = computeCartItemsTotals(
      items.map((item) => ({ ...item, product: { ...item.product, priceTiers: [] } })),
      units,
      'gross',
    );
    expect(domain.subtotal).not.toBe(withoutStep.subtotal);
    expect(domain.totalWithoutTax).toBe('7.50');
    expect(order.suborders[0]?.items[0]?.product.price).toBe('0.3425');
    expect(preview.totals.subtotal).toBe(domain.subtotal);
    expect(preview.totals.total).toBe(domain.total);
    expect(order.subtotal).toBe(domain.subtotal);
    expect(order.suborders[0]?.items[0]?.amount).toBe(domain.subtotal);
  });
});

async function accessOf(username: string, password: string) {
  return (await new TestClient(harness.app).signIn(username, password)).access;
}

describe('an imported company in an imported assortment', { timeout: 60_000 }, () => {
  let access: string;
  let kantine: Caller;
  beforeAll(async () => {
    await imported(
      harness.postBatch('assortments', {
        mode: 'delta',
        rows: [
          { id: 'IT-KANTINE', name: 'Canteen range', product: 'IT-BOX' },
          { id: 'IT-KANTINE', name: 'Canteen range', product: seeded[0]?.external },
        ],
      }),
    );
    await imported(
      harness.postFile(
        'customers',
        csv(
          'record,id,customer,name,email,tax_applies,assortments,username,first_name,last_name,language',
          'company,IT-C9,,Kantine Nord GmbH,einkauf@kantine-nord.example,yes,IT-KANTINE,,,,',
          'user,IT-U9,IT-C9,,m.ott@kantine-nord.example,,,mott,Marta,Ott,de',
        ),
        'mode=delta&file_name=customers.csv',
      ),
    );
    await setPassword(harness.db, 'mott', 'kantine-secret-1');
    access = await accessOf('mott', 'kantine-secret-1');
    kantine = callerFor(harness.server, access);
  });

  it('sees only the assortment’s products in the catalogue and in search', async () => {
    const page = productPageWire.parse((await kantine('GET', '/api/netb2b/products/?page_size=200')).body);
    expect(page.results.map((product) => product.id).sort((a, b) => a - b)).toEqual(
      [boxed.id, seeded[0]?.id].sort((a, b) => (a as number) - (b as number)),
    );
    const client = new TestClient(harness.app);
    const inside = await searchProducts(client, access, seeded[0]?.stockCode as string);
    expect(inside.map((product) => product.id)).toContain(seeded[0]?.id);
    const outside = await searchProducts(client, access, seeded[1]?.stockCode as string);
    expect(outside.map((product) => product.id)).not.toContain(seeded[1]?.id);
    // the buyer's company is in no assortment and still finds it
    const buyerFinds = await searchProducts(
      client,
      await accessOf('buyer', 'buyer123'),
      seeded[1]?.stockCode as string,
    );
    expect(buyerFinds.map((product) => product.id)).toContain(seeded[1]?.id);
  });

  it('is refused a product outside it in the cart with product_not_available', async () => {
    const refused = await kantine('POST', '/api/netb2b/cart-items/', {
      product: seeded[1]?.id,
      quantity: '1',
      unit: PIECE,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'product_not_available' });
    const allowed = await kantine('POST', '/api/netb2b/cart-items/', {
      product: boxed.id,
      quantity: '1',
      unit: PIECE,
    });
    expect(allowed.status).toBe(201);
  });
});
