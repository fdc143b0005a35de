import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Orders that change until their cut-off.
 * - `orders.version` counts the order's versions (1: never changed); a change or cancel moves it on
 *   with a guarded update, so two changes racing from several server processes cannot both land.
 * - `orders.cancelled_at`: when the buyer cancelled it (null: not cancelled).
 * - `order_versions` keeps each replaced version as the versions list answers it. Its lines are one
 *   JSON text (`lines`: product id and name, quantity, unit) rather than rows: a version is only ever
 *   read whole, never searched by line, and it must keep the product's name of that day; one text
 *   column is also the same on both engines.
 * - `order_items.pieces`: the primary units a line took out of stock, so a change or cancel gives
 *   back exactly what was taken even when the product's units changed since (null on older lines:
 *   their pieces are worked out from today's units).
 * - `operators.email`: where an operator is told that an order changed (null: not told by mail).
 * - A cancelled suborder is no open work: the open-work triggers of migration 150 count suborders
 *   neither delivered nor cancelled, so assignment does not keep avoiding an operator for orders
 *   that will never be delivered.
 */
export function orderVersions(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
      await db.schema.alterTable('order_items').addColumn('pieces', 'integer').execute();
      await db.schema.alterTable('operators').addColumn('email', 'text').execute();
      await db.schema
        .createTable('order_versions')
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('replaced_at', 'text', (c) => c.notNull())
        .addColumn('replaced_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('expected_delivery_date', 'text', (c) => c.notNull())
        .addColumn('total', types.money, (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_versions_pk', ['order_id', 'version'])
        .execute();
      await countOpenWork(db, ['delivered', 'cancelled']);
    },
    async down(db: Kysely<unknown>) {
      await countOpenWork(db, ['delivered']);
      await db.schema.dropTable('order_versions').execute();
      await db.schema.alterTable('operators').dropColumn('email').execute();
      await db.schema.alterTable('order_items').dropColumn('pieces').execute();
      await db.schema.alterTable('orders').dropColumn('cancelled_at').execute();
      await db.schema.alterTable('orders').dropColumn('version').execute();
    },
  };
}

/**
 * Redefines migration 150's open-work triggers so that suborders in any of `closed` statuses are
 * not open work, and recounts each operator's open suborders. The triggers are the same as 150's
 * otherwise (deferred to commit on PostgreSQL).
 */
export async function countOpenWork(db: Kysely<unknown>, closed: readonly string[]) {
  const list = closed.map((status) => `'${status}'`).join(', ');
  const open = (row: 'old' | 'new') => `${row}.status not in (${list})`;
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['suborders_open_insert', 'suborders_open_delete', 'suborders_open_update'])
      await sql.raw(`drop trigger ${name}`).execute(db);
    const increment = (operator: string) =>
      `insert into operator_open_work (operator_id, open_suborders) values (${operator}, 1)
         on conflict (operator_id) do update set open_suborders = open_suborders + 1;`;
    const decrement = (operator: string) =>
      `update operator_open_work set open_suborders = open_suborders - 1 where operator_id = ${operator};`;
    for (const statement of [
      `create trigger suborders_open_insert after insert on suborders when ${open('new')}
         begin ${increment('new.operator_id')} end`,
      `create trigger suborders_open_delete after delete on suborders when ${open('old')}
         begin ${decrement('old.operator_id')} end`,
      `create trigger suborders_open_update after update of status, operator_id on suborders
         when (${open('old')}) <> (${open('new')}) or old.operator_id <> new.operator_id
         begin
           update operator_open_work set open_suborders = open_suborders - 1
             where operator_id = old.operator_id and ${open('old')};
           insert into operator_open_work (operator_id, open_suborders)
             select new.operator_id, 1 where ${open('new')}
             on conflict (operator_id) do update set open_suborders = open_suborders + 1;
         end`,
    ])
      await sql.raw(statement).execute(db);
  } else {
    await sql
      .raw(`create or replace function count_open_suborders() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' and ${open('old')} then
            update operator_open_work set open_suborders = open_suborders - 1 where operator_id = old.operator_id;
          end if;
          if tg_op <> 'DELETE' and ${open('new')} then
            insert into operator_open_work as w (operator_id, open_suborders) values (new.operator_id, 1)
              on conflict (operator_id) do update set open_suborders = w.open_suborders + 1;
          end if;
          return null;
        end $$`)
      .execute(db);
    for (const name of ['suborders_open_insert', 'suborders_open_delete', 'suborders_open_update'])
      await sql.raw(`drop trigger ${name} on suborders`).execute(db);
    for (const statement of [
      `create constraint trigger suborders_open_insert after insert on suborders
         deferrable initially deferred for each row when (${open('new')})
         execute function count_open_suborders()`,
      `create constraint trigger suborders_open_delete after delete on suborders
         deferrable initially deferred for each row when (${open('old')})
         execute function count_open_suborders()`,
      `create constraint trigger suborders_open_update after update of status, operator_id on suborders
         deferrable initially deferred for each row
         when ((${open('old')}) <> (${open('new')}) or old.operator_id <> new.operator_id)
         execute function count_open_suborders()`,
    ])
      await sql.raw(statement).execute(db);
  }
  await sql`delete from operator_open_work`.execute(db);
  await sql
    .raw(`insert into operator_open_work (operator_id, open_suborders)
      select operator_id, count(*) from suborders where status not in (${list}) group by operator_id`)
    .execute(db);
}
