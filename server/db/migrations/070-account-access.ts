import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Account access: refresh-token families (rotation and reuse detection), password-reset
 * codes (stored hashed) and the mail outbox. Instants are ISO-8601 text as everywhere else.
 */
export function accountAccess(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('refresh_token_families')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('current_jti', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('idx_refresh_token_families_user')
        .on('refresh_token_families')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('idx_password_resets_email')
        .on('password_resets')
        .column('email')
        .execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('send_error', 'text')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_outbox').execute();
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('refresh_token_families').execute();
    },
  };
}
