import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * E-mail addresses unique per user account (case-insensitive) and confirmations of a changed address.
 *
 * A password reset goes to the account that holds the address, so two accounts sharing one would
 * let one of them take the other's resets. Existing data may already hold such pairs: the oldest
 * account (lowest id, the one a reset reached so far) keeps the address and the others lose it
 * (e-mail ''), so their users, or their main user, enter a new address that is then confirmed.
 * Deleted users are anonymised with '' and the empty address is no one's, so both stay outside the
 * index. Addresses are ASCII (the forms and the wire accept nothing else), where lower() folds the
 * same in both engines.
 *
 * email_changes holds at most one pending change per user: the new address, the keyed hash of the
 * 6-digit code mailed to it, its expiry and tries, and how many codes were asked for lately.
 */
export function uniqueEmails(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update users set email = '' where deleted_at is null and email <> '' and exists (
          select 1 from users older
          where older.deleted_at is null and lower(older.email) = lower(users.email) and older.id < users.id
        )`.execute(db);
      await sql`create unique index idx_users_email_unique on users (lower(email))
          where deleted_at is null and email <> ''`.execute(db);

      await db.schema
        .createTable('email_changes')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('requests_since', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_changes').execute();
      await sql`drop index idx_users_email_unique`.execute(db);
    },
  };
}
