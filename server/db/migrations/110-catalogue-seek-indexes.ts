import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Deep catalogue pages and short searches, fast under load.
 * - (category_id, brand_id, name_key, id) covers the count and the page seek of a list filtered by
 *   category and brand together; each alone already has its (…, name_key, id) index.
 * - (product_id, token) lets a short search walk products in name order and ask "has this product a
 *   word starting with …?" as one index probe; the primary key (token, product_id) cannot answer
 *   that for a one-letter prefix without reading tens of thousands of entries.
 * - catalogue_version counts changes to what a search matches on and to what a product list
 *   filters and orders by (names, codes, tokens, category, brand, campaign membership), bumped by
 *   triggers whoever writes, so the server can keep search ids and list orders in memory and know
 *   when they are stale. Stock and prices are not part of it: answers read them fresh.
 */
export function catalogueSeekIndexes(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('idx_products_category_brand_name')
        .on('products')
        .columns(['category_id', 'brand_id', 'name_key', 'id'])
        .execute();
      await db.schema
        .createIndex('idx_product_search_tokens_product')
        .on('product_search_tokens')
        .columns(['product_id', 'token'])
        .execute();
      await db.schema
        .createTable('catalogue_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into catalogue_version (id, version) values (1, 0)`.execute(db);
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        // SQLite has row triggers only; one bump per row written is a single-row update.
        for (const [name, event, table] of sqliteTriggers)
          await sql
            .raw(
              `create trigger ${name} after ${event} on ${table} begin update catalogue_version set version = version + 1 where id = 1; end`,
            )
            .execute(db);
      } else {
        await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
          begin update catalogue_version set version = version + 1 where id = 1; return null; end $$`.execute(
          db,
        );
        await sql`create trigger catalogue_version_products after insert or delete or update of name_key, stock_code_key, barcode, category_id, brand_id on products
          for each statement execute function bump_catalogue_version()`.execute(db);
        await sql`create trigger catalogue_version_tokens after insert or delete or update on product_search_tokens
          for each statement execute function bump_catalogue_version()`.execute(db);
        await sql`create trigger catalogue_version_campaign_prices after insert or delete or update of campaign_id, product_id on campaign_prices
          for each statement execute function bump_catalogue_version()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        for (const [name] of sqliteTriggers) await sql.raw(`drop trigger ${name}`).execute(db);
      } else {
        await sql`drop trigger catalogue_version_products on products`.execute(db);
        await sql`drop trigger catalogue_version_tokens on product_search_tokens`.execute(db);
        await sql`drop trigger catalogue_version_campaign_prices on campaign_prices`.execute(db);
        await sql`drop function bump_catalogue_version()`.execute(db);
      }
      await db.schema.dropTable('catalogue_version').execute();
      await db.schema.dropIndex('idx_product_search_tokens_product').execute();
      await db.schema.dropIndex('idx_products_category_brand_name').execute();
    },
  };
}

const sqliteTriggers = [
  ['catalogue_version_products_insert', 'insert', 'products'],
  ['catalogue_version_products_delete', 'delete', 'products'],
  [
    'catalogue_version_products_update',
    'update of name_key, stock_code_key, barcode, category_id, brand_id',
    'products',
  ],
  ['catalogue_version_tokens_insert', 'insert', 'product_search_tokens'],
  ['catalogue_version_tokens_delete', 'delete', 'product_search_tokens'],
  ['catalogue_version_tokens_update', 'update', 'product_search_tokens'],
  ['catalogue_version_campaign_prices_insert', 'insert', 'campaign_prices'],
  ['catalogue_version_campaign_prices_delete', 'delete', 'campaign_prices'],
  ['catalogue_version_campaign_prices_update', 'update of campaign_id, product_id', 'campaign_prices'],
] as const;
