import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * The statechart studio: users who review the portal's flows as statecharts carry
 * `can_review_flows`, which the session's claims pass to the client to show the studio.
 */
export function flowReview(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('can_review_flows', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('can_review_flows').execute();
    },
  };
}
