import type { Kysely } from 'kysely';
import { dayStatus, type ServedDayQuery } from '../../src/domain/delivery-calendar';
import type { Database } from '../db/schema';
import { inChunks } from './catalogue-snapshot';
import { type DeliveryAddressCopy, orderDeliveryAddresses } from './delivery-address';
import { type RouteCalendar, routeCalendarOf } from './delivery-day';
import { CANCELLED_SUBORDER_STATUS, NEW_SUBORDER_STATUS } from './store-order';

/**
 * Whether an order may still be changed or cancelled at `now`: until `until`, the earliest cut-off
 * of its suborders' days; or why not. `cutoffAt` on a passed cut-off is that instant (null when the
 * calendar no longer serves the day at all).
 */
export type Amendability =
  | { amendable: true; until: string }
  | { amendable: false; code: 'order_cutoff_passed'; cutoffAt: string | null }
  | { amendable: false; code: 'order_not_amendable'; detail: string };

/** What decides an order's amendability, as the order detail and a change read it. */
export interface OrderFacts {
  id: number;
  companyId: number;
  cancelledAt: string | null;
  isFinalized: boolean;
  invoiced: boolean;
  expectedDeliveryDate: string;
  suborders: readonly { warehouseId: number; status: string; estimatedDeliveryDate: string | null }[];
  /** the order's delivery address (null: none, or its company address is gone) */
  address: DeliveryAddressCopy | null;
  /** when the current version was stored: the last replaced version's replaced_at, else created_at */
  storedAt: string;
}

/**
 * The states of a suborder the buyer may still change the order in: placed, and acknowledged or
 * confirmed by the ERP (an order change reaches it as `order.amended`). Once a warehouse picks, the
 * goods are being put together and the order stays as it is.
 */
const CHANGEABLE_SUBORDER_STATES: readonly string[] = [NEW_SUBORDER_STATUS, 'received', 'confirmed'];

const notAmendable = (detail: string): Amendability => ({
  amendable: false,
  code: 'order_not_amendable',
  detail,
});

/** The refusal that needs no calendar: cancelled, finalized, invoiced, or a warehouse already on it. */
function stateRefusal(order: OrderFacts): Amendability | null {
  if (order.cancelledAt !== null) return notAmendable('The order was cancelled.');
  if (order.isFinalized) return notAmendable('The order is finalized.');
  if (order.invoiced) return notAmendable('The order is invoiced.');
  if (order.suborders.some((suborder) => suborder.status === CANCELLED_SUBORDER_STATUS))
    return notAmendable('The supplier cancelled part of the order.');
  if (order.suborders.some((suborder) => !CHANGEABLE_SUBORDER_STATES.includes(suborder.status)))
    return notAmendable('The warehouse is already preparing the order.');
  if (order.suborders.length === 0) return notAmendable('The order has no delivery to change.');
  return null;
}

/**
 * The cut-off of one suborder's day. The day was served when this version was stored; asked at
 * `now`, a day whose lead time has passed answers only "too soon", so that case asks again as of
 * the version's own instant to name the passed cut-off.
 */
function cutoffOf(
  route: RouteCalendar | null,
  warehouseId: number,
  day: string,
  now: Date,
  storedAt: Date,
): { passed: boolean; cutoffAt: string | null } {
  const query = (at: Date): ServedDayQuery =>
    route
      ? {
          routeId: route.routeId,
          warehouseId,
          ...(route.region === undefined ? {} : { region: route.region }),
          now: at.toISOString(),
        }
      : { now: at.toISOString() };
  const status = dayStatus(route?.calendar ?? null, query(now), day);
  if (status.served) return { passed: false, cutoffAt: status.cutoffAt };
  if (status.reason.kind === 'cutoffPassed') return { passed: true, cutoffAt: status.reason.cutoffAt };
  const then = dayStatus(route?.calendar ?? null, query(storedAt), day);
  return { passed: true, cutoffAt: then.served ? then.cutoffAt : null };
}

const earliest = (instants: readonly (string | null)[]) =>
  instants.reduce<string | null>((min, at) => (at !== null && (min === null || at < min) ? at : min), null);

/**
 * An order whose state allows a change, at `now` on its address's route (null: the
 * specification's rule): amendable until the earliest cut-off of its suborders' days, read by the
 * same function that decides the served days.
 */
function cutoffAmendability(order: OrderFacts, route: RouteCalendar | null, now: Date): Amendability {
  const storedAt = new Date(order.storedAt);
  const cutoffs = order.suborders.map((suborder) =>
    cutoffOf(
      route,
      suborder.warehouseId,
      suborder.estimatedDeliveryDate ?? order.expectedDeliveryDate,
      now,
      storedAt,
    ),
  );
  const passed = cutoffs.filter((cutoff) => cutoff.passed);
  if (passed.length > 0)
    return {
      amendable: false,
      code: 'order_cutoff_passed',
      cutoffAt: earliest(passed.map((cutoff) => cutoff.cutoffAt)),
    };
  const until = earliest(cutoffs.map((cutoff) => cutoff.cutoffAt));
  return until === null ? notAmendable('The order has no delivery to change.') : { amendable: true, until };
}

/**
 * The amendability of each of these orders at `now`, by order id. Not amendable once cancelled,
 * finalized or invoiced, once a warehouse picks a suborder (or it went further), or when the
 * supplier cancelled one; else until its cut-off. The calendar is read once per delivery address,
 * and only for orders whose state allows a change at all (the history does not).
 */
export async function amendabilities(
  db: Kysely<Database>,
  orders: readonly OrderFacts[],
  now: Date,
): Promise<Map<number, Amendability>> {
  const routes = new Map<string, Promise<RouteCalendar | null>>();
  const routeOf = (order: OrderFacts) => {
    const key = `${order.companyId}:${order.address?.id ?? ''}`;
    const known = routes.get(key);
    if (known) return known;
    const route = routeCalendarOf(db, order.companyId, order.address, now);
    routes.set(key, route);
    return route;
  };
  const answers = new Map<number, Amendability>();
  for (const order of orders) {
    const refused = stateRefusal(order);
    answers.set(order.id, refused ?? cutoffAmendability(order, await routeOf(order), now));
  }
  return answers;
}

/** When each order's current version was stored, for those that were changed, by order id. */
export async function lastChanges(db: Kysely<Database>, orderIds: readonly number[]) {
  const rows = await inChunks([...orderIds], (chunk) =>
    db
      .selectFrom('order_versions')
      .select(['order_id', (eb) => eb.fn.max('replaced_at').as('at')])
      .where('order_id', 'in', chunk)
      .groupBy('order_id')
      .execute(),
  );
  return new Map(rows.map((row) => [row.order_id, String(row.at)] as const));
}

/**
 * One order's amendability at `now` (undefined: no such order), read through `db`, which may be
 * the transaction that changes the order, so the answer is about the rows it holds.
 */
export async function orderAmendability(
  db: Kysely<Database>,
  orderId: number,
  now: Date,
): Promise<Amendability | undefined> {
  const order = await db
    .selectFrom('orders')
    .select(['company_id', 'created_at', 'cancelled_at', 'is_finalized', 'expected_delivery_date'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const invoice = await db
    .selectFrom('invoices')
    .select('id')
    .where('order_id', '=', orderId)
    .limit(1)
    .executeTakeFirst();
  const suborders = await db
    .selectFrom('suborders')
    .select(['warehouse_id', 'status', 'estimated_delivery_date'])
    .where('order_id', '=', orderId)
    .execute();
  const address = (await orderDeliveryAddresses(db, [orderId])).get(orderId);
  const facts: OrderFacts = {
    id: orderId,
    companyId: order.company_id,
    cancelledAt: order.cancelled_at,
    isFinalized: order.is_finalized === 1,
    invoiced: invoice !== undefined,
    expectedDeliveryDate: order.expected_delivery_date,
    suborders: suborders.map((suborder) => ({
      warehouseId: suborder.warehouse_id,
      status: suborder.status,
      estimatedDeliveryDate: suborder.estimated_delivery_date,
    })),
    address: storedAddress(address),
    storedAt: (await lastChanges(db, [orderId])).get(orderId) ?? order.created_at,
  };
  return (await amendabilities(db, [facts], now)).get(orderId);
}

/** `amendable_until` as the order detail answers it: the last instant a change is accepted, else null. */
export const amendableUntil = (amendability: Amendability | undefined): string | null =>
  amendability?.amendable ? amendability.until : null;

/** The stored copy of an order's delivery address as a copy of a company address (none: null). */
export const storedAddress = (
  stored: (Omit<DeliveryAddressCopy, 'id'> & { id: number | null }) | undefined,
): DeliveryAddressCopy | null => (stored && stored.id !== null ? { ...stored, id: stored.id } : null);
