import type { Kysely } from 'kysely';
import { toDecimalString } from '../../src/domain/decimal';
import type { Database } from '../db/schema';
import type { CurrentUser } from '../http/app-env';
import { deliverQueuedMail } from '../mail/outbox';
import { recordOrderEvent } from '../order-events/record-order-event';
import { moneyText } from '../queries/decimals';
import { figuresChanged } from '../search/search-answers';
import { carryOverSuborders } from '../suborders/carry-over-suborders';
import {
  type DeliveryAddressCopy,
  orderDeliveryAddress,
  orderDeliveryAddresses,
  storeOrderDeliveryAddress,
} from './delivery-address';
import { refuseUnservedDay, routeCalendarOf, specificationDay } from './delivery-day';
import type { RequestedLine } from './line-rules';
import { checkMinimumOrder } from './minimum-order';
import { claimVersion, refuseStaleOrLate, refuseUnlessAmendable } from './order-change-guard';
import { queueOrderChangeMails } from './order-change-mail';
import { storedAddress } from './order-cutoff';
import { withOrderCharges } from './order-pricing';
import { currentVersionContent, keepReplacedVersion } from './order-versions';
import { type ConfirmationSending, planOrder } from './place-order';
import { giveStockBack, orderBreakdown, storeSuborders } from './store-order';

/** PUT /orders/{id}/: the new version of the order, on top of the version the buyer saw. */
export interface Amendment {
  version: number;
  items: RequestedLine[];
  expected_delivery_date: string;
  /** absent: the order keeps its delivery address */
  delivery_address?: number | undefined;
  /** absent: the order keeps its note */
  customer_note?: string | undefined;
}

/**
 * Stores a new version of the company's order until its cut-off: the same checks as a new order
 * (lines and stock, served day, minimum order), in one transaction that first claims the version
 * (a change racing this one, from any server process, then finds it gone and gets 409
 * order_changed), keeps the replaced version, gives its stock back, takes the new lines' stock and
 * queues the operators' mails. The stock check sees the stock given back, so an order can keep its
 * own last boxes.
 */
export async function amendOrder(
  db: Kysely<Database>,
  user: CurrentUser,
  orderId: number,
  amendment: Amendment,
  now: Date,
  sending: ConfirmationSending = { send: undefined, clock: () => now },
): Promise<void> {
  await refuseStaleOrLate(db, user.companyId, orderId, amendment.version, now);

  const address: DeliveryAddressCopy | null =
    amendment.delivery_address === undefined
      ? storedAddress((await orderDeliveryAddresses(db, [orderId])).get(orderId))
      : await orderDeliveryAddress(db, user.companyId, amendment.delivery_address);
  const route = await routeCalendarOf(db, user.companyId, address, now);
  if (!route) specificationDay(amendment.expected_delivery_date, now);

  const mails = await db.transaction().execute(async (trx) => {
    const version = await claimVersion(trx, orderId, amendment.version);
    await refuseUnlessAmendable(trx, orderId, now);
    const before = await currentVersionContent(trx, orderId);
    const operatorsBefore = await trx
      .selectFrom('suborders')
      .select(['warehouse_id', 'operator_id'])
      .where('order_id', '=', orderId)
      .execute();
    await keepReplacedVersion(trx, { orderId, version: amendment.version, by: user.id, at: now }, before);
    await giveStockBack(trx, orderId, now);

    const planned = await planOrder(trx, user, amendment.items, now);
    const warehouses = planned.priced.suborders.map((suborder) => suborder.warehouseId);
    const deliveryDays = route
      ? refuseUnservedDay(route, warehouses, amendment.expected_delivery_date, now)
      : undefined;
    const missed = await checkMinimumOrder(
      trx,
      { companyId: user.companyId, routeId: route?.routeId ?? null, priced: planned.priced },
      { refuse: true },
    );
    const priced = withOrderCharges(planned.priced, missed?.charge ? [missed.charge] : []);
    // A warehouse the order keeps stays with its operator, who already knows the order.
    const assignments = new Map(planned.assignments);
    for (const kept of operatorsBefore) {
      const assigned = assignments.get(kept.warehouse_id);
      if (assigned && assigned.operator.id !== kept.operator_id) {
        const operator = await trx
          .selectFrom('operators')
          .select(['id', 'name', 'phone'])
          .where('id', '=', kept.operator_id)
          .executeTakeFirst();
        if (operator) assignments.set(kept.warehouse_id, { ...assigned, operator });
      }
    }

    const replaced = await trx
      .selectFrom('suborders')
      .select(['id', 'warehouse_id'])
      .where('order_id', '=', orderId)
      .execute();
    await storeSuborders(trx, orderId, {
      priced,
      assignments,
      expectedDeliveryDate: amendment.expected_delivery_date,
      now,
      deliveryDays,
    });
    await carryOverSuborders(trx, orderId, replaced);
    await trx
      .updateTable('orders')
      .set({
        total: moneyText(toDecimalString(priced.total)),
        expected_delivery_date: amendment.expected_delivery_date,
        ...(amendment.customer_note === undefined ? {} : { customer_note: amendment.customer_note }),
        ...orderBreakdown(priced),
      })
      .where('id', '=', orderId)
      .execute();
    if (amendment.delivery_address !== undefined && address) {
      await trx.deleteFrom('order_delivery_addresses').where('order_id', '=', orderId).execute();
      await storeOrderDeliveryAddress(trx, orderId, address);
    }

    const after = await currentVersionContent(trx, orderId);
    const operatorsAfter = [...assignments.values()].map((assigned) => assigned.operator.id);
    const mails = await queueOrderChangeMails(
      trx,
      { id: orderId, companyId: user.companyId, version, by: user.id },
      [...operatorsBefore.map((row) => row.operator_id), ...operatorsAfter],
      { kind: 'changed', before, after },
      now,
    );
    await recordOrderEvent(trx, { orderId, type: 'order.amended', now });
    return mails;
  });
  const { send } = sending;
  if (send) for (const { id, mail } of mails) void deliverQueuedMail(db, id, mail, sending.clock, send);
  // Stock moved: kept search answers must not show the old figures.
  figuresChanged();
}
