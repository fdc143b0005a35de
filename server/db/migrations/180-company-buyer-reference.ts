import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * The buyer reference (EN 16931 BT-10) a customer asks to see on its invoices; for a German public
 * customer its Leitweg-ID, which XRechnung requires. A company with one is invoiced as a public
 * customer (its XRechnung is offered); '' for every other company.
 */
export function companyBuyerReference(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('companies')
        .addColumn('buyer_reference', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('companies').dropColumn('buyer_reference').execute();
    },
  };
}
