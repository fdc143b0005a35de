import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { suborderReference } from '../orders/suborder-reference';

/**
 * After an order change stored the new suborders: a warehouse the order keeps keeps its suborder as
 * the ERP knows it (its reference, its state, ETA and delivery note, its reports), so the ERP's
 * `order.amended` names the suborders it already has and its later reports still find them; then
 * the replaced rows go. A warehouse the change dropped takes its suborder's reports with it.
 */
export async function carryOverSuborders(
  trx: Kysely<Database>,
  orderId: number,
  replaced: readonly { id: number; warehouse_id: number }[],
) {
  if (replaced.length === 0) return;
  const replacedIds = replaced.map((suborder) => suborder.id);
  const old = await trx
    .selectFrom('suborders')
    .select(['id', 'warehouse_id', 'external_id', 'status', 'eta', 'delivery_note_number'])
    .where('id', 'in', replacedIds)
    .execute();
  const fresh = await trx
    .selectFrom('suborders')
    .select(['id', 'warehouse_id'])
    .where('order_id', '=', orderId)
    .where('id', 'not in', replacedIds)
    .execute();
  for (const before of old) {
    const after = fresh.find((suborder) => suborder.warehouse_id === before.warehouse_id);
    if (!after) continue;
    // the ERP's number (or the portal's old "SO-…") moves over; unique, so freed first
    await trx.updateTable('suborders').set({ external_id: null }).where('id', '=', before.id).execute();
    await trx
      .updateTable('suborders')
      .set({
        external_id: suborderReference(before),
        status: before.status,
        eta: before.eta,
        delivery_note_number: before.delivery_note_number,
      })
      .where('id', '=', after.id)
      .execute();
    await trx
      .updateTable('suborder_events')
      .set({ suborder_id: after.id })
      .where('suborder_id', '=', before.id)
      .execute();
  }
  await trx.deleteFrom('suborder_events').where('suborder_id', 'in', replacedIds).execute();
  await trx.deleteFrom('suborders').where('id', 'in', replacedIds).execute();
}
