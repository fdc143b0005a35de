import type { Kysely } from 'kysely';
import { closedSuborderStates } from '../../src/machines/orders/suborder-life';
import type { Database } from '../db/schema';

/**
 * Finalizes the order (the specification's "closed") once none of its suborders is open work any
 * more: each delivered, invoiced or cancelled, whoever reported it (the ERP, the supplier API, the
 * retention rule). Call it in the transaction that closed a suborder, after the change. An order
 * finalized already keeps its first finalized_at. Answers whether this call finalized it.
 */
export async function finalizeOrderIfDone(trx: Kysely<Database>, orderId: number, now: Date) {
  const result = await trx
    .updateTable('orders')
    .set({ is_finalized: 1, finalized_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('is_finalized', '=', 0)
    .where((eb) => eb.exists(eb.selectFrom('suborders').select('id').where('order_id', '=', orderId)))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('suborders')
            .select('id')
            .where('order_id', '=', orderId)
            .where('status', 'not in', closedSuborderStates),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
