import type { Kysely } from 'kysely';
import { toDecimal, toDecimalString } from '../../src/domain/decimal';
import { centsText } from '../../src/domain/pricing';
import { unitMultiplier } from '../../src/domain/units';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { moneyText } from '../queries/decimals';
import { loadCatalogueSnapshot } from './catalogue-snapshot';
import type { CheckedLine } from './line-rules';
import type { AssignedWarehouse } from './operators';
import type { PricedOrder } from './order-pricing';

/** The status a new suborder starts in; operators move it on to in_delivery and delivered. */
export const NEW_SUBORDER_STATUS = 'processing';
/** The status of a cancelled order's suborders: never delivered, never invoiced. */
export const CANCELLED_SUBORDER_STATUS = 'cancelled';

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
  /** each warehouse's own delivery day (its suborder's estimated_delivery_date); absent: none set */
  deliveryDays?: ReadonlyMap<number, string> | undefined;
  /** lines taken instead of another product that are not cart lines: what each was asked for as */
  substituted?: readonly { product: number; substitute_for: number }[] | undefined;
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

  await storeSuborders(trx, orderId, order);
  if (order.cartItemIds.length) await keepSubstitutedFor(trx, orderId, order.userId, order.cartItemIds);
  if (order.substituted?.length) await recordSubstitutedFor(trx, orderId, order.substituted);

  if (order.cartItemIds.length)
    await trx
      .deleteFrom('cart_items')
      .where('user_id', '=', order.userId)
      .where('id', 'in', [...order.cartItemIds])
      .execute();

  return orderId;
}

/**
 * A cart line the buyer took as a substitute names the product first asked for; its order line keeps
 * it, so the order shows what was asked for and what was taken instead.
 */
async function keepSubstitutedFor(
  trx: Kysely<Database>,
  orderId: number,
  userId: number,
  cartItemIds: readonly number[],
) {
  const substituted = await trx
    .selectFrom('cart_items')
    .select(['product_id', 'substitute_for'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...cartItemIds])
    .where('substitute_for', 'is not', null)
    .execute();
  await recordSubstitutedFor(
    trx,
    orderId,
    substituted.flatMap((line) =>
      line.substitute_for === null ? [] : [{ product: line.product_id, substitute_for: line.substitute_for }],
    ),
  );
}

/** Each order line of a product taken instead of another names the product first asked for. */
async function recordSubstitutedFor(
  trx: Kysely<Database>,
  orderId: number,
  substituted: readonly { product: number; substitute_for: number }[],
) {
  for (const line of substituted)
    await trx
      .updateTable('order_items')
      .set({ substitute_for: line.substitute_for })
      .where('product_id', '=', line.product)
      .where('suborder_id', 'in', (eb) =>
        eb.selectFrom('suborders').select('id').where('order_id', '=', orderId),
      )
      .execute();
}

/** What writing an order's suborders needs: everything of the order but its own row's fields. */
export type SubordersToStore = Omit<
  OrderToStore,
  'companyId' | 'userId' | 'isPreorder' | 'customerNote' | 'idempotency' | 'cartItemIds'
>;

/**
 * Writes the suborders of an order (a new one, or a new version of one whose suborders were
 * removed) with their items and charges, and takes the goods out of stock, in the caller's
 * transaction. Stock is taken with a guarded update, so two orders racing for the last boxes
 * cannot both succeed.
 */
export async function storeSuborders(trx: Kysely<Database>, orderId: number, order: SubordersToStore) {
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
        created_at: order.now.toISOString(),
        estimated_delivery_date: order.deliveryDays?.get(suborder.warehouseId) ?? null,
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
          pieces: line.pieces.toNumber(),
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
}

/**
 * Gives back to stock what the order's current lines took, in the caller's transaction (a change
 * or cancel of the order). Lines stored before the pieces were kept are counted in today's units.
 */
export async function giveStockBack(trx: Kysely<Database>, orderId: number, now: Date): Promise<void> {
  const items = await trx
    .selectFrom('order_items as i')
    .innerJoin('suborders as s', 's.id', 'i.suborder_id')
    .select(['i.product_id', 'i.quantity', 'i.unit_id', 'i.pieces'])
    .where('s.order_id', '=', orderId)
    .execute();
  const unknown = items.filter((item) => item.pieces === null);
  const catalogue = unknown.length
    ? await loadCatalogueSnapshot(
        trx,
        unknown.map((item) => item.product_id),
        now,
        null,
      )
    : undefined;
  const back = new Map<number, number>();
  for (const item of items) {
    const entry = catalogue?.products.get(item.product_id);
    const pieces =
      item.pieces ?? (entry && catalogue ? oldLinePieces(item, entry.product, catalogue.units) : 0);
    if (pieces > 0) back.set(item.product_id, (back.get(item.product_id) ?? 0) + pieces);
  }
  // In product order, as orders take stock, so two transactions never wait on each other's rows crosswise.
  for (const [productId, pieces] of [...back].sort(([a], [b]) => a - b))
    await trx
      .updateTable('products')
      .set((eb) => ({ quantity_in_stock: eb('quantity_in_stock', '+', pieces) }))
      .where('id', '=', productId)
      .execute();
}

/** An older line's pieces in today's units; none when the product no longer sells in its unit. */
function oldLinePieces(
  item: { quantity: string; unit_id: number },
  product: Parameters<typeof unitMultiplier>[0],
  units: Parameters<typeof unitMultiplier>[2],
): number {
  try {
    return toDecimal(item.quantity)
      .times(unitMultiplier(product, item.unit_id, units))
      .toNumber();
  } catch {
    return 0;
  }
}
