import type { Kysely } from 'kysely';
import { addDays, toIsoDate } from '../../src/domain/dates';
import type { Database } from '../db/schema';
import { deliverSuborder } from './deliver-suborder';

/**
 * The retention rule that stands in for a delivery feed where there is none: a suborder whose
 * delivery date (the operator's estimate, else the order's expected date) is more than this many
 * days past counts as delivered. Without it every suborder would stay open work forever. A suborder
 * an ERP has reported on is the ERP's to close: the rule leaves it alone, whatever its state.
 */
export const DELIVERED_AFTER_DAYS = 14;

const BATCH_SIZE = 500;

/**
 * Marks delivered the suborders the retention rule closes at `now`, issues their invoices, and
 * answers how many. For the scheduled retention job (its options: rows per batch, and `keepGoing`,
 * asked between batches, false when the server is stopping). Works one operator at a time in
 * batches, each suborder in its own short transaction: the triggers of migration 150 then lock only
 * that operator's open-work row, for a moment, so orders placed meanwhile neither wait long nor
 * deadlock with the job.
 */
export async function closePastSuborders(
  db: Kysely<Database>,
  now: Date,
  { batchSize = BATCH_SIZE, keepGoing = () => true }: { batchSize?: number; keepGoing?: () => boolean } = {},
): Promise<number> {
  const cutoff = toIsoDate(addDays(now, -DELIVERED_AFTER_DAYS));
  const operators = await db.selectFrom('operators').select('id').orderBy('id').execute();
  let closed = 0;
  for (const operator of operators) {
    for (;;) {
      // the open ones only: idx_suborders_open holds them, whatever the history
      const picked = await db
        .selectFrom('suborders as s')
        .innerJoin('orders as o', 'o.id', 's.order_id')
        .select('s.id')
        .where('s.operator_id', '=', operator.id)
        .where('s.status', '<>', 'delivered')
        // a cancelled suborder never goes out, an invoiced one is closed (and either would be picked
        // again on every batch)
        .where('s.status', 'not in', ['invoiced', 'cancelled'])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('suborder_events as e').select('e.id').whereRef('e.suborder_id', '=', 's.id'),
            ),
          ),
        )
        .where((eb) =>
          eb(eb.fn.coalesce('s.estimated_delivery_date', 'o.expected_delivery_date'), '<', cutoff),
        )
        .limit(batchSize)
        .execute();
      let delivered = 0;
      for (const suborder of picked) if (await deliverSuborder(db, suborder.id, now)) delivered += 1;
      closed += delivered;
      if (!keepGoing()) return closed;
      if (picked.length < batchSize) break;
    }
  }
  return closed;
}
