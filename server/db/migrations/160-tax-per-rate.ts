import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Decision 007: VAT per rate. An order line keeps the rate it was taxed at (a product's rate may
 * change later, an issued order's may not), and a fee becomes a line of its own with its rate and
 * the VAT it contains. Older rows keep null: they were stored under decision 005's rules.
 */
export function taxPerRate(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('order_items').addColumn('tax_rate_percent', types.money).execute();
      await db.schema.alterTable('extra_charges').addColumn('tax_rate_percent', types.money).execute();
      await db.schema.alterTable('extra_charges').addColumn('tax_amount', types.money).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('extra_charges').dropColumn('tax_amount').execute();
      await db.schema.alterTable('extra_charges').dropColumn('tax_rate_percent').execute();
      await db.schema.alterTable('order_items').dropColumn('tax_rate_percent').execute();
    },
  };
}
