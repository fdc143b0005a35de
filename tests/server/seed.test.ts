import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { countOf } from '../../server/queries/decimals';
import { verifyPassword } from '../../server/security/passwords';
import { seedDatabase } from '../../server/seed';

let database: ScratchDatabase;
beforeAll(async () => {
  database = await createScratchDatabase();
});
afterAll(() => database.drop());

const tables = [
  'languages',
  'companies',
  'users',
  'units',
  'brands',
  'categories',
  'warehouses',
  'operators',
  'products',
  'product_units',
  'product_search_tokens',
  'campaigns',
  'campaign_prices',
  'orders',
  'suborders',
  'order_items',
  'extra_charges',
  'notifications',
  'announcements',
  'favourite_lists',
  'favourite_list_items',
  'documents',
  'document_translations',
] as const;

async function countRows() {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { n } = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = countOf(n as number | string);
  }
  return counts;
}

describe('the demo seed', () => {
  it('fills an empty database, and a second run changes nothing', async () => {
    const first = await seedDatabase(database.db, database.dialect);
    expect(first).toMatchObject({ seeded: true });
    const counts = await countRows();
    const second = await seedDatabase(database.db, database.dialect);
    expect(second.seeded).toBe(false);
    expect(await countRows()).toEqual(counts);
  });

  it('has the catalogue size the issues ask for', async () => {
    const counts = await countRows();
    expect(counts.products).toBeGreaterThanOrEqual(300);
    expect(counts.brands).toBeGreaterThanOrEqual(12);
    expect(counts.categories).toBeGreaterThanOrEqual(10);
    expect(counts.campaigns).toBeGreaterThanOrEqual(3);
    expect(counts.warehouses).toBeGreaterThanOrEqual(2);
    expect(counts.languages).toBe(9);
    expect(counts.product_units).toBe(3 * (counts.products ?? 0));
  });

  it('has exactly the seven demo accounts, with working passwords and the right flags', async () => {
    const users = await database.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'username',
        'password_hash',
        'is_active',
        'is_demo',
        'can_review_flows',
        'language',
        'company_id',
        'companies.tax_applies',
        'companies.customer_type',
      ])
      .orderBy('users.id')
      .execute();
    expect(users.map((u) => u.username)).toEqual([
      'buyer',
      'colleague',
      'other',
      'demo',
      'inactive',
      'private',
      'owner',
    ]);
    for (const user of users)
      expect(await verifyPassword(`${user.username}123`, user.password_hash)).toBe(true);
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(byName.colleague?.company_id).toBe(byName.buyer?.company_id);
    expect(byName.other?.company_id).not.toBe(byName.buyer?.company_id);
    expect(byName.inactive?.is_active).toBe(0);
    expect(byName.demo?.is_demo).toBe(1);
    // the statechart studio is for the buyer and the product owner only
    expect(users.filter((u) => u.can_review_flows === 1).map((u) => u.username)).toEqual(['buyer', 'owner']);
    expect(byName.buyer).toMatchObject({ tax_applies: 1, customer_type: 'corporate', language: 'en' });
    expect(byName.private).toMatchObject({ tax_applies: 0, customer_type: 'individual', language: 'de' });
  });

  it('names products with diacritics, prices them exactly and uses both tax rates', async () => {
    const products = await database.db
      .selectFrom('products')
      .select([
        'name',
        'price',
        'old_price',
        'tax_rate_percent',
        'deposit_price',
        'category_id',
        'quantity_in_stock',
      ])
      .execute();
    for (const word of ['Käse', 'Çay', 'Crème fraîche'])
      expect(products.some((p) => p.name.includes(word))).toBe(true);
    expect(new Set(products.map((p) => Number(p.tax_rate_percent)))).toEqual(new Set([7, 19]));
    expect(products.every((p) => /^\d+\.\d{2}$/.test(String(p.price)))).toBe(true);
    expect(products.some((p) => p.old_price !== null)).toBe(true);
    expect(products.some((p) => p.quantity_in_stock === 0)).toBe(true);
    const withDeposit = products.filter((p) => Number(p.deposit_price) > 0);
    expect(withDeposit.length).toBeGreaterThan(0);
    // Deposits only on the drink categories.
    expect(new Set(withDeposit.map((p) => p.category_id))).toEqual(new Set([2, 13]));
  });

  it('chains units piece → box → pallet and bottle → crate → pallet', async () => {
    const units = await database.db.selectFrom('units').selectAll().orderBy('id').execute();
    const byId = new Map(units.map((u) => [u.id, u]));
    const chain = (id: number): string[] => {
      const unit = byId.get(id);
      return unit ? [...(unit.base_id ? chain(unit.base_id) : []), unit.name] : [];
    };
    const tops = units.filter((u) => !units.some((other) => other.base_id === u.id));
    expect(tops.map((u) => chain(u.id).join(' → '))).toEqual([
      'piece → box → pallet',
      'bottle → crate → pallet',
    ]);
    expect(units.filter((u) => u.is_primary === 1).map((u) => u.name)).toEqual(['piece', 'bottle']);
  });

  it('gives the buyer’s company past orders with suborders per warehouse, items and extra charges', async () => {
    const orders = await database.db.selectFrom('orders').selectAll().where('company_id', '=', 1).execute();
    expect(orders.length).toBeGreaterThanOrEqual(5);
    const suborders = await database.db
      .selectFrom('suborders')
      .select(['order_id', 'warehouse_id', 'operator_id'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(new Set(suborders.map((s) => s.warehouse_id)).size).toBeGreaterThanOrEqual(2);
    const perOrder = new Map<number, number[]>();
    for (const s of suborders)
      perOrder.set(s.order_id, [...(perOrder.get(s.order_id) ?? []), s.warehouse_id]);
    for (const warehouses of perOrder.values()) expect(new Set(warehouses).size).toBe(warehouses.length);
    expect((await countRows()).extra_charges).toBeGreaterThan(0);
    expect(orders.some((o) => o.is_finalized === 1) && orders.some((o) => o.is_finalized === 0)).toBe(true);
  });

  it('gives the Lindenhof users favourite lists and publishes real PDF documents', async () => {
    const lists = await database.db
      .selectFrom('favourite_lists as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.id', 'l.name', 'l.shared', 'u.username'])
      .orderBy('l.id')
      .execute();
    expect(lists).toEqual([
      { id: 1, name: 'Weekly order', shared: 0, username: 'buyer' },
      { id: 2, name: 'Standard order guide', shared: 1, username: 'buyer' },
      { id: 3, name: 'My usuals', shared: 0, username: 'colleague' },
      { id: 4, name: 'Imbiss basics', shared: 1, username: 'other' },
    ]);
    const lines = await database.db
      .selectFrom('favourite_list_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.list_id', 'p.quantity_in_stock'])
      .execute();
    const weekly = lines.filter((line) => line.list_id === 1);
    expect(weekly).toHaveLength(8);
    expect(weekly.filter((line) => line.quantity_in_stock === 0)).toHaveLength(1);
    expect(lines.filter((line) => line.list_id === 2)).toHaveLength(6);

    const documents = await database.db
      .selectFrom('documents')
      .select(['type', 'company_id', 'content', 'size', 'content_type'])
      .orderBy('id')
      .execute();
    expect(documents.map((d) => [d.type, d.company_id])).toEqual([
      ['price_list', null],
      ['data_sheet', null],
      ['data_sheet', null],
      ['terms', null],
      ['certificate', null],
      ['price_list', 1],
    ]);
    for (const document of documents) {
      expect(Buffer.from(document.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(document.size)).toBe(document.content.byteLength);
      expect(document.content_type).toBe('application/pdf');
    }
    expect((await countRows()).document_translations).toBe(6 * 9);
  });

  it('publishes the documents once into a database seeded before migration 080', async () => {
    const db = database.db;
    const before = await countRows();
    await db.deleteFrom('documents').execute();
    await db.deleteFrom('meta').where('key', '=', 'documents_seeded_at').execute();
    expect((await seedDatabase(db, database.dialect)).seeded).toBe(false);
    expect(await countRows()).toEqual(before);
    const ids = (await db.selectFrom('documents').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('seeds a large catalogue on request', async () => {
    const large = await createScratchDatabase();
    try {
      const result = await seedDatabase(large.db, large.dialect, { productCount: 2000 });
      expect(result).toEqual({ seeded: true, products: 2000 });
      const codes = await large.db.selectFrom('products').select('stock_code').execute();
      expect(new Set(codes.map((c) => c.stock_code)).size).toBe(2000);
    } finally {
      await large.drop();
    }
  }, 60_000); // a second database and 2,000 products: slow on a busy PostgreSQL server
});
