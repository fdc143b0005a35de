import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/** Operator assignment over open work only. */
export function openSuborders(_types: ColumnTypes): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
