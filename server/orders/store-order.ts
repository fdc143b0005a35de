import type { Kysely } from 'kysely';
import { toDecimalString } from '../../src/domain/decimal';
import { centsText } from '../../src/domain/pricing';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { moneyText } from '../queries/decimals';
import type { CheckedLine } from './line-rules';
import type { AssignedWarehouse } from './operators';
import type { PricedOrder } from './order-pricing';

/** The status a new suborder starts in; operators move it on to in_delivery and delivered. */
export const NEW_SUBORDER_STATUS = 'processing';

export interface OrderToStore {
  companyId: number;
  userId: number;
  priced: PricedOrder<CheckedLine>;
  assignments: Map<number, AssignedWarehouse>;
  expectedDeliveryDate: string;
  isPreorder: boolean;
  customerNote: string;
  now: Date;
  idempotency?: { key: string; hash: string } | undefined;
  /** the user's cart lines the order takes out of the cart (see ordered-cart-lines.ts) */
  cartItemIds: readonly number[];
}

/**
 * The order's figures on its price basis (decisions 005 and 007): the goods, saving and deposit are
 * the sums of its lines'; the tax is every VAT the order contains, its fees' included, and the total
 * without tax is the total less that VAT. Both are zero VAT on the net basis.
 */
export function orderBreakdown({
  totals,
  basis,
  tax,
  total,
}: Pick<PricedOrder, 'totals' | 'basis' | 'tax' | 'total'>) {
  return {
    subtotal: totals.subtotal,
    discount_amount: totals.discountAmount,
    tax: centsText(tax),
    deposit_total: totals.depositTotal,
    total_without_tax: centsText(total.minus(tax)),
    price_basis: basis,
  };
}

/**
 * Writes the order with its suborders, items and charges, takes the goods out of stock, removes
 * the ordered lines from the user's cart and records the Idempotency-Key, all in the caller's
 * transaction. Stock is taken with a guarded update, so two orders racing for the last boxes
 * cannot both succeed.
 */
export async function storeOrder(trx: Kysely<Database>, order: OrderToStore): Promise<number> {
  const createdAt = order.now.toISOString();
  const { id: orderId } = await trx
    .insertInto('orders')
    .values({
      company_id: order.companyId,
      user_id: order.userId,
      total: moneyText(toDecimalString(order.priced.total)),
      created_at: createdAt,
      is_finalized: 0,
      finalized_at: null,
      expected_delivery_date: order.expectedDeliveryDate,
      is_preorder: order.isPreorder ? 1 : 0,
      customer_note: order.customerNote,
      ...orderBreakdown(order.priced),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Claimed right after the order row: a concurrent request with the same key waits here on the
  // key's primary key and then fails, before it touches any stock.
  if (order.idempotency)
    await trx
      .insertInto('order_idempotency_keys')
      .values({
        user_id: order.userId,
        key: order.idempotency.key,
        request_hash: order.idempotency.hash,
        order_id: orderId,
        created_at: createdAt,
      })
      .execute();

  for (const suborder of order.priced.suborders) {
    const assignment = order.assignments.get(suborder.warehouseId);
    if (!assignment) throw new Error(`warehouse ${suborder.warehouseId} has no operator assigned`);
    const { id: suborderId } = await trx
      .insertInto('suborders')
      .values({
        order_id: orderId,
        warehouse_id: suborder.warehouseId,
        operator_id: assignment.operator.id,
        total: moneyText(toDecimalString(suborder.total)),
        status: NEW_SUBORDER_STATUS,
        created_at: createdAt,
        estimated_delivery_date: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(
        suborder.lines.map(({ line, goods, deposit, tax }) => ({
          suborder_id: suborderId,
          product_id: line.productId,
          amount: moneyText(toDecimalString(goods)),
          deposit_amount: moneyText(toDecimalString(deposit)),
          tax_amount: moneyText(toDecimalString(tax)),
          tax_rate_percent: moneyText(line.product.taxRatePercent),
          tax_included: line.product.taxIncluded ? 1 : 0,
          quantity: line.quantity,
          unit_id: line.unitId,
          is_fulfilled: 0,
          campaign_id: line.campaignId,
        })),
      )
      .execute();
    if (suborder.extraCharges.length)
      await trx
        .insertInto('extra_charges')
        .values(
          suborder.extraCharges.map((charge) => ({
            suborder_id: suborderId,
            code: charge.code,
            name: charge.name,
            amount: charge.amount,
            tax_rate_percent: moneyText(charge.taxRatePercent),
            tax_amount: charge.tax,
          })),
        )
        .execute();

    for (const { line } of suborder.lines) {
      const pieces = line.pieces.toNumber();
      const taken = await trx
        .updateTable('products')
        .set((eb) => ({ quantity_in_stock: eb('quantity_in_stock', '-', pieces) }))
        .where('id', '=', line.productId)
        .where('quantity_in_stock', '>=', pieces)
        .executeTakeFirst();
      if (taken.numUpdatedRows === 0n)
        throw new ApiError(409, {
          detail: `Product ${line.productId} sold out while the order was placed; please check the cart.`,
          code: 'not_enough_stock',
        });
    }
  }

  if (order.cartItemIds.length)
    await trx
      .deleteFrom('cart_items')
      .where('user_id', '=', order.userId)
      .where('id', 'in', [...order.cartItemIds])
      .execute();

  return orderId;
}
