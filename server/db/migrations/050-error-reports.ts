import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Error reports sent by the portal (spec point 8, POST /api/errors/). `user_id` is null for a report
 * sent before anyone signed in (a failed sign-in) and stays when the user is deleted (set null).
 */
export function errorReports(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('error_reports')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('call', 'text')
        .addColumn('url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('error_reports').execute();
    },
  };
}
