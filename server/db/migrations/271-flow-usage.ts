import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * How often real customers took each transition of a flow, per UTC day (FLOW_USAGE_COUNTS=1 only):
 * the machine's id as the portal runs it, the transition's key (src/studio/flow-version.ts) and a
 * count the server adds to. Counts only: no user, no session, no payload. One row per day, machine
 * and transition, so concurrent reports add to the same row.
 */
export function flowUsage(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('flow_usage')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('machine', types.key, (c) => c.notNull())
        .addColumn('transition', types.key, (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('flow_usage_pkey', ['machine', 'day', 'transition'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('flow_usage').execute();
    },
  };
}
