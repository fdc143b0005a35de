import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * What a supplier's own systems load through the integration API.
 * - `external_id`: the supplier's own key of a product, company, user, address, group, price or
 *   assortment. Null on rows the portal made itself (seed data before this migration, a company
 *   registered in the portal); unique where set, so every import row finds at most one row.
 * - `retired_at`: a snapshot import retires what its file no longer names instead of deleting it,
 *   since orders keep referring to products and companies. A retired product is not sold; a retired
 *   company's users cannot sign in.
 * - Products gain what EU food-information rules ask of distance selling (ingredients, allergens as
 *   a comma-separated list of codes) and an image by URL; each unit of a product its own GTIN, so a
 *   case code and a piece code find the right unit.
 * - `contract_prices`: a net price per primary unit for one customer (company) or one customer group,
 *   from `min_quantity` base units up (quantity tiers), valid between two calendar days (inclusive,
 *   null: open), with up to four places (a price per piece such as 0.3425), kept exactly as given.
 *   Resolved by `src/domain/contract-price.ts`.
 * - Assortments limit what a company sees and can order; a company in no assortment sees everything.
 * - `integration_keys`: one per connected system, stored as a SHA-256 digest (a key is random and long,
 *   so a slow hash adds nothing), with its scopes, revocable.
 * - `import_jobs`, `import_job_chunks` and `import_job_rows`: a job's state and progress, its file (in
 *   chunks of about a megabyte, in the database, so any server process on it can run the job and a
 *   large file is read a chunk at a time), and its per-row report. `seq`
 *   numbers report rows in the order they were decided (file rows first, then retirements), and the
 *   report is written in the same transaction as the rows it reports, so a job resumed after a crash
 *   neither loses nor repeats a row.
 * - `staff_users`: the supplier's staff, who run imports and keys in the staff console. They are not
 *   customers: no company, no cart, no orders.
 */
export function integration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['products', 'companies', 'users', 'company_addresses']) {
        await db.schema.alterTable(table).addColumn('external_id', types.key).execute();
        await db.schema
          .createIndex(`${table}_external_id`)
          .unique()
          .on(table)
          .column('external_id')
          .execute();
      }
      await db.schema.alterTable('products').addColumn('retired_at', 'text').execute();
      await db.schema
        .alterTable('products')
        .addColumn('ingredients', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('allergens', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('product_units').addColumn('gtin', 'text').execute();
      await db.schema.createIndex('product_units_gtin').on('product_units').column('gtin').execute();

      await db.schema
        .createTable('customer_groups')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('external_id', types.key, (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .execute();
      await db.schema
        .alterTable('companies')
        .addColumn('customer_group_id', 'integer', (c) => c.references('customer_groups.id'))
        .execute();
      await db.schema.alterTable('companies').addColumn('retired_at', 'text').execute();

      await db.schema
        .createTable('contract_prices')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('external_id', types.key, (c) => c.notNull().unique())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
        .addColumn('customer_group_id', 'integer', (c) =>
          c.references('customer_groups.id').onDelete('cascade'),
        )
        .addColumn('min_quantity', types.quantity, (c) => c.notNull().defaultTo('1'))
        .addColumn('price', types.unitPrice, (c) => c.notNull())
        .addColumn('valid_from', 'text')
        .addColumn('valid_to', 'text')
        .addColumn('retired_at', 'text')
        .addCheckConstraint(
          'contract_prices_one_scope',
          sql`(company_id is null) <> (customer_group_id is null)`,
        )
        .execute();
      await db.schema
        .createIndex('contract_prices_company')
        .on('contract_prices')
        .columns(['company_id', 'product_id'])
        .execute();
      await db.schema
        .createIndex('contract_prices_group')
        .on('contract_prices')
        .columns(['customer_group_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('assortments')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('external_id', types.key, (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .execute();
      await db.schema
        .createTable('assortment_products')
        .addColumn('assortment_id', 'integer', (c) =>
          c.notNull().references('assortments.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('assortment_products_pk', ['assortment_id', 'product_id'])
        .execute();
      await db.schema
        .createIndex('assortment_products_product')
        .on('assortment_products')
        .columns(['product_id', 'assortment_id'])
        .execute();
      await db.schema
        .createTable('company_assortments')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('assortment_id', 'integer', (c) =>
          c.notNull().references('assortments.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('company_assortments_pk', ['company_id', 'assortment_id'])
        .execute();

      await db.schema
        .createTable('integration_keys')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('key_digest', 'text', (c) => c.notNull().unique())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();

      await db.schema
        .createTable('staff_users')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('import_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('products', 'prices', 'assortments', 'customers')`),
        )
        .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('delta', 'snapshot')`))
        .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('json', 'csv', 'xlsx')`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`),
        )
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('file_digest', 'text', (c) => c.notNull())
        .addColumn('file_bytes', 'integer', (c) => c.notNull())
        .addColumn('rows_total', 'integer')
        .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('applied', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('import_jobs_created')
        .on('import_jobs')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createTable('import_job_chunks')
        .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
        .addColumn('chunk', 'integer', (c) => c.notNull())
        .addColumn('bytes', types.binary, (c) => c.notNull())
        .addPrimaryKeyConstraint('import_job_chunks_pk', ['job_id', 'chunk'])
        .execute();
      await db.schema
        .createTable('import_job_rows')
        .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('row_number', 'integer')
        .addColumn('external_id', types.key)
        .addColumn('outcome', 'text', (c) =>
          c.notNull().check(sql`outcome in ('applied', 'unchanged', 'refused', 'retired')`),
        )
        .addColumn('reason', 'text')
        .addColumn('detail', 'text')
        .addPrimaryKeyConstraint('import_job_rows_pk', ['job_id', 'seq'])
        .execute();
      await db.schema
        .createIndex('import_job_rows_external')
        .on('import_job_rows')
        .columns(['job_id', 'external_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'import_job_rows',
        'import_job_chunks',
        'import_jobs',
        'staff_users',
        'integration_keys',
        'company_assortments',
        'assortment_products',
        'assortments',
        'contract_prices',
      ])
        await db.schema.dropTable(table).execute();
      await db.schema.alterTable('companies').dropColumn('retired_at').execute();
      await db.schema.alterTable('companies').dropColumn('customer_group_id').execute();
      await db.schema.dropTable('customer_groups').execute();
      await db.schema.dropIndex('product_units_gtin').execute();
      await db.schema.alterTable('product_units').dropColumn('gtin').execute();
      for (const column of ['image_url', 'allergens', 'ingredients', 'retired_at'])
        await db.schema.alterTable('products').dropColumn(column).execute();
      for (const table of ['company_addresses', 'users', 'companies', 'products']) {
        await db.schema.dropIndex(`${table}_external_id`).execute();
        await db.schema.alterTable(table).dropColumn('external_id').execute();
      }
    },
  };
}
