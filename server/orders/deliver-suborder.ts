import type { Kysely } from 'kysely';
import { closedSuborderStates } from '../../src/machines/orders/suborder-life';
import { lockRow } from '../db/row-lock';
import type { Database } from '../db/schema';
import { issueSuborderInvoice } from '../invoices/issue-invoice';
import { finalizeOrderIfDone } from '../suborders/finalize-order';

/**
 * One suborder delivered together with its invoice, or neither: a crash or a failed issue between
 * the two would otherwise leave a delivered suborder that nothing invoices later. Answers false when
 * the suborder was delivered already (another process, or an earlier report, got there first): its
 * invoice was issued with that delivery; or when it was cancelled (nothing goes out, nothing is
 * billed) or invoiced by the ERP (which bills it itself). The order is finalized with its last open
 * suborder.
 */
export async function deliverSuborder(
  db: Kysely<Database>,
  suborderId: number,
  deliveredAt: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('suborders')
      .select('order_id')
      .where('id', '=', suborderId)
      .executeTakeFirst();
    if (!owner) return false;
    // the order's row first, as an order change and an ERP report take them: none waits for the other
    await lockRow(trx, 'orders', owner.order_id);
    const marked = await trx
      .updateTable('suborders')
      .set({ status: 'delivered' })
      .where('id', '=', suborderId)
      .where('status', 'not in', closedSuborderStates)
      .returning('id')
      .execute();
    if (marked.length === 0) return false;
    await issueSuborderInvoice(trx, suborderId, { issuedAt: deliveredAt });
    await finalizeOrderIfDone(trx, owner.order_id, deliveredAt);
    return true;
  });
}
