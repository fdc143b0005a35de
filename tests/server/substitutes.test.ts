import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import { acceptSubstituteAnswerWire, substitutesAnswerWire } from '../../src/services/api/wire/substitutes';
import { companyOf, insertAssortment } from './support/assortments';
import { TestClient } from './support/http-client';
import { outcomeNames, runImport } from './support/import-kinds';
import { PIECE } from './support/piece-orders';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// Substitutes: the supplier's alternatives arrive with the products import and the seed, a customer
// sees only the alternatives it may see, priced for it, none when substitution is forbidden, and an
// order records the product asked for on every path that takes a substitute into the cart.

const API = '/api/netb2b';

let server: TestServer;
/** Lindenhof's main user */
let buyer: Caller;
/** Lindenhof, not the main user */
let colleague: Caller;
/** Bosporus's main user */
let other: Caller;

beforeAll(async () => {
  server = await startTestServer();
  const signIn = async (name: string, password: string) =>
    callerFor(server, (await new TestClient(server.app).signIn(name, password)).access);
  buyer = await signIn('buyer', 'buyer123');
  colleague = await signIn('colleague', 'colleague123');
  other = await signIn('other', 'other123');
});
afterAll(() => server.close());

const offered = async (caller: Caller, productIds: readonly number[]) => {
  const answer = await caller('GET', `${API}/substitutes/?product_ids=${productIds.join(',')}`);
  expect(answer.status).toBe(200);
  return substitutesAnswerWire.parse(answer.body);
};
const alternativeIds = (answer: { substitutes: { alternatives: { product: { id: number } }[] }[] }) =>
  answer.substitutes.flatMap((entry) => entry.alternatives.map((alternative) => alternative.product.id));

/** A seeded out-of-stock product sold by the piece whose alternatives are sold by the piece too. */
async function seededPrimary() {
  const { db } = server.database;
  const rows = await db
    .selectFrom('product_substitutes as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('product_units as pu', (join) =>
      join.onRef('pu.product_id', '=', 's.substitute_id').on('pu.unit_id', '=', PIECE),
    )
    .select(['s.product_id', 's.substitute_id', 's.rank', 's.reason'])
    .where('p.quantity_in_stock', '=', 0)
    .orderBy('s.product_id')
    .orderBy('s.rank')
    .execute();
  const first = rows[0];
  if (!first) throw new Error('the seed has no substitutes');
  return {
    primary: first.product_id,
    substitutes: rows.filter((row) => row.product_id === first.product_id),
  };
}

const setStock = (productId: number, stock: number) =>
  server.database.db
    .updateTable('products')
    .set({ quantity_in_stock: stock })
    .where('id', '=', productId)
    .execute();

async function placeFromCart(caller: Caller) {
  const cart = (await caller('GET', `${API}/cart-items/`)).body as {
    id: number;
    product: { id: number };
    quantity: string;
    unit: number;
  }[];
  const placed = await caller('POST', `${API}/orders/`, {
    items: cart.map((line) => ({
      product: line.product.id,
      quantity: line.quantity,
      unit: line.unit,
      cart_item: line.id,
    })),
    cart_lines: cart.map((line) => line.id),
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
    is_preorder: false,
    customer_note: '',
  });
  expect(placed.status).toBe(201);
  const id = orderCreatedWire.parse(placed.body).id;
  const detail = (await caller('GET', `${API}/orders/${id}/`)).body as {
    suborders: {
      items: { product: { id: number }; substitute_for?: { id: number; name: string } | null }[];
    }[];
  };
  return detail.suborders.flatMap((suborder) => suborder.items);
}

const emptyCart = async (caller: Caller) => {
  const cart = (await caller('GET', `${API}/cart-items/`)).body as { id: number }[];
  for (const line of cart) await caller('DELETE', `${API}/cart-items/${line.id}/`);
};

describe('where substitutes come from', () => {
  it('the seed gives out-of-stock products alternatives in stock, in rank order with a reason', async () => {
    const { primary, substitutes } = await seededPrimary();
    const answer = await offered(buyer, [primary]);
    expect(answer.forbidden).toBe(false);
    const alternatives = answer.substitutes[0]?.alternatives ?? [];
    expect(alternatives.map((a) => a.product.id)).toEqual(substitutes.map((s) => s.substitute_id));
    expect(alternatives.map((a) => a.rank)).toEqual(substitutes.map((s) => s.rank));
    expect(alternatives.every((a) => a.reason !== '' && (a.product.quantity_in_stock ?? 0) > 0)).toBe(true);
    expect(alternatives.every((a) => /^\d+\.\d{2,4}$/.test(String(a.product.price)))).toBe(true);
  });

  it('the products import brings them in its substitutes column, and an empty cell clears them', async () => {
    const { db } = server.database;
    const row = (id: string, substitutes?: unknown) => ({
      id,
      name: `Ersatztest ${id}`,
      brand: 'Import Manufaktur',
      category: 'Pantry & Dry Goods',
      warehouse: 'Hamburg Central',
      price: '3.10',
      tax_rate_percent: '7',
      quantity_in_stock: '0',
      ...(substitutes === undefined ? {} : { substitutes }),
    });
    const first = await runImport(db, 'products', 'delta', [
      row('SUB-1', 'SUB-3=Same jam, bigger jar|SUB-2=Same jam, other brand'),
      row('SUB-2'),
      row('SUB-3'),
    ]);
    expect(outcomeNames(first.outcomes)).toEqual(['applied', 'applied', 'applied']);
    const ids = Object.fromEntries(
      (
        await db
          .selectFrom('products')
          .select(['id', 'external_id'])
          .where('external_id', 'like', 'SUB-%')
          .execute()
      ).map((p) => [p.external_id, p.id]),
    );
    const stored = () =>
      db
        .selectFrom('product_substitutes')
        .select(['substitute_id', 'rank', 'reason'])
        .where('product_id', '=', ids['SUB-1'] as number)
        .orderBy('rank')
        .execute();
    expect(await stored()).toEqual([
      { substitute_id: ids['SUB-3'], rank: 1, reason: 'Same jam, bigger jar' },
      { substitute_id: ids['SUB-2'], rank: 2, reason: 'Same jam, other brand' },
    ]);

    const again = await runImport(db, 'products', 'delta', [
      row('SUB-1', [
        { product: 'SUB-3', reason: 'Same jam, bigger jar' },
        { product: 'SUB-2', reason: 'Same jam, other brand' },
      ]),
    ]);
    expect(outcomeNames(again.outcomes)).toEqual(['unchanged']);

    const reordered = await runImport(db, 'products', 'delta', [row('SUB-1', 'SUB-2=Other brand|SUB-404')]);
    expect(outcomeNames(reordered.outcomes)).toEqual(['applied']);
    expect(await stored()).toEqual([{ substitute_id: ids['SUB-2'], rank: 1, reason: 'Other brand' }]);

    const refused = await runImport(db, 'products', 'delta', [row('SUB-2', 'SUB-2=itself')]);
    expect(refused.outcomes[0]?.reason).toBe('substitutes_invalid');

    const cleared = await runImport(db, 'products', 'delta', [row('SUB-1', '')]);
    expect(outcomeNames(cleared.outcomes)).toEqual(['applied']);
    expect(await stored()).toEqual([]);
  });
});

describe('what a customer is offered', () => {
  it('leaves out an alternative outside the company’s assortment', async () => {
    const { primary, substitutes } = await seededPrimary();
    const [kept, ...rest] = substitutes.map((s) => s.substitute_id);
    const { db } = server.database;
    await insertAssortment(db, {
      productIds: [primary, kept as number],
      companyIds: [await companyOf(db, 'other')],
    });
    expect(alternativeIds(await offered(other, [primary]))).toEqual([kept]);
    expect(rest.length).toBeGreaterThan(0);
    expect(alternativeIds(await offered(buyer, [primary]))).toEqual(substitutes.map((s) => s.substitute_id));
  });

  it('answers none when the user forbids substitution, and refuses to take one', async () => {
    const { primary, substitutes } = await seededPrimary();
    const set = await colleague('PUT', `${API}/substitutes/preference/`, { user_forbids: true });
    expect(set.body).toEqual({ company_forbids: false, user_forbids: true, can_change_company: false });
    const answer = await offered(colleague, [primary]);
    expect(answer).toEqual({ forbidden: true, substitutes: [] });
    const taken = await colleague('POST', `${API}/substitutes/accept/`, {
      product: primary,
      substitute: substitutes[0]?.substitute_id,
      pieces: 1,
    });
    expect(taken.status).toBe(409);
    expect(alternativeIds(await offered(buyer, [primary])).length).toBeGreaterThan(0);
    await colleague('PUT', `${API}/substitutes/preference/`, { user_forbids: false });
  });

  it('answers none for the whole company when its main user forbids it; only the main user may', async () => {
    const { primary } = await seededPrimary();
    expect((await colleague('PUT', `${API}/substitutes/preference/`, { company_forbids: true })).status).toBe(
      403,
    );
    expect((await buyer('PUT', `${API}/substitutes/preference/`, { company_forbids: true })).status).toBe(
      200,
    );
    expect((await offered(colleague, [primary])).substitutes).toEqual([]);
    expect((await offered(buyer, [primary])).forbidden).toBe(true);
    await buyer('PUT', `${API}/substitutes/preference/`, { company_forbids: false });
    expect(alternativeIds(await offered(colleague, [primary])).length).toBeGreaterThan(0);
  });
});

describe('substitutes on every order path', () => {
  it('the cart: an out-of-stock line is replaced, and the order names what was asked for', async () => {
    const { primary, substitutes } = await seededPrimary();
    const substitute = substitutes[0]?.substitute_id as number;
    await emptyCart(buyer);
    await setStock(primary, 50);
    const added = await buyer('POST', `${API}/cart-items/`, { product: primary, quantity: '3', unit: PIECE });
    expect(added.status).toBe(201);
    await setStock(primary, 0);

    const taken = await buyer('POST', `${API}/substitutes/accept/`, { product: primary, substitute });
    expect(taken.status).toBe(200);
    const accepted = acceptSubstituteAnswerWire.parse(taken.body);
    expect(accepted.replaced_item).toBe((added.body as { id: number }).id);
    expect(accepted.quantity).toBe('3');
    const cart = (await buyer('GET', `${API}/cart-items/`)).body as { product: { id: number } }[];
    expect(cart.map((line) => line.product.id)).toEqual([substitute]);

    const items = await placeFromCart(buyer);
    const primaryName = (
      await server.database.db
        .selectFrom('products')
        .select('name')
        .where('id', '=', primary)
        .executeTakeFirstOrThrow()
    ).name;
    expect(items.map((item) => [item.product.id, item.substitute_for])).toEqual([
      [substitute, { id: primary, name: primaryName }],
    ]);
  });

  it('the quick order and a list sent to the cart: the substitute is added with what it stands in for', async () => {
    const { primary, substitutes } = await seededPrimary();
    await emptyCart(buyer);
    // both add the substitute for a line that never reached the cart, with the pieces the buyer wanted
    for (const substitute of substitutes.map((s) => s.substitute_id)) {
      const taken = await buyer('POST', `${API}/substitutes/accept/`, {
        product: primary,
        substitute,
        pieces: 2,
      });
      expect(acceptSubstituteAnswerWire.parse(taken.body)).toMatchObject({
        quantity: '2',
        replaced_item: null,
      });
    }
    const items = await placeFromCart(buyer);
    expect(items.map((item) => [item.product.id, item.substitute_for?.id]).sort()).toEqual(
      substitutes.map((s) => [s.substitute_id, primary]).sort(),
    );
  });

  it('refuses a product the supplier does not name as a substitute', async () => {
    const { primary } = await seededPrimary();
    const taken = await buyer('POST', `${API}/substitutes/accept/`, {
      product: primary,
      substitute: primary + 1000,
      pieces: 1,
    });
    expect(taken.status).toBe(404);
  });
});
