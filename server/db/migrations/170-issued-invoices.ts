import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Invoices as issued. An invoice (or a credit note correcting one) is stored once, with everything
 * it shows in `document` (JSON), so it never changes when the company, its addresses, the products
 * or the supplier's configuration do. Its number comes from invoice_number_counters, one row per
 * supplier and year, incremented in the transaction that inserts the invoice: a rolled-back issue
 * gives its number back, so the numbers have no gaps (a database sequence would leave them).
 * `issue_key` names what an automatic issue was for ('suborder:12'): unique, so two processes
 * delivering the same suborder issue one invoice; null for credit notes and manual issues.
 */
export function issuedInvoices(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('invoice_number_counters')
        .addColumn('supplier_key', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_number_counters_pk', ['supplier_key', 'year'])
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('supplier_key', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note')`))
        .addColumn('corrects_invoice_id', 'integer', (c) => c.references('invoices.id'))
        // no foreign keys to orders or companies: an issued invoice outlives whatever it was for
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('suborder_id', 'integer')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('issue_key', 'text', (c) => c.unique())
        .addColumn('issued_on', 'text', (c) => c.notNull())
        .addColumn('due_on', 'text', (c) => c.notNull())
        .addColumn('net_total', types.money, (c) => c.notNull())
        .addColumn('tax_total', types.money, (c) => c.notNull())
        .addColumn('gross_total', types.money, (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('invoices_number_unique', ['supplier_key', 'number'])
        .execute();
      await db.schema.createIndex('idx_invoices_order').on('invoices').columns(['order_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invoices').execute();
      await db.schema.dropTable('invoice_number_counters').execute();
    },
  };
}
