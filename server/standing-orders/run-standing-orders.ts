import type { Kysely } from 'kysely';
import { addIsoDays } from '../../src/domain/delivery-calendar';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { MailSender } from '../mail/outbox';
import { placeOrder } from '../orders/place-order';
import { isUniqueViolation } from '../orders/unique-violation';
import { seriesDates } from './occurrence-dates';
import {
  currentPrices,
  type OccurrenceRow,
  parseLines,
  type ReviewReason,
  reviewReasons,
  ruleOf,
  type SeriesRow,
  seriesOwner,
  seriesRoute,
} from './series-store';
import type { StandingOrderSettings } from './settings';
import { announceStandingOrder } from './standing-order-notice';

type Db = Kysely<Database>;

/** What one run did (the dev hook answers it). */
export interface RunSummary {
  drafted: number;
  needs_review: number;
  placed: number;
  failed: number;
}

export interface RunOptions {
  settings: StandingOrderSettings;
  sendMail?: MailSender | undefined;
  log?: Pick<Console, 'error'>;
}

/** A placement that died between its claim and its end is taken up again after this long. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/** The idempotency key of an occurrence's order: one order per series and day, whoever places it. */
export const standingOrderKey = (seriesId: number, date: string) => `standing-order-${seriesId}-${date}`;

/**
 * One run of the scheduler as of `now`, safe to run in any number of processes at once: every
 * step that acts claims its occurrence first (an insert on the unique (series, day), or an update
 * guarded by the status it expects), so what it does happens once.
 * 1. Drafts: each active series' days whose draft time has come and whose cut-off has not passed
 *    become drafts (or `needs_review` with reasons), and the buyer is told.
 * 2. At the cut-off: drafts are placed as ordinary orders (placeOrder, keyed by series and day);
 *    drafts of a series paused since are skipped; occurrences still waiting for review fail.
 */
export async function runStandingOrders(db: Db, now: Date, options: RunOptions): Promise<RunSummary> {
  const summary: RunSummary = { drafted: 0, needs_review: 0, placed: 0, failed: 0 };
  await draftDue(db, now, options, summary);
  await placeDue(db, now, options, summary);
  return summary;
}

async function draftDue(db: Db, now: Date, options: RunOptions, summary: RunSummary) {
  const { settings } = options;
  const active = await db.selectFrom('standing_orders').selectAll().where('status', '=', 'active').execute();
  const nowIso = now.toISOString();
  for (const series of active) {
    try {
      const route = await seriesRoute(db, series, now);
      // the days whose draft may be due: from yesterday, as far as the draft days and cut-off reach
      const from = addIsoDays(nowIso.slice(0, 10), -1);
      const due = seriesDates(ruleOf(series), route, from, 12, settings.draftDays).filter(
        (times) => times.draftAt <= nowIso && nowIso <= times.cutoffAt,
      );
      for (const times of due) {
        const existing = await db
          .selectFrom('standing_order_occurrences')
          .selectAll()
          .where('series_id', '=', series.id)
          .where('delivery_date', '=', times.date)
          .executeTakeFirst();
        if (existing && existing.status !== 'upcoming') continue;
        const outcome = await evaluate(db, series, existing?.lines ?? null, now, settings);
        if (outcome === null) continue;
        const status = outcome.length ? 'needs_review' : 'draft';
        const claimed = await db.transaction().execute(async (trx) => {
          if (existing) {
            const updated = await trx
              .updateTable('standing_order_occurrences')
              .set({ status, review_reasons: JSON.stringify(outcome), updated_at: nowIso })
              .where('id', '=', existing.id)
              .where('status', '=', 'upcoming')
              .executeTakeFirst();
            if (Number(updated.numUpdatedRows) !== 1) return false;
          } else {
            const inserted = await trx
              .insertInto('standing_order_occurrences')
              .values({
                series_id: series.id,
                delivery_date: times.date,
                status,
                cutoff_at: times.cutoffAt,
                draft_at: times.draftAt,
                lines: null,
                review_reasons: JSON.stringify(outcome),
                approved_at: null,
                claimed_at: null,
                order_id: null,
                failure: null,
                created_at: nowIso,
                updated_at: nowIso,
              })
              .onConflict((oc) => oc.columns(['series_id', 'delivery_date']).doNothing())
              .executeTakeFirst();
            if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
          }
          await announceStandingOrder(
            trx,
            {
              kind: status === 'draft' ? 'drafted' : 'needsReview',
              userId: series.user_id,
              name: series.name,
              date: times.date,
            },
            now,
          );
          return true;
        });
        if (claimed) summary[status === 'draft' ? 'drafted' : 'needs_review'] += 1;
      }
    } catch (error) {
      if (!(error instanceof ApiError) && !isUniqueViolation(error)) throw error;
      (options.log ?? console).error(`Standing order ${series.id}: drafting failed:`, error);
    }
  }
}

/** The review's reasons for these lines (the occurrence's own, else the series'), null without an owner. */
async function evaluate(
  db: Db,
  series: SeriesRow,
  ownLines: string | null,
  now: Date,
  settings: StandingOrderSettings,
): Promise<ReviewReason[] | null> {
  const user = await seriesOwner(db, series);
  if (!user) return null;
  const lines = parseLines(ownLines ?? series.lines);
  const prices = await currentPrices(
    db,
    user,
    lines.map((line) => line.product_id),
    now,
  );
  return reviewReasons(lines, prices, settings);
}

async function placeDue(db: Db, now: Date, options: RunOptions, summary: RunSummary) {
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const due = await db
    .selectFrom('standing_order_occurrences')
    .selectAll()
    .where('cutoff_at', '<=', nowIso)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['draft', 'needs_review']),
        eb.and([eb('status', '=', 'placing'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('cutoff_at')
    .execute();
  for (const occurrence of due) {
    const series = await db
      .selectFrom('standing_orders')
      .selectAll()
      .where('id', '=', occurrence.series_id)
      .executeTakeFirstOrThrow();
    if (occurrence.status === 'needs_review') {
      if (
        await finish(
          db,
          occurrence,
          'needs_review',
          { status: 'failed', failure: 'Not reviewed before the cut-off.' },
          now,
          series,
        )
      )
        summary.failed += 1;
      continue;
    }
    if (series.status !== 'active') {
      await finish(db, occurrence, occurrence.status, { status: 'skipped', failure: null }, now, null);
      continue;
    }
    const late = now.getTime() - Date.parse(occurrence.cutoff_at) > options.settings.placeGraceMs;
    if (late) {
      if (
        await finish(
          db,
          occurrence,
          occurrence.status,
          { status: 'failed', failure: 'The cut-off passed before it could be placed.' },
          now,
          series,
        )
      )
        summary.failed += 1;
      continue;
    }
    // The claim: of all processes running this, one moves the row on and places the order.
    const claim = await db
      .updateTable('standing_order_occurrences')
      .set({ status: 'placing', claimed_at: nowIso, updated_at: nowIso })
      .where('id', '=', occurrence.id)
      .where('status', '=', occurrence.status)
      .where((eb) =>
        occurrence.claimed_at === null
          ? eb('claimed_at', 'is', null)
          : eb('claimed_at', '=', occurrence.claimed_at),
      )
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    const outcome = await place(db, series, occurrence, now, options);
    if (outcome.ok) {
      await db
        .updateTable('standing_order_occurrences')
        .set({ status: 'placed', order_id: outcome.orderId, failure: null, updated_at: nowIso })
        .where('id', '=', occurrence.id)
        .where('status', '=', 'placing')
        .execute();
      summary.placed += 1;
    } else if (
      await finish(db, occurrence, 'placing', { status: 'failed', failure: outcome.failure }, now, series)
    ) {
      summary.failed += 1;
    }
  }
}

/** Moves the occurrence from `from` to its end state (guarded); tells the buyer of a failure. */
async function finish(
  db: Db,
  occurrence: OccurrenceRow,
  from: OccurrenceRow['status'],
  to: { status: 'failed' | 'skipped'; failure: string | null },
  now: Date,
  tell: SeriesRow | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('standing_order_occurrences')
      .set({ ...to, updated_at: now.toISOString() })
      .where('id', '=', occurrence.id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (tell && to.status === 'failed')
      await announceStandingOrder(
        trx,
        { kind: 'failed', userId: tell.user_id, name: tell.name, date: occurrence.delivery_date },
        now,
      );
    return true;
  });
}

/**
 * Places the occurrence through the checkout's own path: the same checks, the same outbox event in
 * the order's transaction, and an idempotency key of the series and day, so a second placement (a
 * claim taken over after a crash) answers the first order. Placed as of its cut-off when the run
 * comes a little late: the draft was final then.
 */
async function place(
  db: Db,
  series: SeriesRow,
  occurrence: OccurrenceRow,
  now: Date,
  options: RunOptions,
): Promise<{ ok: true; orderId: number } | { ok: false; failure: string }> {
  const user = await seriesOwner(db, series);
  if (!user) return { ok: false, failure: 'The buyer who set up the standing order can no longer order.' };
  const lines = parseLines(occurrence.lines ?? series.lines);
  const at = new Date(Math.min(now.getTime(), Date.parse(occurrence.cutoff_at)));
  // Only named when there are any, so a delivery without substitutes hashes as it always did.
  const substituted = lines.flatMap((line) =>
    line.substitute_for == null ? [] : [{ product: line.product_id, substitute_for: line.substitute_for }],
  );
  try {
    const { orderId } = await placeOrder(
      db,
      user,
      {
        items: lines.map((line) => ({ product: line.product_id, quantity: line.quantity, unit: line.unit })),
        expected_delivery_date: occurrence.delivery_date,
        is_preorder: false,
        customer_note: `Standing order: ${series.name}`,
        ...(series.address_id === null ? {} : { delivery_address: series.address_id }),
        keep_cart: true,
        ...(substituted.length ? { substituted } : {}),
      },
      standingOrderKey(series.id, occurrence.delivery_date),
      at,
      { send: options.sendMail, clock: () => now },
    );
    return { ok: true, orderId };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, failure: error.body.detail };
    throw error;
  }
}
