import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Decision 005 (one price basis per customer): an order remembers the basis its figures are on
 * ('gross' or 'net'), each order item its deposit on that basis, and each extra charge a stable code
 * so answers can name it in the reader's language. All nullable: older orders have none of them.
 */
export function priceBasis(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('price_basis', sql`text`).execute();
      await db.schema.alterTable('order_items').addColumn('deposit_amount', types.money).execute();
      await db.schema.alterTable('extra_charges').addColumn('code', sql`text`).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('extra_charges').dropColumn('code').execute();
      await db.schema.alterTable('order_items').dropColumn('deposit_amount').execute();
      await db.schema.alterTable('orders').dropColumn('price_basis').execute();
    },
  };
}
