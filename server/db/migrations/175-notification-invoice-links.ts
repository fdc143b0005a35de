import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * A notification that announces an invoice names the order it belongs to, so the portal can open
 * that invoice from the notification instead of sending the buyer to look for it. Null for every
 * other notification. No foreign key: like an issued invoice, a notification outlives its order's
 * other rows, and the invoice route checks the reader's company anyway.
 */
export function notificationInvoiceLinks(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').addColumn('invoice_order_id', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').dropColumn('invoice_order_id').execute();
    },
  };
}
