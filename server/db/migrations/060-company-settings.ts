import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Settings: the company info's version (the optimistic lock of PUT company-info), its
 * ordered e-mail addresses, its delivery and billing addresses, and deleted users. A user whom orders
 * still reference is anonymised and marked deleted (`deleted_at`) instead of removed, so the orders
 * stay intact.
 */
export function companySettings(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('companies')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

      await db.schema
        .createTable('company_email_addresses')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('company_email_addresses_pk', ['company_id', 'position'])
        .execute();
      // The one address a company had so far becomes the first of its list.
      await sql`insert into company_email_addresses (company_id, position, email)
        select id, 0, email from companies where email <> ''`.execute(db);

      await db.schema
        .createTable('company_addresses')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('line1', 'text', (c) => c.notNull())
        .addColumn('line2', 'text', (c) => c.notNull())
        .addColumn('suburb', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('postal_code', 'text', (c) => c.notNull())
        .addColumn('instructions', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('idx_company_addresses_company')
        .on('company_addresses')
        .columns(['company_id', 'kind', 'position'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('company_addresses').execute();
      await db.schema.dropTable('company_email_addresses').execute();
      await db.schema.alterTable('users').dropColumn('deleted_at').execute();
      await db.schema.alterTable('companies').dropColumn('version').execute();
    },
  };
}
