import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Substitutes: the supplier's alternatives for a product (from the products import's `substitutes`
 * column, in rank order, each with a reason), a company's and a user's "never offer substitutes", and
 * on a cart line and an order line the product the buyer first asked for (`substitute_for`), so an
 * order records what was asked for and what was taken instead.
 */
export function substitutes(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product_substitutes')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('substitute_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_substitutes_pkey', ['product_id', 'substitute_id'])
        .execute();
      await db.schema
        .alterTable('companies')
        .addColumn('forbids_substitutes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('forbids_substitutes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('cart_items').addColumn('substitute_for', 'integer').execute();
      await db.schema.alterTable('order_items').addColumn('substitute_for', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('order_items').dropColumn('substitute_for').execute();
      await db.schema.alterTable('cart_items').dropColumn('substitute_for').execute();
      await db.schema.alterTable('users').dropColumn('forbids_substitutes').execute();
      await db.schema.alterTable('companies').dropColumn('forbids_substitutes').execute();
      await db.schema.dropTable('product_substitutes').execute();
    },
  };
}
