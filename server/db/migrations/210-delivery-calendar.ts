import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * The supplier's delivery calendar. A route is served on fixed ISO weekdays (`weekdays`: '2,5' for
 * Tuesday and Friday), takes orders until its cut-off (`cutoff_days_before` days before the delivery
 * day at `cutoff_time`, 'HH:MM' in the supplier's time zone) and needs `lead_days` more; a warehouse
 * adds its own lead days; closures are days nobody delivers, everywhere (`region` null) or in one
 * region. A delivery address is on at most one route. The time zone is one row (id 1): its absence
 * means the supplier has configured no calendar, and the specification's date rule holds. Its
 * `version` moves with every change, so a reader of several tables can tell it read one calendar.
 * Route ids are the supplier's own numbers (its ERP's route numbers), so no identity column.
 */
export function deliveryCalendar(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('delivery_calendar_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Berlin'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('delivery_routes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('weekdays', 'text', (c) => c.notNull())
        .addColumn('cutoff_days_before', 'integer', (c) =>
          c.notNull().check(sql`cutoff_days_before between 0 and 7`),
        )
        .addColumn('cutoff_time', 'text', (c) => c.notNull())
        .addColumn('lead_days', 'integer', (c) => c.notNull().defaultTo(0).check(sql`lead_days >= 0`))
        .execute();
      await db.schema
        .alterTable('warehouses')
        .addColumn('lead_days', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('delivery_closures')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('publicHoliday', 'closure')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('region', 'text')
        .execute();
      // NULLs are distinct in a plain unique index on both engines: one closure per day everywhere
      // needs the expression.
      await sql`create unique index delivery_closures_date_region on delivery_closures (date, coalesce(region, ''))`.execute(
        db,
      );
      // Checked in code as well (setting null when a route goes), so both engines behave alike
      // whether or not SQLite enforces foreign keys on a connection.
      await db.schema
        .alterTable('company_addresses')
        .addColumn('route_id', 'integer', (c) => c.references('delivery_routes.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('idx_company_addresses_route')
        .on('company_addresses')
        .column('route_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('idx_company_addresses_route').execute();
      await db.schema.alterTable('company_addresses').dropColumn('route_id').execute();
      await db.schema.dropTable('delivery_closures').execute();
      await db.schema.alterTable('warehouses').dropColumn('lead_days').execute();
      await db.schema.dropTable('delivery_routes').execute();
      await db.schema.dropTable('delivery_calendar_settings').execute();
    },
  };
}
