import type { Kysely, Selectable } from 'kysely';
import { toDecimal } from '../../src/domain/decimal';
import type {
  OccurrenceStatus,
  OccurrenceWire,
  StandingOrderWire,
} from '../../src/services/api/wire/standing-orders';
import type { Database, StandingOrderOccurrencesTable, StandingOrdersTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { loadCatalogueSnapshot } from '../orders/catalogue-snapshot';
import { orderDeliveryAddress } from '../orders/delivery-address';
import { type RouteCalendar, routeCalendarOf } from '../orders/delivery-day';
import { quantityText } from '../queries/decimals';
import {
  type OccurrenceTimes,
  occurrenceTimes,
  onRhythm,
  type SeriesRule,
  seriesDates,
} from './occurrence-dates';
import type { StandingOrderSettings } from './settings';

type Db = Kysely<Database>;
export type SeriesRow = Selectable<StandingOrdersTable>;
export type OccurrenceRow = Selectable<StandingOrderOccurrencesTable>;

/** A line as stored: decimal strings, and the unit price when the line was set (the review's reference). */
export interface StoredLine {
  product_id: number;
  quantity: string;
  unit: number;
  reference_price: string | null;
  /** a delivery's line taken instead of another: the product first asked for */
  substitute_for?: number | null;
}

export interface ReviewReason {
  code: 'price_rose' | 'unavailable' | 'not_placeable';
  product_id: number | null;
  was?: string | null;
  now?: string | null;
  message?: string | null;
}

export const conflict = (code: string, detail: string) => new ApiError(409, { detail, code });
export const unprocessable = (code: string, detail: string, field?: string) =>
  new ApiError(422, { detail, code, ...(field ? { errors: { [field]: [detail] } } : {}) });

export const parseLines = (text: string): StoredLine[] => JSON.parse(text) as StoredLine[];

export const ruleOf = (series: SeriesRow): SeriesRule => ({
  intervalWeeks: series.interval_weeks,
  firstDeliveryDate: series.first_delivery_date,
  endDate: series.end_date,
});

/** The series owner as placing an order needs them (null: the user was deleted or deactivated). */
export async function seriesOwner(db: Db, series: SeriesRow): Promise<CurrentUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'company_id', 'username', 'language', 'is_demo', 'is_admin', 'is_active', 'deleted_at'])
    .where('id', '=', series.user_id)
    .executeTakeFirst();
  if (!user || user.deleted_at !== null || user.is_active !== 1) return null;
  return {
    id: user.id,
    companyId: user.company_id,
    username: user.username,
    language: user.language,
    isDemo: user.is_demo === 1,
    isAdmin: user.is_admin === 1,
    sessionFamily: 'standing-order',
  };
}

/** The route that serves the series' address (null: the specification's rule). */
export async function seriesRoute(db: Db, series: Pick<SeriesRow, 'company_id' | 'address_id'>, now: Date) {
  if (series.address_id === null) return null;
  const address = await orderDeliveryAddress(db, series.company_id, series.address_id).catch(() => null);
  return routeCalendarOf(db, series.company_id, address, now);
}

/** Today's price of one primary unit of each product for the user, and which products it may not order. */
export async function currentPrices(db: Db, user: CurrentUser, productIds: readonly number[], now: Date) {
  const snapshot = await loadCatalogueSnapshot(db, productIds, now, user);
  const prices = new Map<number, { price: string | null; name: string }>();
  for (const [id, entry] of snapshot.products)
    prices.set(id, { price: entry.wire.new_price ?? entry.wire.price ?? null, name: entry.wire.name });
  return prices;
}

/** Lines with today's prices as their reference (a product the user cannot order has none). */
export async function referencedLines(
  db: Db,
  user: CurrentUser,
  lines: readonly { product_id: number; quantity: string; unit: number }[],
  now: Date,
): Promise<StoredLine[]> {
  const prices = await currentPrices(
    db,
    user,
    lines.map((line) => line.product_id),
    now,
  );
  return lines.map((line) => ({
    product_id: line.product_id,
    quantity: quantityText(line.quantity),
    unit: line.unit,
    reference_price: prices.get(line.product_id)?.price ?? null,
  }));
}

/**
 * Why an occurrence needs the buyer before it is placed: a product they can no longer order, or a
 * unit price above its reference by more than the allowed percentage.
 */
export function reviewReasons(
  lines: readonly StoredLine[],
  prices: Map<number, { price: string | null }>,
  settings: StandingOrderSettings,
): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const factor = toDecimal(String(100 + settings.priceRisePercent)).dividedBy(100);
  for (const line of lines) {
    const current = prices.get(line.product_id);
    if (!current) {
      reasons.push({ code: 'unavailable', product_id: line.product_id });
      continue;
    }
    if (current.price === null || line.reference_price === null) continue;
    const limit = toDecimal(line.reference_price).times(factor);
    if (toDecimal(current.price).greaterThan(limit))
      reasons.push({
        code: 'price_rose',
        product_id: line.product_id,
        was: line.reference_price,
        now: current.price,
      });
  }
  return reasons;
}

/** The supplier's "today" for listing: the day of `now` in the route's zone (UTC without one). */
const todayOf = (route: RouteCalendar | null, now: Date) => {
  if (!route) return now.toISOString().slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', { timeZone: route.calendar.timeZone }).format(now);
};

export interface SeriesContext {
  series: SeriesRow;
  route: RouteCalendar | null;
}

/** The times of one of the series' days, or a 404 when the day is not one of its deliveries. */
export function timesOfDay(
  context: SeriesContext,
  day: string,
  settings: StandingOrderSettings,
): OccurrenceTimes {
  const times = onRhythm(ruleOf(context.series), day)
    ? occurrenceTimes(context.route, day, settings.draftDays)
    : null;
  if (!times)
    throw new ApiError(404, { detail: 'The standing order has no delivery on this day.', code: 'not_found' });
  return times;
}

async function occurrenceAnswer(
  context: SeriesContext,
  times: OccurrenceTimes,
  row: OccurrenceRow | undefined,
  prices: Map<number, { price: string | null; name: string }>,
): Promise<OccurrenceWire> {
  const lines = row?.lines ? parseLines(row.lines) : parseLines(context.series.lines);
  const status: OccurrenceStatus = row ? (row.status === 'placing' ? 'draft' : row.status) : 'upcoming';
  return {
    series_id: context.series.id,
    delivery_date: times.date,
    cutoff_at: row?.cutoff_at ?? times.cutoffAt,
    draft_at: row?.draft_at ?? times.draftAt,
    status,
    lines: lines.map((line) => ({
      product_id: line.product_id,
      quantity: line.quantity,
      unit: line.unit,
      product_name: prices.get(line.product_id)?.name ?? null,
      unit_price: prices.get(line.product_id)?.price ?? null,
      available: prices.has(line.product_id),
      substitute_for: line.substitute_for ?? null,
    })),
    this_delivery_only: Boolean(row?.lines),
    review_reasons: row ? (JSON.parse(row.review_reasons) as ReviewReason[]) : [],
    order_id: row?.order_id ?? null,
    failure: row?.failure ?? null,
  };
}

const NEXT_COUNT = 4;
const RECENT_COUNT = 8;

/** The series' occurrences: the recent stored ones (with `recent`) and the next four from today. */
export async function occurrencesOf(
  db: Db,
  user: CurrentUser,
  context: SeriesContext,
  now: Date,
  settings: StandingOrderSettings,
  { recent }: { recent: boolean },
): Promise<OccurrenceWire[]> {
  const { series, route } = context;
  const today = todayOf(route, now);
  const ahead =
    series.status === 'ended'
      ? []
      : seriesDates(ruleOf(series), route, today, NEXT_COUNT, settings.draftDays);
  const rows = await db
    .selectFrom('standing_order_occurrences')
    .selectAll()
    .where('series_id', '=', series.id)
    .orderBy('delivery_date', 'desc')
    .limit(200)
    .execute();
  const byDate = new Map(rows.map((row) => [row.delivery_date, row] as const));
  const past = recent
    ? rows
        .filter((row) => row.delivery_date < today || !ahead.some((t) => t.date === row.delivery_date))
        .slice(0, RECENT_COUNT)
        .reverse()
    : [];
  const productIds = new Set(parseLines(series.lines).map((line) => line.product_id));
  for (const row of rows)
    if (row.lines) for (const line of parseLines(row.lines)) productIds.add(line.product_id);
  const prices = await currentPrices(db, user, [...productIds], now);
  const answers: OccurrenceWire[] = [];
  for (const row of past)
    answers.push(
      await occurrenceAnswer(
        context,
        { date: row.delivery_date, cutoffAt: row.cutoff_at, draftAt: row.draft_at },
        row,
        prices,
      ),
    );
  for (const times of ahead)
    answers.push(await occurrenceAnswer(context, times, byDate.get(times.date), prices));
  return answers;
}

/** One occurrence as answered after a write. */
export async function occurrenceOf(
  db: Db,
  user: CurrentUser,
  context: SeriesContext,
  times: OccurrenceTimes,
  now: Date,
): Promise<OccurrenceWire> {
  const row = await db
    .selectFrom('standing_order_occurrences')
    .selectAll()
    .where('series_id', '=', context.series.id)
    .where('delivery_date', '=', times.date)
    .executeTakeFirst();
  const lines = parseLines(row?.lines ?? context.series.lines);
  const prices = await currentPrices(
    db,
    user,
    lines.map((line) => line.product_id),
    now,
  );
  return occurrenceAnswer(context, times, row, prices);
}

/** The series as answered: its lines (with product names) and next four occurrences. */
export async function seriesAnswer(
  db: Db,
  user: CurrentUser,
  context: SeriesContext,
  now: Date,
  settings: StandingOrderSettings,
): Promise<StandingOrderWire> {
  const { series } = context;
  const next = await occurrencesOf(db, user, context, now, settings, { recent: false });
  const names = new Map(
    next.flatMap((o) => o.lines.map((line) => [line.product_id, line.product_name] as const)),
  );
  const lines = parseLines(series.lines);
  const missing = lines.filter((line) => !names.has(line.product_id)).map((line) => line.product_id);
  if (missing.length)
    for (const [id, entry] of await currentPrices(db, user, missing, now)) names.set(id, entry.name);
  return {
    id: series.id,
    name: series.name,
    interval_weeks: series.interval_weeks,
    weekday: series.weekday,
    first_delivery_date: series.first_delivery_date,
    end_date: series.end_date,
    status: series.status,
    address_id: series.address_id,
    lines: lines.map((line) => ({
      product_id: line.product_id,
      quantity: line.quantity,
      unit: line.unit,
      product_name: names.get(line.product_id) ?? null,
    })),
    next_occurrences: next,
    created_at: series.created_at,
  };
}

/** The company's series with this id (404 otherwise), with the route of its address. */
export async function companySeries(
  db: Db,
  user: CurrentUser,
  id: number,
  now: Date,
): Promise<SeriesContext> {
  const series = await db
    .selectFrom('standing_orders')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', user.companyId)
    .executeTakeFirst();
  if (!series) throw new ApiError(404, { detail: 'No standing order has this id.', code: 'not_found' });
  return { series, route: await seriesRoute(db, series, now) };
}
