import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { deleteUser } from '../../server/accounts/delete-user';
import { userIds } from '../../server/seed/accounts';
import { unitIds } from '../../server/seed/units';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { favouriteListSummaryWire, favouriteListWire } from '../../src/services/api/wire/favourites';
import { type JsonAnswer as Answer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const BASE = '/api/netb2b/favourite-lists/';
const listPath = (id: number) => `${BASE}${id}/`;
const itemPath = (id: number, product: number) => `${listPath(id)}items/${product}/`;

// The seeded lists (server/seed/favourites.ts).
const WEEKLY = 1;
const GUIDE = 2;
const USUALS = 3;
const BOSPORUS = 4;
const OUT_OF_STOCK = 5;

let server: TestServer;
const tokens: Record<string, string> = {};
const client = () => new TestClient(server.app);

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['buyer', 'colleague', 'other', 'demo', 'private'])
    tokens[name] = (await client().signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

function call(user: string | null, method: string, path: string, body?: unknown): Promise<Answer> {
  return client().json(method, path, body, user ? tokens[user] : undefined);
}

const errorOf = (answer: Answer) => errorBodyWire.parse(answer.body);
const summaryOf = (answer: Answer) => favouriteListSummaryWire.parse(answer.body);

async function summaries(user: string) {
  const answer = await call(user, 'GET', BASE);
  expect(answer.status).toBe(200);
  return z.array(favouriteListSummaryWire).parse(answer.body);
}

async function listOf(user: string, id: number, language?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[user]}` };
  if (language) headers['Accept-Language'] = language;
  const response = await client().request(listPath(id), { headers });
  expect(response.status).toBe(200);
  return favouriteListWire.parse(await response.json());
}

let names = 0;
/** a new list of `user` through the API */
async function createList(user: string, body: Record<string, unknown> = {}) {
  names += 1;
  const answer = await call(user, 'POST', BASE, { name: `List ${names}`, ...body });
  expect(answer.status).toBe(201);
  return summaryOf(answer);
}

const expectError = (answer: Answer, status: number, code: string) => {
  expect(answer.status).toBe(status);
  expect(errorOf(answer).code).toBe(code);
  return errorOf(answer);
};

describe('GET /api/netb2b/favourite-lists/', () => {
  it('answers the own lists first, then the company’s shared ones, each by name', async () => {
    const buyer = await summaries('buyer');
    expect(buyer.map((list) => [list.name, list.shared, list.editable])).toEqual([
      ['Standard order guide', true, true],
      ['Weekly order', false, true],
    ]);
    expect(buyer[1]?.product_ids).toEqual([1, 2, 6, 5, 18, 30, 32, 13]);
    expect(buyer[0]).toMatchObject({
      owner: { id: userIds.buyer, name: 'Maria Keller' },
      owner_is_main_user: true,
    });

    const colleague = await summaries('colleague');
    expect(colleague.map((list) => [list.name, list.editable, list.owner_is_main_user])).toEqual([
      ['My usuals', true, false],
      ['Standard order guide', false, true],
    ]);
  });

  it('shows nothing of another company', async () => {
    expect((await summaries('other')).map((list) => list.name)).toEqual(['Imbiss basics']);
    expect(await summaries('private')).toEqual([]);
  });

  it('needs a token, and refuses demo accounts', async () => {
    expect((await call(null, 'GET', BASE)).status).toBe(401);
    expectError(await call('demo', 'GET', BASE), 403, 'demo_account');
    expectError(await call('demo', 'POST', BASE, { name: 'Mine' }), 403, 'demo_account');
    expectError(await call('demo', 'GET', listPath(WEEKLY)), 403, 'demo_account');
    expectError(
      await call('demo', 'PUT', itemPath(WEEKLY, 1), { quantity: '1', unit: 1 }),
      403,
      'demo_account',
    );
  });
});

describe('GET /api/netb2b/favourite-lists/{id}/', () => {
  it('answers the lines in the order added, with today’s product (campaign price, stock)', async () => {
    const list = await listOf('buyer', WEEKLY);
    expect(list).toMatchObject({ id: WEEKLY, name: 'Weekly order', shared: false, editable: true });
    expect(list.items.map((item) => item.product_id)).toEqual([1, 2, 6, 5, 18, 30, 32, 13]);
    expect(list.items[0]).toMatchObject({ quantity: '2', unit: unitIds.box });
    expect(list.items[1]).toMatchObject({ quantity: '2', unit: unitIds.crate });
    const outOfStock = list.items.find((item) => item.product_id === OUT_OF_STOCK);
    expect(outOfStock?.product?.quantity_in_stock).toBe(0);
    // the seeded campaigns cover product 1's category: the cart's product answer carries the price
    const campaignRows = await server.database.db
      .selectFrom('campaign_prices')
      .select('product_id')
      .execute();
    const inCampaign = list.items.find((item) =>
      campaignRows.some((row) => row.product_id === item.product_id),
    );
    expect(inCampaign?.product?.campaign_id).toBeDefined();
    expect(inCampaign?.product?.new_price).toMatch(/^\d+\.\d{2}$/);
  });

  it('names categories in the request’s language', async () => {
    const english = await listOf('buyer', WEEKLY);
    const german = await listOf('buyer', WEEKLY, 'de');
    expect(german.items[0]?.product?.category.name).not.toBe(english.items[0]?.product?.category.name);
  });

  it('lets the company read a shared list, but no one sees a private or another company’s list', async () => {
    expect(await listOf('colleague', GUIDE)).toMatchObject({ editable: false, owner_is_main_user: true });
    expectError(await call('buyer', 'GET', listPath(USUALS)), 404, 'not_found');
    expectError(await call('colleague', 'GET', listPath(WEEKLY)), 404, 'not_found');
    expectError(await call('buyer', 'GET', listPath(BOSPORUS)), 404, 'not_found');
    expectError(await call('other', 'GET', listPath(GUIDE)), 404, 'not_found');
    expectError(await call('buyer', 'GET', listPath(99_999)), 404, 'not_found');
  });

  it('answers product null for a product that is no longer sold', async () => {
    const list = await createList('buyer');
    await server.database.db
      .insertInto('favourite_list_items')
      .values({
        list_id: list.id,
        product_id: 987_654,
        quantity: '3',
        unit_id: unitIds.piece,
        added_at: new Date().toISOString(),
        position: 0,
      })
      .execute();
    const answer = await listOf('buyer', list.id);
    expect(answer.items).toEqual([
      expect.objectContaining({ product_id: 987_654, product: null, quantity: '3', unit: unitIds.piece }),
    ]);
    // the line can still be removed
    const removed = await call('buyer', 'DELETE', itemPath(list.id, 987_654));
    expect(summaryOf(removed).product_ids).toEqual([]);
  });
});

describe('POST /api/netb2b/favourite-lists/', () => {
  it('creates a private list by default, with its lines in order', async () => {
    const answer = await call('buyer', 'POST', BASE, {
      name: '  Friday party  ',
      items: [
        { product: 13, quantity: '3', unit: unitIds.crate },
        { product: 1, quantity: '4', unit: unitIds.piece },
      ],
    });
    expect(answer.status).toBe(201);
    const summary = summaryOf(answer);
    expect(summary).toMatchObject({
      name: 'Friday party',
      shared: false,
      editable: true,
      owner: { id: userIds.buyer },
      product_ids: [13, 1],
    });
    expect(summary.updated_at).toBe(summary.created_at);
    const list = await listOf('buyer', summary.id);
    expect(list.items.map((item) => [item.product_id, item.quantity, item.unit])).toEqual([
      [13, '3', unitIds.crate],
      [1, '4', unitIds.piece],
    ]);
    expectError(await call('colleague', 'GET', listPath(summary.id)), 404, 'not_found');
  });

  it('shares a list with the company when asked', async () => {
    const summary = await createList('colleague', { shared: true });
    expect((await listOf('buyer', summary.id)).editable).toBe(false);
  });

  it('refuses a name the owner already uses (trimmed, any case), not one a colleague uses', async () => {
    const error = expectError(
      await call('buyer', 'POST', BASE, { name: ' weekly ORDER ' }),
      400,
      'name_taken',
    );
    expect(error.detail).toContain('Weekly order');
    expect(error.errors?.name).toBeDefined();
    const colleague = await call('colleague', 'POST', BASE, { name: 'Weekly order' });
    expect(colleague.status).toBe(201);
  });

  it('refuses a blank or too long name, and a bad body', async () => {
    expectError(await call('buyer', 'POST', BASE, { name: '   ' }), 400, 'invalid');
    expectError(await call('buyer', 'POST', BASE, { name: 'x'.repeat(81) }), 400, 'invalid');
    expectError(await call('buyer', 'POST', BASE, '{'), 400, 'malformed_json');
  });

  it('checks the lines: product, unit, quantity, duplicates', async () => {
    const line = (extra: Record<string, unknown>) => ({
      name: 'Checked',
      items: [
        { product: 1, quantity: '1', unit: unitIds.piece },
        { product: 2, quantity: '1', unit: unitIds.bottle, ...extra },
      ],
    });
    const unknown = expectError(
      await call('buyer', 'POST', BASE, line({ product: 999_999 })),
      400,
      'unknown_product',
    );
    expect(unknown.errors?.['items.1.product']).toBeDefined();
    const unit = expectError(
      await call('buyer', 'POST', BASE, line({ unit: unitIds.box })),
      400,
      'invalid_unit',
    );
    expect(unit.errors?.['items.1.unit']).toBeDefined();
    expectError(await call('buyer', 'POST', BASE, line({ quantity: '0' })), 400, 'invalid');
    expectError(await call('buyer', 'POST', BASE, line({ quantity: '1.5' })), 400, 'invalid_quantity');
    expectError(
      await call('buyer', 'POST', BASE, line({ product: 1, unit: unitIds.piece })),
      400,
      'duplicate_line',
    );
    expect((await summaries('buyer')).some((list) => list.name === 'Checked')).toBe(false);
  });

  it('refuses more than 1,000 lines', async () => {
    const items = Array.from({ length: 1001 }, (_, index) => ({
      product: index + 1,
      quantity: '1',
      unit: unitIds.piece,
    }));
    const error = expectError(await call('buyer', 'POST', BASE, { name: 'Huge', items }), 400, 'line_limit');
    expect(error.detail).toBe('A list holds at most 1,000 products. Remove one to add another.');
  });

  it('allows 100 lists per user and refuses the 101st', async () => {
    const db = server.database.db;
    const at = new Date().toISOString();
    await db
      .insertInto('favourite_lists')
      .values(
        Array.from({ length: 99 }, (_, index) => ({
          user_id: userIds.private ?? 0,
          company_id: 4,
          name: `Bulk ${index}`,
          name_key: `bulk ${index}`,
          shared: 0,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    // two at once for the last place: one gets it (the count and insert share a locked transaction)
    const racing = await Promise.all(
      ['The hundredth', 'Also the hundredth'].map((name) => call('private', 'POST', BASE, { name })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const error = expectError(
      await call('private', 'POST', BASE, { name: 'One too many' }),
      400,
      'list_limit',
    );
    expect(error.detail).toBe('You already have 100 lists. Delete one to create another.');
    expect(await summaries('private')).toHaveLength(100);
  });
});

describe('a deleted user', () => {
  it('takes their lists along', async () => {
    const at = new Date().toISOString();
    await server.database.db
      .insertInto('favourite_lists')
      .values({
        user_id: userIds.inactive ?? 0,
        company_id: 1,
        name: 'Old habits',
        name_key: 'old habits',
        shared: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect((await summaries('buyer')).some((list) => list.name === 'Old habits')).toBe(true);
    await deleteUser(server.database.db, userIds.inactive ?? 0, new Date());
    expect((await summaries('buyer')).some((list) => list.name === 'Old habits')).toBe(false);
  });
});

describe('PATCH /api/netb2b/favourite-lists/{id}/', () => {
  it('renames and shares the owner’s list, moving updated_at', async () => {
    const list = await createList('buyer');
    server.clock.advance(1000);
    const answer = await call('buyer', 'PATCH', listPath(list.id), { name: ' Kitchen ', shared: true });
    expect(answer.status).toBe(200);
    const summary = summaryOf(answer);
    expect(summary).toMatchObject({ name: 'Kitchen', shared: true });
    expect(summary.updated_at > list.updated_at).toBe(true);
    expect((await summaries('colleague')).some((shared) => shared.id === list.id)).toBe(true);

    const privateAgain = summaryOf(await call('buyer', 'PATCH', listPath(list.id), { shared: false }));
    expect(privateAgain.name).toBe('Kitchen');
    expectError(await call('colleague', 'GET', listPath(list.id)), 404, 'not_found');
    // its own name in another case is no clash
    expect(summaryOf(await call('buyer', 'PATCH', listPath(list.id), { name: 'KITCHEN' })).name).toBe(
      'KITCHEN',
    );
  });

  it('refuses another of the owner’s names', async () => {
    const list = await createList('buyer');
    expectError(await call('buyer', 'PATCH', listPath(list.id), { name: 'weekly order' }), 400, 'name_taken');
  });

  it('is the owner’s only: 403 not_owner on a shared list, 404 on what the caller cannot see', async () => {
    expectError(await call('colleague', 'PATCH', listPath(GUIDE), { name: 'Mine now' }), 403, 'not_owner');
    expectError(await call('colleague', 'PATCH', listPath(WEEKLY), { name: 'Mine now' }), 404, 'not_found');
    expectError(await call('other', 'PATCH', listPath(GUIDE), { shared: false }), 404, 'not_found');
  });
});

describe('DELETE /api/netb2b/favourite-lists/{id}/', () => {
  it('deletes the owner’s list with its lines', async () => {
    const list = await createList('buyer', { items: [{ product: 1, quantity: '1', unit: unitIds.piece }] });
    expect((await call('buyer', 'DELETE', listPath(list.id))).status).toBe(204);
    expectError(await call('buyer', 'GET', listPath(list.id)), 404, 'not_found');
    const lines = await server.database.db
      .selectFrom('favourite_list_items')
      .select('product_id')
      .where('list_id', '=', list.id)
      .execute();
    expect(lines).toEqual([]);
  });

  it('refuses everyone else', async () => {
    expectError(await call('colleague', 'DELETE', listPath(GUIDE)), 403, 'not_owner');
    expectError(await call('other', 'DELETE', listPath(WEEKLY)), 404, 'not_found');
    expectError(await call('demo', 'DELETE', listPath(WEEKLY)), 403, 'demo_account');
    expect((await listOf('buyer', GUIDE)).items).toHaveLength(6);
  });
});

describe('PUT /api/netb2b/favourite-lists/{id}/items/{product}/', () => {
  it('adds a product last, then changes its quantity and unit in place', async () => {
    const list = await createList('buyer', { items: [{ product: 1, quantity: '1', unit: unitIds.piece }] });
    server.clock.advance(1000);
    const added = summaryOf(
      await call('buyer', 'PUT', itemPath(list.id, 3), { quantity: '2', unit: unitIds.box }),
    );
    expect(added.product_ids).toEqual([1, 3]);
    expect(added.updated_at > list.updated_at).toBe(true);

    server.clock.advance(1000);
    const changed = summaryOf(
      await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '5', unit: unitIds.box }),
    );
    expect(changed.product_ids).toEqual([1, 3]);
    expect(changed.updated_at > added.updated_at).toBe(true);
    const lines = (await listOf('buyer', list.id)).items;
    expect(lines.map((line) => [line.product_id, line.quantity, line.unit])).toEqual([
      [1, '5', unitIds.box],
      [3, '2', unitIds.box],
    ]);
  });

  it('keeps an out-of-stock product (a list is not an order)', async () => {
    const list = await createList('buyer');
    const answer = await call('buyer', 'PUT', itemPath(list.id, OUT_OF_STOCK), {
      quantity: '1',
      unit: unitIds.piece,
    });
    expect(summaryOf(answer).product_ids).toEqual([OUT_OF_STOCK]);
  });

  it('refuses an unknown product, a unit the product is not sold in and a bad quantity', async () => {
    const list = await createList('buyer');
    expectError(
      await call('buyer', 'PUT', itemPath(list.id, 999_999), { quantity: '1', unit: 1 }),
      404,
      'unknown_product',
    );
    const unit = expectError(
      await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '1', unit: unitIds.crate }),
      400,
      'invalid_unit',
    );
    expect(unit.errors?.unit).toBeDefined();
    expectError(await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '0', unit: 1 }), 400, 'invalid');
    expectError(
      await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '-1', unit: 1 }),
      400,
      'invalid',
    );
    expectError(
      await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '2.5', unit: 1 }),
      400,
      'invalid_quantity',
    );
    expectError(
      await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '1000001', unit: 1 }),
      400,
      'invalid_quantity',
    );
    expect((await listOf('buyer', list.id)).items).toEqual([]);
  });

  it('is the owner’s only', async () => {
    const line = { quantity: '1', unit: unitIds.piece };
    expectError(await call('colleague', 'PUT', itemPath(GUIDE, 1), line), 403, 'not_owner');
    expectError(await call('colleague', 'PUT', itemPath(WEEKLY, 1), line), 404, 'not_found');
    expectError(await call('other', 'PUT', itemPath(GUIDE, 1), line), 404, 'not_found');
  });

  it('refuses the 1,001st line but still changes the lines there are', async () => {
    const list = await createList('buyer');
    const at = new Date().toISOString();
    await server.database.db
      .insertInto('favourite_list_items')
      .values(
        Array.from({ length: 1000 }, (_, index) => ({
          list_id: list.id,
          product_id: 100_000 + index,
          quantity: '1',
          unit_id: unitIds.piece,
          added_at: at,
          position: index,
        })),
      )
      .execute();
    const error = expectError(
      await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '1', unit: unitIds.piece }),
      400,
      'line_limit',
    );
    expect(error.detail).toBe('A list holds at most 1,000 products. Remove one to add another.');
    await server.database.db
      .updateTable('favourite_list_items')
      .set({ product_id: 1 })
      .where('list_id', '=', list.id)
      .where('product_id', '=', 100_000)
      .execute();
    const changed = await call('buyer', 'PUT', itemPath(list.id, 1), { quantity: '7', unit: unitIds.piece });
    expect(changed.status).toBe(200);
    expect(summaryOf(changed).product_ids).toHaveLength(1000);
  });
});

describe('DELETE /api/netb2b/favourite-lists/{id}/items/{product}/', () => {
  it('removes the line and answers the list; a product not on it is 404 not_on_list', async () => {
    const list = await createList('buyer', {
      items: [
        { product: 1, quantity: '1', unit: unitIds.piece },
        { product: 3, quantity: '1', unit: unitIds.piece },
      ],
    });
    server.clock.advance(1000);
    const answer = await call('buyer', 'DELETE', itemPath(list.id, 1));
    expect(answer.status).toBe(200);
    const summary = summaryOf(answer);
    expect(summary.product_ids).toEqual([3]);
    expect(summary.updated_at > list.updated_at).toBe(true);
    expectError(await call('buyer', 'DELETE', itemPath(list.id, 1)), 404, 'not_on_list');
  });

  it('is the owner’s only', async () => {
    expectError(await call('colleague', 'DELETE', itemPath(GUIDE, 11)), 403, 'not_owner');
    expectError(await call('colleague', 'DELETE', itemPath(WEEKLY, 1)), 404, 'not_found');
    expectError(await call('other', 'DELETE', itemPath(GUIDE, 11)), 404, 'not_found');
    expect((await listOf('buyer', GUIDE)).items).toHaveLength(6);
  });
});
