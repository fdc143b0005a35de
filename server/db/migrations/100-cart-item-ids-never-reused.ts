import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Cart-item ids are never handed out twice: a second tab's stale DELETE of a
 * removed line must not hit the line another product got since. SQLite reuses the largest rowid
 * after it is deleted unless the key is AUTOINCREMENT, which a column cannot gain in place, so
 * the table is rebuilt with its rows (the ids kept). PostgreSQL's identity column never goes back:
 * nothing to do there.
 */
export function cartItemIdsNeverReused(types: ColumnTypes): Migration {
  const rebuild = async (db: Kysely<unknown>, autoIncrement: boolean) => {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
    await db.schema
      .createTable('cart_items_rebuilt')
      .addColumn('id', 'integer', (c) => (autoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
      .addColumn('quantity', types.quantity, (c) => c.notNull())
      .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('cart_items_user_product', ['user_id', 'product_id'])
      .execute();
    await sql`insert into cart_items_rebuilt (id, user_id, product_id, campaign_id, quantity, unit_id, created_at, updated_at)
      select id, user_id, product_id, campaign_id, quantity, unit_id, created_at, updated_at from cart_items`.execute(
      db,
    );
    await db.schema.dropTable('cart_items').execute();
    await db.schema.alterTable('cart_items_rebuilt').renameTo('cart_items').execute();
  };
  return {
    up: (db) => rebuild(db, true),
    down: (db) => rebuild(db, false),
  };
}
