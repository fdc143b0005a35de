import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Throttle counters in the database, shared by every server process (server/security/throttle):
 * one row per counted event of a bucket (a failed or in-flight credential check, or a request).
 * The id is a random text, not a sequence: rows come and go all the time and a 32-bit sequence
 * would run out.
 */
export function sharedThrottle(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('throttle_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('origin', 'text')
        .execute();
      // each check reads its buckets' recent rows; the purge deletes old rows of every bucket
      await db.schema
        .createIndex('idx_throttle_events_bucket_at')
        .on('throttle_events')
        .columns(['bucket', 'at'])
        .execute();
      await db.schema.createIndex('idx_throttle_events_at').on('throttle_events').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('throttle_events').execute();
    },
  };
}
