import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** "2026-000001": the year of the invoice date and its place in that year's sequence. */
export const formatInvoiceNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of the supplier's sequence for `year`, taken in the caller's transaction: one
 * upsert, which on PostgreSQL holds the counter row's lock until the transaction ends (a concurrent
 * issue waits, then sees the incremented value) and on SQLite runs under the one write lock. A
 * transaction that rolls back gives its number back, so the issued numbers have no gaps.
 */
export async function nextInvoiceNumber(trx: Kysely<Database>, supplierKey: string, year: number) {
  const { last_number } = await trx
    .insertInto('invoice_number_counters')
    .values({ supplier_key: supplierKey, year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['supplier_key', 'year'])
        .doUpdateSet((eb) => ({ last_number: eb('invoice_number_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(year, Number(last_number));
}
