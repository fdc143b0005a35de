import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { issueSuborderInvoice } from '../invoices/issue-invoice';
import { CANCELLED_SUBORDER_STATUS } from './store-order';

/**
 * One suborder delivered together with its invoice, or neither: a crash or a failed issue between
 * the two would otherwise leave a delivered suborder that nothing invoices later. Answers false when
 * the suborder was delivered already (another process, or an earlier report, got there first): its
 * invoice was issued with that delivery; or when it was cancelled: nothing goes out, nothing is billed.
 */
export async function deliverSuborder(
  db: Kysely<Database>,
  suborderId: number,
  deliveredAt: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('suborders')
      .set({ status: 'delivered' })
      .where('id', '=', suborderId)
      .where('status', 'not in', ['delivered', CANCELLED_SUBORDER_STATUS])
      .returning('id')
      .execute();
    if (marked.length === 0) return false;
    await issueSuborderInvoice(trx, suborderId, { issuedAt: deliveredAt });
    return true;
  });
}
