import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { inStartUpTransaction, startUpLocks } from '../db/start-up-lock';
import { issueOrderInvoices } from '../invoices/issue-invoice';
import {
  buildUserRows,
  companyAddressRows,
  companyEmailRows,
  companyRows,
  customerGroupRows,
} from './accounts';
import { insertInBatches } from './batches';
import { buildCampaigns } from './campaigns';
import { brandNames, categorySources } from './catalogue-source';
import { seedDeliveryCalendar, seedDeliveryCalendarOnce } from './delivery-calendar';
import { buildDocuments } from './documents';
import { buildFavouriteLists } from './favourites';
import { languageRows } from './languages';
import { buildAnnouncements, buildNotifications } from './messages';
import { buildOrders } from './orders';
import { buildProducts } from './products';
import { seedCatalogueTranslations } from './seed-translations';
import { buildStaffRows, seedDemoStaffOnce } from './staff';
import { buildSubstitutes } from './substitutes';
import { unitRows } from './units';
import { operatorRows, warehouseRows } from './warehouses';

export const DEFAULT_PRODUCT_COUNT = 360;
const SEED_MARKER = 'seeded_at';
/** set when the documents were seeded (with the rest, or later into an older database) */
const DOCUMENTS_MARKER = 'documents_seeded_at';
/** set when the reference data every portal needs (the languages) was loaded, with or without the demo */
const REFERENCE_MARKER = 'reference_seeded_at';

export interface SeedOptions {
  productCount?: number;
  now?: Date;
  /**
   * false (a production start without SEED_DEMO=1): only the reference data, no demo accounts,
   * whose passwords are published, and no demo catalogue
   */
  demo?: boolean;
}

export type SeedResult =
  | { seeded: true; products: number }
  | { seeded: false; seededAt: string }
  /** the demo was not asked for and the database holds none: only the reference data is there */
  | { seeded: false; demo: false };

const markerOf = async (db: Kysely<Database>, key: string) =>
  (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;

/**
 * Fills an empty database with the demo data, in one transaction. A database that already holds
 * the marker keeps its data and only gets the missing catalogue translations (idempotent), so
 * running it on every start is safe. Several processes starting at once on one new database wait
 * for each other (start-up-lock.ts): one seeds, the others find its marker.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  dialect: DialectName,
  { productCount = DEFAULT_PRODUCT_COUNT, now = new Date(), demo = true }: SeedOptions = {},
): Promise<SeedResult> {
  const existing = await markerOf(db, SEED_MARKER);
  if (!demo) {
    // A demo database started without SEED_DEMO keeps what it has (its languages included).
    if (existing) return { seeded: false, seededAt: existing };
    await inStartUpTransaction(db, dialect, startUpLocks.seed, (trx) => seedReferenceDataOnce(trx, now));
    return { seeded: false, demo: false };
  }
  if (existing) {
    // A database seeded before migration 030 gets the catalogue texts in nine languages too.
    await seedCatalogueTranslations(db);
    await seedDocumentsOnce(db, dialect, now);
    await seedDeliveryCalendarOnce(db, dialect, now);
    await seedDemoStaffOnce(db, now);
    return { seeded: false, seededAt: existing };
  }

  // Hashing is slow on purpose; do it before the transaction holds the write lock.
  const users = await buildUserRows(now);
  const catalogue = buildProducts(productCount, now);
  const { campaigns, prices } = buildCampaigns(catalogue.products, now);
  const orders = buildOrders(catalogue.products, catalogue.units, now);
  const { announcements, reads } = buildAnnouncements(now);
  const favourites = buildFavouriteLists(now);
  const documents = await buildDocuments(catalogue.products, catalogue.units, now);
  const staff = await buildStaffRows(now);

  const result = await inStartUpTransaction(db, dialect, startUpLocks.seed, async (trx) => {
    // another process may have seeded while this one built its rows
    const seededMeanwhile = await markerOf(trx, SEED_MARKER);
    if (seededMeanwhile) return { seeded: false, seededAt: seededMeanwhile } as const;
    await trx.insertInto('meta').values({ key: SEED_MARKER, value: now.toISOString() }).execute();
    await seedReferenceDataOnce(trx, now);
    await insertInBatches(trx, 'customer_groups', customerGroupRows);
    await insertInBatches(trx, 'companies', companyRows);
    await insertInBatches(trx, 'company_email_addresses', companyEmailRows);
    // no explicit ids: the engines number them, so no identity sequence needs advancing
    for (const address of companyAddressRows)
      await trx.insertInto('company_addresses').values(address).execute();
    await insertInBatches(trx, 'users', users);
    await insertInBatches(trx, 'staff_users', staff);
    await insertInBatches(trx, 'units', unitRows);
    await insertInBatches(
      trx,
      'brands',
      brandNames.map((name, index) => ({ id: index + 1, name })),
    );
    await insertInBatches(
      trx,
      'categories',
      categorySources.map(({ id, name }) => ({ id, name })),
    );
    await insertInBatches(trx, 'warehouses', warehouseRows);
    await insertInBatches(trx, 'operators', operatorRows);
    await seedDeliveryCalendar(trx, now);
    await insertInBatches(trx, 'products', catalogue.products);
    await insertInBatches(trx, 'product_units', catalogue.units);
    await insertInBatches(trx, 'product_search_tokens', catalogue.tokens);
    await insertInBatches(trx, 'product_substitutes', buildSubstitutes(catalogue.products));
    await insertInBatches(trx, 'campaigns', campaigns);
    await insertInBatches(trx, 'campaign_prices', prices);
    await insertInBatches(trx, 'orders', orders.orders);
    await insertInBatches(trx, 'suborders', orders.suborders);
    await insertInBatches(trx, 'order_items', orders.items);
    await insertInBatches(trx, 'extra_charges', orders.charges);
    await insertInBatches(trx, 'suborder_events', orders.events);
    await insertInBatches(trx, 'notifications', buildNotifications(now));
    await insertInBatches(trx, 'announcements', announcements);
    await insertInBatches(trx, 'announcement_reads', reads);
    await insertInBatches(trx, 'favourite_lists', favourites.lists);
    await insertInBatches(trx, 'favourite_list_items', favourites.items);
    await insertInBatches(trx, 'documents', documents.documents);
    await insertInBatches(trx, 'document_translations', documents.translations);
    await trx.insertInto('meta').values({ key: DOCUMENTS_MARKER, value: now.toISOString() }).execute();
    await seedCatalogueTranslations(trx);
    // the finalized orders' invoices, issued as the server issues them, dated their finalization
    for (const order of orders.orders)
      if (order.finalized_at)
        await issueOrderInvoices(trx, order.id as number, {
          issuedAt: new Date(order.finalized_at),
          announce: false,
        });
    if (dialect === 'postgres') await advanceIdentitySequences(trx, tablesWithGeneratedIds);
    return { seeded: true, products: catalogue.products.length } as const;
  });
  if (!result.seeded) return result;
  // Fresh statistics (and, in PostgreSQL, a visibility map for index-only scans), or the planners
  // guess table sizes and pick slow plans for the search.
  await (dialect === 'postgres'
    ? sql`vacuum analyze products, product_units, product_search_tokens, campaign_prices`
    : sql`analyze`
  ).execute(db);
  return result;
}

/**
 * What the portal needs to run at all, also without the demo: the languages (the login screen
 * lists them, a user's language must be one of them). Once only, so languages an operator removed
 * stay removed; a production database may have got them before the demo was asked for.
 */
async function seedReferenceDataOnce(trx: Kysely<Database>, now: Date) {
  if (await markerOf(trx, REFERENCE_MARKER)) return;
  await trx.insertInto('meta').values({ key: REFERENCE_MARKER, value: now.toISOString() }).execute();
  await trx
    .insertInto('languages')
    .values(languageRows)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

const tablesWithGeneratedIds = [
  'customer_groups',
  'companies',
  'users',
  'products',
  'orders',
  'suborders',
  'order_items',
  'extra_charges',
  'notifications',
  'announcements',
  'favourite_lists',
  'documents',
] as const;

/** The seed sets ids itself; PostgreSQL's identity sequences must continue after them. */
async function advanceIdentitySequences(
  db: Kysely<Database>,
  tables: readonly (typeof tablesWithGeneratedIds)[number][],
) {
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/**
 * A database seeded before migration 080 gets the published documents once (its favourite lists
 * stay empty: they are the users' own). The products the files show are read from the database.
 */
async function seedDocumentsOnce(db: Kysely<Database>, dialect: DialectName, now: Date) {
  if (await markerOf(db, DOCUMENTS_MARKER)) return;
  const products = await db.selectFrom('products').selectAll().where('id', '<=', 40).orderBy('id').execute();
  const units = await db
    .selectFrom('product_units')
    .selectAll()
    .where('product_id', '<=', 40)
    .orderBy('product_id')
    .orderBy('unit_id')
    .execute();
  const documents = await buildDocuments(products, units, now);
  await inStartUpTransaction(db, dialect, startUpLocks.seed, async (trx) => {
    if (await markerOf(trx, DOCUMENTS_MARKER)) return;
    await trx.insertInto('meta').values({ key: DOCUMENTS_MARKER, value: now.toISOString() }).execute();
    // only when no document has the seeded ids (somebody may have published their own)
    if (await trx.selectFrom('documents').select('id').executeTakeFirst()) return;
    await insertInBatches(trx, 'documents', documents.documents);
    await insertInBatches(trx, 'document_translations', documents.translations);
    if (dialect === 'postgres') await advanceIdentitySequences(trx, ['documents']);
  });
}
