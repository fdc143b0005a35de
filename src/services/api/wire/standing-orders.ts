import * as z from 'zod/mini';
import type { IsoWeekday } from '../../../domain/delivery-calendar';
import { decimalAnswer, id, idRef, isoDate, isoDateTime, quantityInput, singleLine } from './primitives';

// Standing orders (capability `standingOrders`, docs/api.md "Standing orders"): a series delivers the
// same lines every week or every second week on one served weekday; each delivery is an occurrence,
// addressed by its delivery date (one per series and date: the key that makes drafting and placing
// exactly-once). Paths under the customer API like the cart's:
//   GET    standing-orders/                                   → standingOrdersAnswerWire
//   POST   standing-orders/                 standingOrderCreateWire → 201 standingOrderWire
//   PATCH  standing-orders/{id}/            standingOrderUpdateWire → standingOrderWire
//   DELETE standing-orders/{id}/                              → 204 (the series ends)
//   GET    standing-orders/{id}/occurrences/                  → occurrencesAnswerWire
//   PUT    standing-orders/{id}/occurrences/{date}/lines  occurrenceLinesWire → occurrenceWire
//   POST   standing-orders/{id}/occurrences/{date}/skip|unskip|approve        → occurrenceWire
// Writes to an occurrence after its cut-off are refused with 409 `past_cutoff`.
//
// Where this differs from the first sketch (all additions, nothing renamed):
// - a series carries `address_id` (the delivery address whose route serves the weekday; null: the
//   company's first address) and, in a request, may name it (`address_id`, optional);
// - lines in answers carry `product_name` (null when the product is gone) so a list reads without a
//   catalogue call;
// - while a series is paused its occurrences stay `upcoming` and are neither drafted nor placed;
// - `review_reasons[].code` also allows `not_placeable` (the placement's own checks refused the order:
//   the reason's `message` says why), and an occurrence whose placement failed has `failure` set.
// - the dev hook's answer is `devStandingOrdersRunWire`.

export const STANDING_ORDER_NAME_MAX_LENGTH = 100;
export const STANDING_ORDER_LINES_MAX = 200;

const weekday = z
  .int('Expected an ISO weekday from 1 (Monday) to 7 (Sunday).')
  .check(
    z.gte(1, 'Expected an ISO weekday from 1 (Monday) to 7 (Sunday).'),
    z.lte(7, 'Expected an ISO weekday from 1 (Monday) to 7 (Sunday).'),
  );

const seriesName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A standing order needs a name.'),
    z.maxLength(STANDING_ORDER_NAME_MAX_LENGTH, `At most ${STANDING_ORDER_NAME_MAX_LENGTH} characters.`),
    singleLine(),
  );

/** A positive quantity as the client sends it (text or number), read as decimal text. */
const positiveQuantity = z.pipe(
  quantityInput,
  z
    .string()
    .check(z.refine((value) => !/^-/.test(value) && /[1-9]/.test(value), 'The quantity must be above 0.')),
);

/** One line of a request: a product, how many and in which unit. */
export const standingOrderLineWriteWire = z.object({
  product_id: idRef,
  quantity: positiveQuantity,
  unit: idRef,
});
const lineChecks = <T extends { product_id: number }>() =>
  [
    z.minLength(1, 'A standing order needs at least one line.'),
    z.maxLength(STANDING_ORDER_LINES_MAX, `At most ${STANDING_ORDER_LINES_MAX} lines.`),
    z.refine<T[]>(
      (lines) => new Set(lines.map((line) => line.product_id)).size === lines.length,
      'A product is listed twice.',
    ),
  ] as const;
const lineWrites = z
  .array(standingOrderLineWriteWire)
  .check(...lineChecks<z.infer<typeof standingOrderLineWriteWire>>());

/**
 * One line of a delivery's own lines: may name the product first asked for when this one is the
 * supplier's substitute for it (optional, so a client that knows nothing of substitutes still works:
 * absent keeps what the delivery's line of the product stood for; null says it stands for itself).
 */
export const occurrenceLineWriteWire = z.object({
  ...standingOrderLineWriteWire.shape,
  substitute_for: z.optional(z.nullable(idRef)),
});
const occurrenceLineWrites = z
  .array(occurrenceLineWriteWire)
  .check(...lineChecks<z.infer<typeof occurrenceLineWriteWire>>());

/** Where a new series takes its lines from: a favourite list, a past order, or the cart as it is. */
export const standingOrderSourceWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), list_id: idRef }),
  z.object({ kind: z.literal('order'), order_id: idRef }),
  z.object({ kind: z.literal('cart') }),
]);

/** Body of POST standing-orders/. */
export const standingOrderCreateWire = z.object({
  name: seriesName,
  source: standingOrderSourceWire,
  interval_weeks: z.union([z.literal(1), z.literal(2)]),
  weekday,
  first_delivery_date: isoDate,
  end_date: z.nullable(isoDate),
  /** the delivery address (its route decides the served days and cut-off); absent: the first one */
  address_id: z.optional(idRef),
});
export type StandingOrderCreateWire = z.infer<typeof standingOrderCreateWire>;

/** Body of PATCH standing-orders/{id}/: rename, "every delivery" lines, end date, pause or resume. */
export const standingOrderUpdateWire = z.object({
  name: z.optional(seriesName),
  lines: z.optional(lineWrites),
  end_date: z.optional(z.nullable(isoDate)),
  status: z.optional(z.enum(['active', 'paused'])),
});
export type StandingOrderUpdateWire = z.infer<typeof standingOrderUpdateWire>;

/** Body of PUT standing-orders/{id}/occurrences/{date}/lines: "this delivery only". */
export const occurrenceLinesWire = z.object({ lines: occurrenceLineWrites });
export type OccurrenceLinesWire = z.infer<typeof occurrenceLinesWire>;

export const occurrenceStatuses = [
  'upcoming',
  'draft',
  'skipped',
  'needs_review',
  'placed',
  'failed',
] as const;
export type OccurrenceStatus = (typeof occurrenceStatuses)[number];
export const seriesStatuses = ['active', 'paused', 'ended'] as const;
export type SeriesStatus = (typeof seriesStatuses)[number];

const seriesLineWire = z.object({
  product_id: id,
  quantity: decimalAnswer,
  unit: id,
  product_name: z.optional(z.nullable(z.string())),
});

const occurrenceLineWire = z.object({
  ...seriesLineWire.shape,
  /** today's price of one unit; null when it has none (or the product is gone) */
  unit_price: z.nullable(decimalAnswer),
  available: z.boolean(),
  /** the product first asked for when this line is its substitute; absent or null: none */
  substitute_for: z.optional(z.nullable(id)),
});

const reviewReasonWire = z.object({
  code: z.enum(['price_rose', 'unavailable', 'not_placeable']),
  product_id: z.nullable(id),
  was: z.optional(z.nullable(decimalAnswer)),
  now: z.optional(z.nullable(decimalAnswer)),
  message: z.optional(z.nullable(z.string())),
});

export const occurrenceWire = z.object({
  series_id: id,
  delivery_date: isoDate,
  cutoff_at: isoDateTime,
  draft_at: isoDateTime,
  status: z.enum(occurrenceStatuses),
  lines: z.array(occurrenceLineWire),
  this_delivery_only: z.boolean(),
  review_reasons: z.array(reviewReasonWire),
  order_id: z.nullable(id),
  failure: z.nullable(z.string()),
});
export type OccurrenceWire = z.infer<typeof occurrenceWire>;

export const standingOrderWire = z.object({
  id,
  name: z.string(),
  interval_weeks: z.int(),
  weekday,
  first_delivery_date: isoDate,
  end_date: z.nullable(isoDate),
  status: z.enum(seriesStatuses),
  address_id: z.optional(z.nullable(id)),
  lines: z.array(seriesLineWire),
  next_occurrences: z.array(occurrenceWire),
  created_at: isoDateTime,
});
export type StandingOrderWire = z.infer<typeof standingOrderWire>;

export const standingOrdersAnswerWire = z.object({ standing_orders: z.array(standingOrderWire) });
export const occurrencesAnswerWire = z.object({ occurrences: z.array(occurrenceWire) });

/** Answer of the dev hook POST /api/dev/standing-orders/run (DEV_CLOCK=1 only): what the tick did. */
export const devStandingOrdersRunWire = z.object({
  now: isoDateTime,
  drafted: z.int(),
  needs_review: z.int(),
  placed: z.int(),
  failed: z.int(),
});

// Domain terms (camelCase), for the portal.

export interface StandingOrderLine {
  productId: number;
  quantity: string;
  unit: number;
  productName: string | null;
}

export interface OccurrenceLine extends StandingOrderLine {
  unitPrice: string | null;
  available: boolean;
  /** the product first asked for when this line is its substitute (absent: none) */
  substituteFor?: number | null;
}

/** A delivery's line as written: a substitute names the product first asked for. */
export interface OccurrenceLineWrite {
  productId: number;
  quantity: string;
  unit: number;
  substituteFor?: number | null;
}

export interface ReviewReason {
  code: 'price_rose' | 'unavailable' | 'not_placeable';
  productId: number | null;
  was: string | null;
  now: string | null;
  message: string | null;
}

export interface Occurrence {
  seriesId: number;
  deliveryDate: string;
  cutoffAt: string;
  draftAt: string;
  status: OccurrenceStatus;
  lines: OccurrenceLine[];
  thisDeliveryOnly: boolean;
  reviewReasons: ReviewReason[];
  orderId: number | null;
  failure: string | null;
}

export interface StandingOrder {
  id: number;
  name: string;
  intervalWeeks: 1 | 2;
  weekday: IsoWeekday;
  firstDeliveryDate: string;
  endDate: string | null;
  status: SeriesStatus;
  addressId: number | null;
  lines: StandingOrderLine[];
  nextOccurrences: Occurrence[];
  createdAt: string;
}

export type StandingOrderSource =
  | { kind: 'list'; listId: number }
  | { kind: 'order'; orderId: number }
  | { kind: 'cart' };

export interface StandingOrderCreate {
  name: string;
  source: StandingOrderSource;
  intervalWeeks: 1 | 2;
  weekday: IsoWeekday;
  firstDeliveryDate: string;
  endDate: string | null;
  addressId?: number;
}

export interface StandingOrderUpdate {
  name?: string;
  lines?: { productId: number; quantity: string; unit: number }[];
  endDate?: string | null;
  status?: 'active' | 'paused';
}

const toLine = (w: z.infer<typeof seriesLineWire>): StandingOrderLine => ({
  productId: w.product_id,
  quantity: w.quantity,
  unit: w.unit,
  productName: w.product_name ?? null,
});

export const toOccurrence = (w: OccurrenceWire): Occurrence => ({
  seriesId: w.series_id,
  deliveryDate: w.delivery_date,
  cutoffAt: w.cutoff_at,
  draftAt: w.draft_at,
  status: w.status,
  lines: w.lines.map((line) => ({
    ...toLine(line),
    unitPrice: line.unit_price,
    available: line.available,
    substituteFor: line.substitute_for ?? null,
  })),
  thisDeliveryOnly: w.this_delivery_only,
  reviewReasons: w.review_reasons.map((r) => ({
    code: r.code,
    productId: r.product_id,
    was: r.was ?? null,
    now: r.now ?? null,
    message: r.message ?? null,
  })),
  orderId: w.order_id,
  failure: w.failure,
});

export const toStandingOrder = (w: StandingOrderWire): StandingOrder => ({
  id: w.id,
  name: w.name,
  intervalWeeks: w.interval_weeks === 2 ? 2 : 1,
  weekday: w.weekday as IsoWeekday,
  firstDeliveryDate: w.first_delivery_date,
  endDate: w.end_date,
  status: w.status,
  addressId: w.address_id ?? null,
  lines: w.lines.map(toLine),
  nextOccurrences: w.next_occurrences.map(toOccurrence),
  createdAt: w.created_at,
});

const fromLines = (lines: { productId: number; quantity: string; unit: number }[]) =>
  lines.map((line) => ({ product_id: line.productId, quantity: line.quantity, unit: line.unit }));

export const fromStandingOrderCreate = (create: StandingOrderCreate): StandingOrderCreateWire => ({
  name: create.name,
  source:
    create.source.kind === 'list'
      ? { kind: 'list', list_id: create.source.listId }
      : create.source.kind === 'order'
        ? { kind: 'order', order_id: create.source.orderId }
        : { kind: 'cart' },
  interval_weeks: create.intervalWeeks,
  weekday: create.weekday,
  first_delivery_date: create.firstDeliveryDate,
  end_date: create.endDate,
  ...(create.addressId === undefined ? {} : { address_id: create.addressId }),
});

export const fromStandingOrderUpdate = (update: StandingOrderUpdate): StandingOrderUpdateWire => ({
  ...(update.name === undefined ? {} : { name: update.name }),
  ...(update.lines === undefined ? {} : { lines: fromLines(update.lines) }),
  ...(update.endDate === undefined ? {} : { end_date: update.endDate }),
  ...(update.status === undefined ? {} : { status: update.status }),
});

export const fromOccurrenceLines = (lines: OccurrenceLineWrite[]): OccurrenceLinesWire => ({
  lines: lines.map((line) => ({
    product_id: line.productId,
    quantity: line.quantity,
    unit: line.unit,
    ...(line.substituteFor == null ? {} : { substitute_for: line.substituteFor }),
  })),
});
