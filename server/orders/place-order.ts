import type { Kysely } from 'kysely';
import { type PriceBasis, priceBasisFor } from '../../src/domain/pricing';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { queueOrderConfirmation } from '../mail/order-confirmation-mail';
import { deliverQueuedMail, type MailSender } from '../mail/outbox';
import { recordOrderEvent } from '../order-events/record-order-event';
import { companyValue } from '../queries/companies';
import { figuresChanged } from '../search/search-answers';
import { loadCatalogueSnapshot } from './catalogue-snapshot';
import { checkOrderLines } from './check-order-lines';
import { orderDeliveryAddress, storeOrderDeliveryAddress } from './delivery-address';
import { type RouteCalendar, refuseUnservedDay, routeCalendarOf, specificationDay } from './delivery-day';
import { replayedOrderId, requestHash } from './idempotency';
import type { CheckedLine, RequestedLine } from './line-rules';
import { checkMinimumOrder, type MinimumOrderMissed } from './minimum-order';
import { type AssignedWarehouse, assignOperators } from './operators';
import { type PricedOrder, priceOrder, withOrderCharges } from './order-pricing';
import { orderedCartLines, type SubmittedLine } from './ordered-cart-lines';
import { storeOrder } from './store-order';
import { isUniqueViolation } from './unique-violation';

export interface Submission {
  items: (RequestedLine & Pick<SubmittedLine, 'cart_item'>)[];
  cart_lines?: number[] | undefined;
  expected_delivery_date: string;
  is_preorder: boolean;
  customer_note: string;
  /** the company delivery address's id; absent: the company's only one, if it has one */
  delivery_address?: number | undefined;
  /** an order placed for the user without them (a standing order): their cart is left as it is */
  keep_cart?: boolean | undefined;
  /**
   * lines that do not come from the cart but were taken instead of another product (a standing
   * order's delivery): each order line of `product` records `substitute_for`
   */
  substituted?: readonly { product: number; substitute_for: number }[] | undefined;
}

/** What POST /orders/preview/ takes: the lines, and the day and address when the checkout knows them. */
export interface PreviewRequest {
  items: RequestedLine[];
  expected_delivery_date?: string | undefined;
  delivery_address?: number | undefined;
}

export interface PlannedOrder {
  priced: PricedOrder<CheckedLine>;
  assignments: Map<number, AssignedWarehouse>;
}

/** A preview: the planned order (with its minimum order fee, if any) and what the checkout shows of it. */
export interface PreviewedOrder extends PlannedOrder {
  /** the minimum the order misses (null: none applies, or reached) */
  minimum: MinimumOrderMissed | null;
  /** each warehouse's delivery day, when the request names a day (else empty) */
  deliveryDays: Map<number, string>;
}

/** The customer's one price basis (decision 005): gross when tax applies to the company, else net. */
export async function priceBasisOf(db: Kysely<Database>, companyId: number): Promise<PriceBasis> {
  return priceBasisFor((await companyValue(db, companyId, 'tax_applies')) === 1);
}

/** Checks and prices the lines and picks each warehouse's operator: what preview shows and submit stores. */
export async function planOrder(
  db: Kysely<Database>,
  user: CurrentUser,
  items: readonly RequestedLine[],
  now: Date,
): Promise<PlannedOrder> {
  const catalogue = await loadCatalogueSnapshot(
    db,
    items.map((item) => item.product),
    now,
    user,
  );
  const lines = checkOrderLines(items, catalogue);
  const priced = priceOrder(lines, await priceBasisOf(db, user.companyId));
  const assignments = await assignOperators(
    db,
    priced.suborders.map((suborder) => suborder.warehouseId),
  );
  return { priced, assignments };
}

const warehousesOf = ({ priced }: PlannedOrder) => priced.suborders.map((suborder) => suborder.warehouseId);

/**
 * Each warehouse's delivery day: the order's day, or, on a route, the warehouse's next served day
 * after it when its lead days rule the day out (refuseUnservedDay). Without a route every
 * suborder comes on the order's day, as the specification's rule has it.
 */
function deliveryDaysOf(route: RouteCalendar | null, planned: PlannedOrder, day: string, now: Date) {
  if (route) return refuseUnservedDay(route, warehousesOf(planned), day, now);
  return new Map(warehousesOf(planned).map((warehouseId) => [warehouseId, day] as const));
}

/**
 * Whether the delivery calendar's routes judge an order's day ('routes'), or only the
 * specification's rule does ('specification'): a server answering as the specification's backend
 * (API_PROFILE=spec) offers no calendar, so the portal picks days by that rule and they must hold.
 */
export type DeliveryCalendarUse = 'routes' | 'specification';

/**
 * The preview of an order: its split and figures, after the checks the order itself would meet on
 * its delivery address and (when the request names one) its day on the address's route. It never
 * refuses for the minimum order value: it tells how much is missing and adds its fee.
 */
export async function previewOrder(
  db: Kysely<Database>,
  user: CurrentUser,
  request: PreviewRequest,
  now: Date,
  calendar: DeliveryCalendarUse = 'routes',
): Promise<PreviewedOrder> {
  const address = await orderDeliveryAddress(db, user.companyId, request.delivery_address);
  const route = calendar === 'routes' ? await routeCalendarOf(db, user.companyId, address, now) : null;
  const planned = await planOrder(db, user, request.items, now);
  const deliveryDays =
    request.expected_delivery_date === undefined
      ? new Map<number, string>()
      : deliveryDaysOf(route, planned, request.expected_delivery_date, now);
  const minimum = await checkMinimumOrder(
    db,
    { companyId: user.companyId, routeId: route?.routeId ?? null, priced: planned.priced },
    { refuse: false },
  );
  const priced = withOrderCharges(planned.priced, minimum?.charge ? [minimum.charge] : []);
  return { priced, assignments: planned.assignments, minimum, deliveryDays };
}

/** How the order confirmation leaves: the configured sender (none keeps it in the outbox) and the clock. */
export interface ConfirmationSending {
  send: MailSender | undefined;
  clock: () => Date;
}

/**
 * Places an order, or, for a repeated Idempotency-Key, finds the order the first request placed.
 * Answers the order id and whether it was a replay. A new order's confirmation mail is queued in
 * the order's transaction and sent once it committed; a replay sends none.
 */
export async function placeOrder(
  db: Kysely<Database>,
  user: CurrentUser,
  submission: Submission,
  idempotencyKey: string | undefined,
  now: Date,
  sending: ConfirmationSending = { send: undefined, clock: () => now },
  calendar: DeliveryCalendarUse = 'routes',
): Promise<{ orderId: number; replayed: boolean }> {
  const hash = requestHash(submission);
  if (idempotencyKey !== undefined) {
    const earlier = await replayedOrderId(db, user.id, idempotencyKey, hash);
    if (earlier !== undefined) return { orderId: earlier, replayed: true };
  }

  const address = await orderDeliveryAddress(db, user.companyId, submission.delivery_address);
  // An address on a route: its calendar decides the day; otherwise the specification's rule does.
  const route = calendar === 'routes' ? await routeCalendarOf(db, user.companyId, address, now) : null;
  const date = route
    ? submission.expected_delivery_date
    : specificationDay(submission.expected_delivery_date, now);

  const planned = await planOrder(db, user, submission.items, now);
  const deliveryDays = route ? refuseUnservedDay(route, warehousesOf(planned), date, now) : undefined;
  const minimum = await checkMinimumOrder(
    db,
    { companyId: user.companyId, routeId: route?.routeId ?? null, priced: planned.priced },
    { refuse: true },
  );
  const priced = withOrderCharges(planned.priced, minimum?.charge ? [minimum.charge] : []);
  const { assignments } = planned;
  try {
    const { orderId, confirmation } = await db.transaction().execute(async (trx) => {
      // First in the transaction: the cart lines stay locked until the order is stored.
      const cartItemIds = submission.keep_cart
        ? []
        : await orderedCartLines(trx, user.id, submission.items, submission.cart_lines);
      const stored = await storeOrder(trx, {
        companyId: user.companyId,
        userId: user.id,
        priced,
        assignments,
        expectedDeliveryDate: date,
        isPreorder: submission.is_preorder,
        customerNote: submission.customer_note,
        now,
        idempotency: idempotencyKey === undefined ? undefined : { key: idempotencyKey, hash },
        cartItemIds,
        deliveryDays,
        substituted: submission.substituted,
      });
      if (address) await storeOrderDeliveryAddress(trx, stored, address);
      const queued = await queueOrderConfirmation(
        trx,
        { orderId: stored, userId: user.id, companyId: user.companyId },
        now,
      );
      await recordOrderEvent(trx, { orderId: stored, type: 'order.placed', now });
      return { orderId: stored, confirmation: queued };
    });
    if (sending.send)
      void deliverQueuedMail(db, confirmation.id, confirmation.mail, sending.clock, sending.send);
    // Stock went down: kept search answers must not show the old figures.
    figuresChanged();
    return { orderId, replayed: false };
  } catch (error) {
    // A concurrent request with the same key committed first: this one rolled back (on the key,
    // on stock the first one took, or on the cart lines it removed); answer theirs.
    if (idempotencyKey !== undefined && (isUniqueViolation(error) || error instanceof ApiError)) {
      const earlier = await replayedOrderId(db, user.id, idempotencyKey, hash);
      if (earlier !== undefined) return { orderId: earlier, replayed: true };
    }
    throw error;
  }
}
