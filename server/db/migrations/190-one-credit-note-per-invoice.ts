import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * An invoice is cancelled by one credit note at most: unique on the invoice a document corrects.
 * Invoices themselves correct nothing (null), and a unique index admits any number of nulls in
 * both engines. Two processes cancelling the same invoice at once collide here; the loser rolls
 * back, the number it drew with it, and answers the winner's credit note.
 */
export function oneCreditNotePerInvoice(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('invoices_one_correction')
        .on('invoices')
        .column('corrects_invoice_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('invoices_one_correction').execute();
    },
  };
}
