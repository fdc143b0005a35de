import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CurrentUser } from '../http/app-env';
import { deliverQueuedMail } from '../mail/outbox';
import { recordOrderEvent } from '../order-events/record-order-event';
import { figuresChanged } from '../search/search-answers';
import { claimVersion, refuseStaleOrLate, refuseUnlessAmendable } from './order-change-guard';
import { queueOrderChangeMails } from './order-change-mail';
import { currentVersionContent, keepReplacedVersion } from './order-versions';
import type { ConfirmationSending } from './place-order';
import { CANCELLED_SUBORDER_STATUS, giveStockBack } from './store-order';

/**
 * Cancels the company's order until its cut-off, from the version the buyer saw: in one
 * transaction that claims the version (so a change racing it cannot also land), keeps the version
 * it replaces, gives the stock back, marks the order and its suborders cancelled and queues the
 * operators' mails. The lines stay, so the order detail still shows what was ordered.
 */
export async function cancelOrder(
  db: Kysely<Database>,
  user: CurrentUser,
  orderId: number,
  version: number,
  now: Date,
  sending: ConfirmationSending = { send: undefined, clock: () => now },
): Promise<void> {
  await refuseStaleOrLate(db, user.companyId, orderId, version, now);
  const mails = await db.transaction().execute(async (trx) => {
    const next = await claimVersion(trx, orderId, version);
    await refuseUnlessAmendable(trx, orderId, now);
    const before = await currentVersionContent(trx, orderId);
    await keepReplacedVersion(trx, { orderId, version, by: user.id, at: now }, before);
    await giveStockBack(trx, orderId, now);
    const suborders = await trx
      .updateTable('suborders')
      .set({ status: CANCELLED_SUBORDER_STATUS })
      .where('order_id', '=', orderId)
      .returning('operator_id')
      .execute();
    await trx
      .updateTable('orders')
      .set({ cancelled_at: now.toISOString() })
      .where('id', '=', orderId)
      .execute();
    const mails = await queueOrderChangeMails(
      trx,
      { id: orderId, companyId: user.companyId, version: next, by: user.id },
      suborders.map((suborder) => suborder.operator_id),
      { kind: 'cancelled', before },
      now,
    );
    await recordOrderEvent(trx, { orderId, type: 'order.cancelled', now });
    return mails;
  });
  const { send } = sending;
  if (send) for (const { id, mail } of mails) void deliverQueuedMail(db, id, mail, sending.clock, send);
  figuresChanged();
}
