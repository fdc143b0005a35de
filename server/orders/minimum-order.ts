import type { Kysely } from 'kysely';
import {
  applicableMinimumOrder,
  type MinimumOrderMode,
  type MinimumOrderRule,
  minimumOrderShortfall,
} from '../../src/domain/minimum-order';
import type { Database } from '../db/schema';
import { companyMinimumOrder, routeMinimumOrderById } from '../delivery-calendar/minimum-order-rules';
import { ApiError, type ErrorBody } from '../http/api-error';
import { charge, type ExtraCharge } from './extra-charges';
import type { PricedOrder } from './order-pricing';

/** An order below the minimum that applies to it: the preview's `minimum_order`. */
export interface MinimumOrderMissed {
  value: string;
  mode: MinimumOrderMode;
  missing: string;
  /** the fee the order carries for it ('fee' mode), else null */
  fee: string | null;
  /** the extra charge to add to the order (priceOrder's `orderCharges`): set exactly when `fee` is */
  charge: ExtraCharge | null;
}

/** The 400 of an order below a 'block' minimum. */
export interface MinimumOrderRefusal extends ErrorBody {
  code: 'minimum_order_not_reached';
  minimum: string;
  missing: string;
}

/**
 * Checks one drop (one order: its day at its delivery address, however many warehouses it splits
 * over) against its minimum order value: the company's own rule, else the rule of the route its
 * delivery address is on (`routeId`, null: none), else none. The goods compared are `priced`'s
 * goods subtotal on the customer's own price basis (campaign prices in, deposit and fees out): the
 * figure the cart shows. Price the order without the fee first, then, when this answers a charge,
 * price it again with `priceOrder(lines, basis, [charge])`; the fee's threshold compares goods
 * alone, so adding it never changes the answer.
 *
 * - `refuse: true` (placing or changing an order): below a 'block' minimum it throws the 400
 *   `minimum_order_not_reached` (with `minimum` and `missing`).
 * - `refuse: false` (the preview): never throws for it.
 *
 * Answers null when no minimum applies or the order reaches it; otherwise how much is missing and,
 * in 'fee' mode, the charge to add (net, taxed at the standard rate like the delivery fee).
 */
export async function checkMinimumOrder(
  db: Kysely<Database>,
  order: { companyId: number; routeId: number | null; priced: Pick<PricedOrder, 'totals'> },
  { refuse }: { refuse: boolean },
): Promise<MinimumOrderMissed | null> {
  const rule = applicableMinimumOrder(
    await companyMinimumOrder(db, order.companyId),
    order.routeId === null ? null : await routeMinimumOrderById(db, order.routeId),
  );
  if (rule === null) return null;
  const shortfall = minimumOrderShortfall(rule, order.priced.totals.subtotal);
  if (shortfall.reached) return null;
  if (refuse && rule.mode === 'block') throw refusal(rule, shortfall.missing);
  return {
    value: rule.value,
    mode: rule.mode,
    missing: shortfall.missing,
    fee: shortfall.fee,
    charge: shortfall.fee === null ? null : charge('minimum_order_fee', shortfall.fee),
  };
}

function refusal(rule: MinimumOrderRule, missing: string): ApiError {
  const detail = `The order's goods are ${missing} below the minimum order value of ${rule.value} for this delivery.`;
  const body: MinimumOrderRefusal = {
    detail,
    code: 'minimum_order_not_reached',
    minimum: rule.value,
    missing,
    errors: { items: [detail] },
  };
  return new ApiError(400, body);
}
