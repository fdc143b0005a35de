import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * A product owner signs a version of a flow off (the statechart studio): the machine's catalog name,
 * the version (12 hex digits of its shape, src/studio/flow-version.ts), their comment, who and when.
 * Sign-offs are never changed or deleted; the newest per machine is the one `npm run flows:check`
 * compares with. A signer removed with their account (a user without orders) leaves the sign-off
 * with no signer rather than taking it away: the history is the record of what was agreed.
 */
export function flowSignOffs(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('flow_sign_offs')
        .addColumn('id', 'integer', (c) => types.serialId(c))
        .addColumn('machine', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('signed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('flow_sign_offs_machine')
        .on('flow_sign_offs')
        .columns(['machine', 'signed_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('flow_sign_offs').execute();
    },
  };
}
