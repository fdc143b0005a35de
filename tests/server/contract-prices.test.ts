import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { computeCartItemsTotals } from '../../src/domain/cart-totals';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { instantToZonedDate } from '../../src/domain/delivery-calendar/zoned-time';
import type { CartItem, Unit } from '../../src/domain/types';
import { productWire, toUnit, unitWire } from '../../src/services/api/wire/catalog';
import { campaignWithPricesWire, productPageWire } from '../../src/services/api/wire/catalog-pages';
import { favouriteListWire } from '../../src/services/api/wire/favourites';
import {
  cartItemWire,
  orderCreatedWire,
  orderPreviewWire,
  orderWire,
  productLookupResultWire,
  toCartItem,
} from '../../src/services/api/wire/orders';
import { insertContractPrices, insertCustomerGroup } from './support/contract-prices';
import { TestClient } from './support/http-client';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Contract prices everywhere: the customer's own price over its group's over the list price, by the
 * calendar day in the supplier's time zone, in every product answer and on every order path, priced
 * at a line's primary units; another customer sees list prices, exactly as before.
 */
const PIECE = 1;
const BOX = 2;
const LINDENHOF = 1;
const DAY = 86_400_000;

let server: TestServer;
let units: Unit[];
let buyer: Caller;
let other: Caller;

interface Picked {
  id: number;
  list: string;
  stockCode: string;
}
/** products in no campaign, sold by the piece, well in stock; `own` is featured */
let own: Picked;
let group: Picked;
let future: Picked;
let retired: Picked;
let exact: Picked;
let campaignLower: Picked;
let campaignHigher: Picked;
/** sold in boxes of 12 pieces */
let boxed: Picked;
/** the answers `other` and the buyer got before any rule existed */
const before = new Map<number, unknown>();
const buyerBefore = new Map<number, unknown>();

const CAMPAIGN = 95;
const times = (price: string, factor: string) => new Decimal(price).times(factor).toFixed(2);
const expected = {
  own: () => times(own.list, '0.9'),
  ownGroup: () => times(own.list, '0.8'),
  group: () => times(group.list, '0.85'),
  boxOne: () => times(boxed.list, '0.95'),
  boxStep: () => times(boxed.list, '0.8'),
  campaignOf: (product: Picked) => times(product.list, '0.8'),
};

const pricedLike = (product: Picked, price: string) => ({ id: product.id, price, contract_price: true });
const deliveryDay = () => toIsoDate(addDays(server.clock.now(), 9));

async function pickProducts(
  count: number,
  unitId: number,
  amount: string,
  taken: readonly Picked[] = [],
): Promise<Picked[]> {
  const { db } = server.database;
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.price', 'p.stock_code', 'p.is_featured', 'pu.amount'])
    .where('pu.unit_id', '=', unitId)
    .where('p.quantity_in_stock', '>', 200)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.is_featured', 'desc')
    .orderBy('p.id')
    .execute();
  return rows
    .filter(
      (row) => new Decimal(row.amount).equals(amount) && !taken.some((product) => product.id === row.id),
    )
    .slice(0, count)
    .map((row) => ({ id: row.id, list: new Decimal(row.price).toFixed(2), stockCode: row.stock_code }));
}

const cartOf = async (call: Caller) =>
  z.array(cartItemWire).parse((await call('GET', '/api/netb2b/cart-items/?detailed=true')).body);
async function clearCart(call: Caller) {
  for (const item of await cartOf(call)) await call('DELETE', `/api/netb2b/cart-items/${item.id}/`);
}
const productById = async (call: Caller, id: number) =>
  productWire.parse((await call('GET', `/api/netb2b/products/${id}/`)).body);

/** What the buyer's cart, preview and placed order charge for `items`; the cart's lines as the client reads them. */
async function orderPaths(items: { product: number; quantity: string; unit: number }[]) {
  await clearCart(buyer);
  for (const item of items) expect((await buyer('POST', '/api/netb2b/cart-items/', item)).status).toBe(201);
  const cart = await cartOf(buyer);
  const preview = orderPreviewWire.parse(
    (await buyer('POST', '/api/netb2b/orders/preview/', { items })).body,
  );
  const placed = await buyer('POST', '/api/netb2b/orders/', {
    items,
    expected_delivery_date: deliveryDay(),
    is_preorder: false,
    customer_note: '',
  });
  expect(placed.status).toBe(201);
  const order = orderWire.parse(
    (await buyer('GET', `/api/netb2b/orders/${orderCreatedWire.parse(placed.body).id}/`)).body,
  );
  await clearCart(buyer);
  return { cart, preview, order };
}

async function signIn(name: string) {
  return callerFor(server, (await new TestClient(server.app).signIn(name, `${name}123`)).access);
}

beforeAll(async () => {
  server = await startTestServer();
  buyer = await signIn('buyer');
  other = await signIn('other');
  units = z
    .array(unitWire)
    .parse((await buyer('GET', '/api/netb2b/product-units/')).body)
    .map(toUnit);
  const pieces = await pickProducts(8, PIECE, '1');
  [own, group, future, retired, exact, campaignLower, campaignHigher] = pieces as [
    Picked,
    Picked,
    Picked,
    Picked,
    Picked,
    Picked,
    Picked,
  ];
  [boxed] = (await pickProducts(1, BOX, '12', pieces)) as [Picked];
  for (const product of [...pieces, boxed]) {
    before.set(product.id, await productById(other, product.id));
    buyerBefore.set(product.id, await productById(buyer, product.id));
  }

  const { db } = server.database;
  const calendar = await db
    .selectFrom('delivery_calendar_settings')
    .select('time_zone')
    .executeTakeFirstOrThrow();
  const tomorrow = instantToZonedDate(server.clock.now().getTime() + DAY, calendar.time_zone);
  const iso = (offsetMs: number) => new Date(server.clock.now().getTime() + offsetMs).toISOString();
  await db
    .insertInto('campaigns')
    .values({
      id: CAMPAIGN,
      name: 'Contract test',
      description: '',
      starts_at: iso(-DAY),
      ends_at: iso(30 * DAY),
    })
    .execute();
  await db
    .insertInto('campaign_prices')
    .values(
      [campaignLower, campaignHigher].map((product) => ({
        campaign_id: CAMPAIGN,
        product_id: product.id,
        new_price: expected.campaignOf(product),
      })),
    )
    .execute();
  const groupId = await insertCustomerGroup(db, 'Hotels', [LINDENHOF]);
  await insertContractPrices(db, [
    { product: own.id, company: LINDENHOF, price: expected.own() },
    // lower, yet the customer's own price wins over its group's
    { product: own.id, group: groupId, price: expected.ownGroup() },
    { product: group.id, group: groupId, price: expected.group() },
    { product: future.id, company: LINDENHOF, price: times(future.list, '0.5'), validFrom: tomorrow },
    { product: retired.id, company: LINDENHOF, price: times(retired.list, '0.5'), retiredAt: iso(-DAY) },
    { product: exact.id, company: LINDENHOF, price: '1.2345' },
    { product: campaignLower.id, company: LINDENHOF, price: times(campaignLower.list, '0.9') },
    { product: campaignHigher.id, company: LINDENHOF, price: times(campaignHigher.list, '0.7') },
    { product: boxed.id, company: LINDENHOF, price: expected.boxOne() },
    { product: boxed.id, company: LINDENHOF, minQuantity: '36', price: expected.boxStep() },
  ]);
});
afterAll(() => server.close());

describe('product answers carry the customer price', () => {
  it('by id, in the list, search, featured, campaign products, quick order and favourites', async () => {
    const ownPrice = pricedLike(own, expected.own());
    const byId = await productById(buyer, own.id);
    expect(byId).toMatchObject(ownPrice);
    expect(byId.price_tiers).toBeUndefined();

    const list = productPageWire.parse(
      (await buyer('GET', `/api/netb2b/products/?page_size=200&category=${byId.category.id}`)).body,
    );
    expect(list.results.find((product) => product.id === own.id)).toMatchObject(ownPrice);

    const search = z
      .array(productWire)
      .parse((await buyer('GET', `/api/netb2b/products/search/?query=${own.stockCode}`)).body);
    expect(search.find((product) => product.id === own.id)).toMatchObject(ownPrice);
    // the same search, kept for a second, still answers the other company at the list price
    const searchOther = z
      .array(productWire)
      .parse((await other('GET', `/api/netb2b/products/search/?query=${own.stockCode}`)).body);
    expect(searchOther.find((product) => product.id === own.id)).toEqual(before.get(own.id));

    const featured = z.array(productWire).parse((await buyer('GET', '/api/netb2b/products/featured/')).body);
    expect(featured.find((product) => product.id === own.id)).toMatchObject(ownPrice);

    const campaign = campaignWithPricesWire.parse(
      (await buyer('GET', `/api/netb2b/campaigns/${CAMPAIGN}/`)).body,
    );
    expect(campaign.campaign_prices.map((entry) => entry.product)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: campaignLower.id, contract_price: true, campaign_id: CAMPAIGN }),
      ]),
    );

    const lookup = productLookupResultWire.parse(
      (await buyer('POST', '/api/netb2b/products/lookup/', { codes: [own.stockCode] })).body,
    );
    expect(lookup.matches[0]?.product).toMatchObject(ownPrice);

    const created = await buyer('POST', '/api/netb2b/favourite-lists/', {
      name: 'Contract prices',
      items: [{ product: own.id, quantity: '1', unit: PIECE }],
    });
    expect(created.status).toBe(201);
    const favourites = favouriteListWire.parse(
      (await buyer('GET', `/api/netb2b/favourite-lists/${(created.body as { id: number }).id}/`)).body,
    );
    expect(favourites.items[0]?.product).toMatchObject(ownPrice);
  });

  it("a group's price applies to a company of the group; the customer's own beats it", async () => {
    expect(await productById(buyer, group.id)).toMatchObject(pricedLike(group, expected.group()));
    expect((await productById(buyer, own.id)).price).toBe(expected.own());
  });

  it('a rule valid from tomorrow and a retired rule price nothing today', async () => {
    expect(await productById(buyer, future.id)).toEqual(buyerBefore.get(future.id));
    expect(await productById(buyer, retired.id)).toEqual(buyerBefore.get(retired.id));
  });

  it('a campaign below the contract price is offered, one above it is not', async () => {
    expect(await productById(buyer, campaignLower.id)).toMatchObject({
      ...pricedLike(campaignLower, times(campaignLower.list, '0.9')),
      campaign_id: CAMPAIGN,
      new_price: expected.campaignOf(campaignLower),
    });
    const higher = await productById(buyer, campaignHigher.id);
    expect(higher).toMatchObject(pricedLike(campaignHigher, times(campaignHigher.list, '0.7')));
    expect(higher.campaign_id).toBeUndefined();
    expect(higher.new_price).toBeUndefined();
    // another customer is offered both campaigns as before
    expect(await productById(other, campaignHigher.id)).toMatchObject({ campaign_id: CAMPAIGN });
  });

  it('another company sees list prices, its answers exactly as before', async () => {
    for (const product of [own, group, future, retired, exact, boxed])
      expect(await productById(other, product.id)).toEqual(before.get(product.id));
    const page = productPageWire.parse((await other('GET', '/api/netb2b/products/?page_size=200')).body);
    expect(page.results.filter((product) => product.contract_price !== undefined)).toEqual([]);
  });

  it('a product sold in boxes carries its step in pieces', async () => {
    expect(await productById(buyer, boxed.id)).toMatchObject({
      ...pricedLike(boxed, expected.boxOne()),
      price_tiers: [{ min_quantity: '36', price: expected.boxStep() }],
    });
  });
});

describe('order paths charge the customer price', () => {
  const totalsOf = (cart: readonly CartItem[]) => computeCartItemsTotals(cart, units, 'gross');

  it('the cart line, the totals, the preview and the placed order', async () => {
    const { cart, preview, order } = await orderPaths([{ product: own.id, quantity: '4', unit: PIECE }]);
    expect(cart[0]?.product).toMatchObject(pricedLike(own, expected.own()));
    expect(cart[0]?.price_change).toBeUndefined();
    const domain = totalsOf(cart.map(toCartItem));
    const atList = totalsOf(
      cart.map(toCartItem).map((item) => ({ ...item, product: { ...item.product, price: own.list } })),
    );
    expect(domain.subtotal).not.toBe(atList.subtotal);
    expect(preview.totals.subtotal).toBe(domain.subtotal);
    expect(preview.totals.total).toBe(domain.total);
    expect(order.subtotal).toBe(domain.subtotal);
    expect(order.suborders[0]?.items[0]?.amount).toBe(domain.subtotal);
    expect(order.suborders[0]?.items[0]?.product).toMatchObject(pricedLike(own, expected.own()));
  });

  it('3 boxes of 12 are priced at the 36-piece step in the cart, the preview and the order', async () => {
    const { cart, preview, order } = await orderPaths([{ product: boxed.id, quantity: '3', unit: BOX }]);
    const items = cart.map(toCartItem);
    expect(items[0]?.product.priceTiers).toEqual([{ minQuantity: '36', price: expected.boxStep() }]);
    const domain = totalsOf(items);
    const withoutStep = totalsOf(
      items.map((item) => ({ ...item, product: { ...item.product, priceTiers: [] } })),
    );
    expect(domain.subtotal).not.toBe(withoutStep.subtotal);
    expect(preview.totals.subtotal).toBe(domain.subtotal);
    expect(preview.total).toBe(order.total);
    expect(order.subtotal).toBe(domain.subtotal);
    expect(order.suborders[0]?.items[0]?.amount).toBe(domain.subtotal);
  });

  it('a campaign above the contract price is not charged, and the cart line reports no price change', async () => {
    const { cart, order } = await orderPaths([{ product: campaignHigher.id, quantity: '2', unit: PIECE }]);
    expect(cart[0]?.price_change).toBeUndefined();
    expect(cart[0]?.product.campaign_id).toBeUndefined();
    expect(order.suborders[0]?.items[0]?.campaign ?? null).toBeNull();
    expect(order.subtotal).toBe(totalsOf(cart.map(toCartItem)).subtotal);
  });

  it('the customer price 1.2345 reaches the order line as the domain rounds it', async () => {
    expect((await productById(buyer, exact.id)).price).toBe('1.2345');
    const { cart, preview, order } = await orderPaths([{ product: exact.id, quantity: '7', unit: PIECE }]);
    const domain = totalsOf(cart.map(toCartItem));
    expect(preview.totals.subtotal).toBe(domain.subtotal);
    expect(order.suborders[0]?.items[0]?.amount).toBe(domain.subtotal);
  });
});

describe('the spec profile', () => {
  it('answers point 3 fields only: no price steps, no contract flag', async () => {
    const spec = server.freshApp({ apiProfile: 'spec' });
    const { access } = await new TestClient(spec).signIn('buyer', 'buyer123');
    const response = await spec.request(`/api/netb2b/products/search/?query=${boxed.stockCode}`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    const products = (await response.json()) as Record<string, unknown>[];
    // the customer's price at one piece still reaches a spec client, its steps do not
    expect(products.find((entry) => entry.id === boxed.id)).toMatchObject({ price: expected.boxOne() });
    expect(products.flatMap((entry) => Object.keys(entry))).not.toContain('price_tiers');
    expect(products.flatMap((entry) => Object.keys(entry))).not.toContain('contract_price');
  });
});
