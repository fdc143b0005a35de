import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Standing orders: a customer's series (the same lines every week or every second week on one
 * weekday, from a first delivery date to an end date or none) and its occurrences, one row per
 * series and delivery date (unique: the key that makes drafting and placing exactly-once between
 * processes). An occurrence row exists once something happened to that date (drafted, skipped, edited
 * for that delivery only, placed); the dates ahead are computed from the series. Lines are JSON
 * text with decimal strings (`[{product_id, quantity, unit, reference_price}]`), as few and as
 * whole as a favourite list's; an occurrence's `lines` is null while it follows its series.
 */
export function standingOrders(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('standing_orders')
        .addColumn('id', 'integer', (c) => types.serialId(c))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('interval_weeks', 'integer', (c) => c.notNull().check(sql`interval_weeks in (1, 2)`))
        .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 1 and 7`))
        .addColumn('first_delivery_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'paused', 'ended')`))
        .addColumn('address_id', 'integer')
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('standing_orders_company')
        .on('standing_orders')
        .columns(['company_id', 'id'])
        .execute();
      await db.schema
        .createTable('standing_order_occurrences')
        .addColumn('id', 'integer', (c) => types.serialId(c))
        .addColumn('series_id', 'integer', (c) =>
          c.notNull().references('standing_orders.id').onDelete('cascade'),
        )
        .addColumn('delivery_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`status in ('upcoming', 'draft', 'skipped', 'needs_review', 'placing', 'placed', 'failed')`,
            ),
        )
        .addColumn('cutoff_at', 'text', (c) => c.notNull())
        .addColumn('draft_at', 'text', (c) => c.notNull())
        .addColumn('lines', 'text')
        .addColumn('review_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('approved_at', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('failure', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('standing_order_occurrences_once', ['series_id', 'delivery_date'])
        .execute();
      await db.schema
        .createIndex('standing_order_occurrences_due')
        .on('standing_order_occurrences')
        .columns(['status', 'cutoff_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('standing_order_occurrences').execute();
      await db.schema.dropTable('standing_orders').execute();
    },
  };
}
