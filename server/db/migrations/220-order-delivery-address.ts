import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * The delivery address an order goes to, copied onto the order when it is placed: a company may
 * later edit or remove its address, and the order must still show where it was sent. `address_id`
 * names the company address it was copied from (no foreign key: the address may be removed since,
 * and the copy stays). An order without a row has no address of its own (older orders, and a
 * company with several delivery addresses whose order named none).
 */
export function orderDeliveryAddress(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_delivery_addresses')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('address_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('line1', 'text', (c) => c.notNull())
        .addColumn('line2', 'text', (c) => c.notNull())
        .addColumn('suburb', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('postal_code', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_delivery_addresses').execute();
    },
  };
}
