import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * The persisted cart (one per user, one line per product) and the Idempotency-Key record of
 * placed orders. The key row is written in the same transaction as its order, so a retried
 * submit either finds the first order or creates the only one.
 */
export function cartAndIdempotency(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cart_items')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
        .addColumn('quantity', types.quantity, (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        // The cart is keyed by product (spec point 3): the database refuses a second line.
        .addUniqueConstraint('cart_items_user_product', ['user_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('order_idempotency_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_idempotency_keys_pk', ['user_id', 'key'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_idempotency_keys').execute();
      await db.schema.dropTable('cart_items').execute();
    },
  };
}
