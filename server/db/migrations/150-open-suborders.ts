import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Operator assignment over open work only. Assignment picks the operator with the fewest suborders
 * not yet delivered; counting them on every order and preview grew with the order history.
 * - operator_open_work keeps that number per operator, changed by triggers on suborders whoever
 *   writes (an order, the seed, a delivery feed, a cascade from a deleted order), each change a
 *   single-row atomic update, so several server processes keep it right together.
 * - On PostgreSQL the triggers are deferred to commit: an order's transaction then holds an
 *   operator's row lock only while it commits, not while it writes its items and stock, so
 *   concurrent orders for one operator do not queue behind each other. SQLite has one writer anyway.
 * - idx_suborders_open (a partial index) holds only suborders not delivered, so the job that
 *   closes past suborders (close-past-suborders.ts) reads open work, not history.
 */
export function openSuborders(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_open_work')
        .addColumn('operator_id', 'integer', (c) =>
          c.primaryKey().references('operators.id').onDelete('cascade'),
        )
        .addColumn('open_suborders', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into operator_open_work (operator_id, open_suborders)
        select operator_id, count(*) from suborders where status <> 'delivered' group by operator_id`.execute(
        db,
      );
      await db.schema
        .createIndex('idx_suborders_open')
        .on('suborders')
        .column('operator_id')
        .where(sql.ref('status'), '<>', 'delivered')
        .execute();

      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        for (const statement of sqliteTriggers) await sql.raw(statement).execute(db);
        return;
      }
      await sql`create function count_open_suborders() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' and old.status <> 'delivered' then
            update operator_open_work set open_suborders = open_suborders - 1 where operator_id = old.operator_id;
          end if;
          if tg_op <> 'DELETE' and new.status <> 'delivered' then
            insert into operator_open_work as w (operator_id, open_suborders) values (new.operator_id, 1)
              on conflict (operator_id) do update set open_suborders = w.open_suborders + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create constraint trigger suborders_open_insert after insert on suborders
        deferrable initially deferred for each row when (new.status <> 'delivered')
        execute function count_open_suborders()`.execute(db);
      await sql`create constraint trigger suborders_open_delete after delete on suborders
        deferrable initially deferred for each row when (old.status <> 'delivered')
        execute function count_open_suborders()`.execute(db);
      await sql`create constraint trigger suborders_open_update after update of status, operator_id on suborders
        deferrable initially deferred for each row
        when ((old.status <> 'delivered') <> (new.status <> 'delivered') or old.operator_id <> new.operator_id)
        execute function count_open_suborders()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        for (const name of ['suborders_open_insert', 'suborders_open_delete', 'suborders_open_update'])
          await sql.raw(`drop trigger ${name}`).execute(db);
      } else {
        await sql`drop trigger suborders_open_insert on suborders`.execute(db);
        await sql`drop trigger suborders_open_delete on suborders`.execute(db);
        await sql`drop trigger suborders_open_update on suborders`.execute(db);
        await sql`drop function count_open_suborders()`.execute(db);
      }
      await db.schema.dropIndex('idx_suborders_open').execute();
      await db.schema.dropTable('operator_open_work').execute();
    },
  };
}

const increment = (operator: string) =>
  `insert into operator_open_work (operator_id, open_suborders) values (${operator}, 1)
     on conflict (operator_id) do update set open_suborders = open_suborders + 1;`;
const decrement = (operator: string) =>
  `update operator_open_work set open_suborders = open_suborders - 1 where operator_id = ${operator};`;

const sqliteTriggers = [
  `create trigger suborders_open_insert after insert on suborders when new.status <> 'delivered'
     begin ${increment('new.operator_id')} end`,
  `create trigger suborders_open_delete after delete on suborders when old.status <> 'delivered'
     begin ${decrement('old.operator_id')} end`,
  `create trigger suborders_open_update after update of status, operator_id on suborders
     when (old.status <> 'delivered') <> (new.status <> 'delivered') or old.operator_id <> new.operator_id
     begin
       update operator_open_work set open_suborders = open_suborders - 1
         where operator_id = old.operator_id and old.status <> 'delivered';
       insert into operator_open_work (operator_id, open_suborders)
         select new.operator_id, 1 where new.status <> 'delivered'
         on conflict (operator_id) do update set open_suborders = open_suborders + 1;
     end`,
];
