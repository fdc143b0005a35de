import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * The minimum order value of a drop (one order: its day at its address). A route's is three nullable
 * columns on the route (no minimum: all null), since it is one of the route's settings and goes with
 * it when the supplier replaces the calendar. A company's own rule, which wins over its route's, is
 * a table of its own (a row only for the few companies the supplier sets one for): it is the
 * supplier's setting, not the company's profile, and stays when the calendar is replaced or removed.
 * `fee` is set exactly when `mode` is 'fee' (a net amount, taxed like the delivery fee).
 */
export function minimumOrder(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('delivery_routes').addColumn('minimum_order_value', types.money).execute();
      await db.schema
        .alterTable('delivery_routes')
        .addColumn('minimum_order_mode', 'text', (c) => c.check(sql`minimum_order_mode in ('block', 'fee')`))
        .execute();
      await db.schema.alterTable('delivery_routes').addColumn('minimum_order_fee', types.money).execute();
      await db.schema
        .createTable('company_minimum_orders')
        .addColumn('company_id', 'integer', (c) =>
          c.primaryKey().references('companies.id').onDelete('cascade'),
        )
        .addColumn('value', types.money, (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('block', 'fee')`))
        .addColumn('fee', types.money)
        .addCheckConstraint(
          'company_minimum_orders_fee_iff_mode_fee',
          sql`(mode = 'fee') = (fee is not null)`,
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('company_minimum_orders').execute();
      await db.schema.alterTable('delivery_routes').dropColumn('minimum_order_fee').execute();
      await db.schema.alterTable('delivery_routes').dropColumn('minimum_order_mode').execute();
      await db.schema.alterTable('delivery_routes').dropColumn('minimum_order_value').execute();
    },
  };
}
