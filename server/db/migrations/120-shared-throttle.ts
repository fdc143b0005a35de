import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/** Throttle counters in the database, shared by every server process. */
export function sharedThrottle(_types: ColumnTypes): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
