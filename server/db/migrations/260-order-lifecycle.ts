import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';
import { countOpenWork } from './240-order-versions';

/**
 * Orders reach the supplier's ERP, and what happens to them comes back.
 * - `order_events` is the outbox: every order placed, changed or cancelled writes one row in the
 *   same transaction as the change. `seq` is the pull cursor (the writer holds a lock from the
 *   insert to the commit, so rows become visible in `seq` order); `id` ("evt_…") is the event's
 *   identity for receivers (Standard Webhooks' `webhook-id`). `payload` is the JSON body as sent.
 * - `webhook_endpoints` are the supplier's receivers with their signing secrets; a rotated secret
 *   is kept as `previous_secret` until `previous_secret_expires_at`, and requests carry both
 *   signatures meanwhile. `retired_at`: deleted (deliveries keep referring to it).
 * - `webhook_deliveries`: one row per event and endpoint, written with the event. A delivery is
 *   `pending` (due at `next_attempt_at`; taken by a worker while `lease_until` lies ahead),
 *   `delivered`, or `dead` after the configured number of tries (replay makes it pending again).
 *   Per endpoint an order's events go in `event_seq` order: a later one waits while an earlier one
 *   is not delivered.
 * - Suborders: `status` now holds the state of `src/machines/orders/suborder-life.machine.ts`
 *   ('processing' until the ERP reports; the seed's "in_delivery" becomes "shipped"); `external_id` is
 *   the ERP's own number once it gives one; `eta` and `delivery_note_number` come with the shipment.
 * - `suborder_events`: each report the ERP made of a suborder (type, the state after it, when it
 *   happened, its details as JSON), the suborder's timeline. `event_key` is the ERP's own id of the
 *   report: the same report sent twice is stored once.
 * - Order lines: what was delivered (`delivered_quantity`, in the line's unit), and a substitute the
 *   warehouse sent instead (product, quantity, unit).
 * - `finance_documents`: invoices and credit notes the ERP pushes with its own numbers, amounts, open
 *   balance and PDF, linked to orders through `finance_document_orders`.
 * - `notifications.order_id`: the order a notification is about (its status changed).
 * - A suborder delivered, invoiced or cancelled is no open work (the open-work triggers of
 *   migration 150 as redefined in 240).
 */
export function orderLifecycle(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_events')
        .addColumn('seq', 'integer', (c) => types.serialId(c))
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) =>
          c.notNull().check(sql`type in ('order.placed', 'order.amended', 'order.cancelled')`),
        )
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('order_version', 'integer', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_events_order')
        .on('order_events')
        .columns(['order_id', 'seq'])
        .execute();

      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'integer', (c) => types.serialId(c))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_expires_at', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'integer', (c) => types.serialId(c))
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id'))
        .addColumn('event_seq', 'integer', (c) => c.notNull().references('order_events.seq'))
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'delivered', 'dead')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'text')
        .addUniqueConstraint('webhook_deliveries_once', ['endpoint_id', 'event_seq'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_order')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'order_id', 'event_seq'])
        .execute();

      await db.schema.alterTable('suborders').addColumn('external_id', types.key).execute();
      await db.schema
        .createIndex('suborders_external_id')
        .unique()
        .on('suborders')
        .column('external_id')
        .execute();
      await db.schema.alterTable('suborders').addColumn('eta', 'text').execute();
      await db.schema.alterTable('suborders').addColumn('delivery_note_number', 'text').execute();
      await sql`update suborders set status = 'shipped' where status = 'in_delivery'`.execute(db);

      await db.schema
        .createTable('suborder_events')
        .addColumn('id', 'integer', (c) => types.serialId(c))
        .addColumn('suborder_id', 'integer', (c) => c.notNull().references('suborders.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('event_key', 'text')
        .execute();
      await db.schema
        .createIndex('suborder_events_suborder')
        .on('suborder_events')
        .columns(['suborder_id', 'id'])
        .execute();
      await db.schema
        .createIndex('suborder_events_once')
        .unique()
        .on('suborder_events')
        .columns(['suborder_id', 'event_key'])
        .execute();

      await db.schema.alterTable('order_items').addColumn('delivered_quantity', types.quantity).execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('substitute_product_id', 'integer', (c) => c.references('products.id'))
        .execute();
      await db.schema.alterTable('order_items').addColumn('substitute_quantity', types.quantity).execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('substitute_unit_id', 'integer', (c) => c.references('units.id'))
        .execute();

      await db.schema
        .createTable('finance_documents')
        .addColumn('id', 'integer', (c) => types.serialId(c))
        .addColumn('external_id', types.key, (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note')`))
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('corrects_external_id', 'text')
        .addColumn('issued_on', 'text', (c) => c.notNull())
        .addColumn('due_on', 'text')
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
        .addColumn('net_total', types.money, (c) => c.notNull())
        .addColumn('tax_total', types.money, (c) => c.notNull())
        .addColumn('gross_total', types.money, (c) => c.notNull())
        .addColumn('open_balance', types.money, (c) => c.notNull())
        .addColumn('pdf', types.binary)
        .addColumn('pdf_bytes', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('finance_documents_company')
        .on('finance_documents')
        .columns(['company_id', 'issued_on'])
        .execute();
      await db.schema
        .createTable('finance_document_orders')
        .addColumn('document_id', 'integer', (c) =>
          c.notNull().references('finance_documents.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addPrimaryKeyConstraint('finance_document_orders_pk', ['document_id', 'order_id'])
        .execute();
      await db.schema
        .createIndex('finance_document_orders_order')
        .on('finance_document_orders')
        .column('order_id')
        .execute();

      await db.schema
        .alterTable('notifications')
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .execute();

      await countOpenWork(db, ['delivered', 'invoiced', 'cancelled']);
    },
    async down(db: Kysely<unknown>) {
      await countOpenWork(db, ['delivered', 'cancelled']);
      await db.schema.alterTable('notifications').dropColumn('order_id').execute();
      await db.schema.dropTable('finance_document_orders').execute();
      await db.schema.dropTable('finance_documents').execute();
      for (const column of [
        'substitute_unit_id',
        'substitute_quantity',
        'substitute_product_id',
        'delivered_quantity',
      ])
        await db.schema.alterTable('order_items').dropColumn(column).execute();
      await db.schema.dropTable('suborder_events').execute();
      await sql`update suborders set status = 'processing' where status in ('received', 'confirmed', 'picking')`.execute(
        db,
      );
      await sql`update suborders set status = 'in_delivery' where status = 'shipped'`.execute(db);
      await sql`update suborders set status = 'delivered' where status = 'invoiced'`.execute(db);
      await db.schema.dropIndex('suborders_external_id').execute();
      for (const column of ['delivery_note_number', 'eta', 'external_id'])
        await db.schema.alterTable('suborders').dropColumn(column).execute();
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
      await db.schema.dropTable('order_events').execute();
    },
  };
}
