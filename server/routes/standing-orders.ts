import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import { addIsoDays } from '../../src/domain/delivery-calendar';
import {
  type devStandingOrdersRunWire,
  occurrenceLinesWire,
  standingOrderCreateWire,
  standingOrderUpdateWire,
} from '../../src/services/api/wire/standing-orders';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv, CurrentUser } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { visibleList } from '../queries/favourite-lists';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';
import { isoWeekdayOf } from '../standing-orders/occurrence-dates';
import { runStandingOrders } from '../standing-orders/run-standing-orders';
import {
  companySeries,
  conflict,
  currentPrices,
  occurrenceOf,
  occurrencesOf,
  parseLines,
  referencedLines,
  reviewReasons,
  type SeriesContext,
  seriesAnswer,
  seriesRoute,
  timesOfDay,
  unprocessable,
} from '../standing-orders/series-store';
import { type StandingOrderSettings, standingOrderSettings } from '../standing-orders/settings';
import { substitutionForbidden } from '../substitutes/substitutes';

type Db = Kysely<Database>;

const seriesPath = '/standing-orders/:id{[0-9]{1,9}}/';
const occurrencePath = '/standing-orders/:id{[0-9]{1,9}}/occurrences/:date{[0-9]{4}-[0-9]{2}-[0-9]{2}}';

type Line = { product_id: number; quantity: string; unit: number };

/** The lines of the source a new series copies: a list the user sees, an order of the company, the cart. */
async function sourceLines(
  db: Db,
  user: CurrentUser,
  source: z.infer<typeof standingOrderCreateWire>['source'],
): Promise<Line[]> {
  if (source.kind === 'list') {
    if (!(await visibleList(db, user, source.list_id)))
      throw new ApiError(404, { detail: 'No favourite list has this id.', code: 'not_found' });
    const rows = await db
      .selectFrom('favourite_list_items')
      .select(['product_id', 'quantity', 'unit_id'])
      .where('list_id', '=', source.list_id)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      product_id: row.product_id,
      quantity: String(row.quantity),
      unit: row.unit_id,
    }));
  }
  if (source.kind === 'order') {
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', source.order_id)
      .where('company_id', '=', user.companyId)
      .executeTakeFirst();
    if (!order) throw new ApiError(404, { detail: 'No order has this id.', code: 'not_found' });
    const rows = await db
      .selectFrom('order_items as i')
      .innerJoin('suborders as s', 's.id', 'i.suborder_id')
      .select(['i.product_id', 'i.quantity', 'i.unit_id'])
      .where('s.order_id', '=', order.id)
      .orderBy('i.id')
      .execute();
    return rows.map((row) => ({
      product_id: row.product_id,
      quantity: String(row.quantity),
      unit: row.unit_id,
    }));
  }
  const rows = await db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity', 'unit_id'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    product_id: row.product_id,
    quantity: String(row.quantity),
    unit: row.unit_id,
  }));
}

/**
 * A line that names the product it replaces must be one of the supplier's substitutes for it, and
 * the buyer must allow substitution; else the order would record a substitution nobody offered.
 * The mapping is read without the primary's visibility: the product asked for is often the one the
 * supplier retired, which is why the delivery waits for review.
 */
async function refuseUnofferedSubstitutes(
  db: Db,
  user: CurrentUser,
  lines: readonly { product_id: number; substitute_for?: number | null | undefined }[],
) {
  const substituted = lines.filter((line) => line.substitute_for != null);
  if (substituted.length === 0) return;
  const forbidden = await substitutionForbidden(db, user);
  if (forbidden.companyForbids || forbidden.userForbids)
    throw conflict('substitution_forbidden', 'Substitution is switched off for this account.');
  for (const line of substituted) {
    const mapping = await db
      .selectFrom('product_substitutes')
      .select('substitute_id')
      .where('product_id', '=', line.substitute_for ?? 0)
      .where('substitute_id', '=', line.product_id)
      .executeTakeFirst();
    if (!mapping)
      throw unprocessable(
        'not_a_substitute',
        `The supplier offers product ${line.product_id} as no substitute for product ${line.substitute_for}.`,
        'lines',
      );
  }
}

/** One line per product (the first one's unit; a later line of the same product is left out). */
const onePerProduct = (lines: readonly Line[]) => {
  const seen = new Set<number>();
  return lines.filter((line) => !seen.has(line.product_id) && seen.add(line.product_id));
};

/** The company's first delivery address, or the one named (a 400 when it is not the company's). */
async function seriesAddress(db: Db, user: CurrentUser, named: number | undefined): Promise<number | null> {
  const query = db
    .selectFrom('company_addresses')
    .select('id')
    .where('company_id', '=', user.companyId)
    .where('kind', '=', 'delivery');
  const row = await (named === undefined ? query.orderBy('position') : query.where('id', '=', named))
    .limit(1)
    .executeTakeFirst();
  if (named !== undefined && !row)
    throw unprocessable('invalid', `No delivery address of this company has the id ${named}.`, 'address_id');
  return row?.id ?? null;
}

/**
 * Standing orders of the signed-in user's company (docs/api.md "Standing orders"). Every write to a
 * delivery is refused once its cut-off passed (409 past_cutoff): by then it is placed or it failed.
 */
export function standingOrderRoutes(
  { db, now }: AppDeps,
  settings: StandingOrderSettings = standingOrderSettings(),
) {
  const routes = new Hono<AppEnv>();
  routes.use('/standing-orders/*', refuseDemoAccounts(demoDetails.cart));

  const context = (c: Context<AppEnv>) => companySeries(db, c.get('user'), Number(c.req.param('id')), now());

  routes.get('/standing-orders/', async (c) => {
    const user = c.get('user');
    const at = now();
    const rows = await db
      .selectFrom('standing_orders')
      .selectAll()
      .where('company_id', '=', user.companyId)
      .orderBy('id')
      .execute();
    const answers = [];
    for (const series of rows)
      answers.push(
        await seriesAnswer(db, user, { series, route: await seriesRoute(db, series, at) }, at, settings),
      );
    return c.json({ standing_orders: answers });
  });

  routes.post('/standing-orders/', async (c) => {
    const user = c.get('user');
    const body = await readJsonBody(c, standingOrderCreateWire);
    const at = now();
    const addressId = await seriesAddress(db, user, body.address_id);
    const route = await seriesRoute(db, { company_id: user.companyId, address_id: addressId }, at);
    if (route) {
      const served =
        route.calendar.routes.find((candidate) => candidate.id === route.routeId)?.weekdays ?? [];
      if (!served.includes(body.weekday as never))
        throw unprocessable(
          'not_served_day',
          'The delivery route does not drive on this weekday.',
          'weekday',
        );
    }
    if (isoWeekdayOf(body.first_delivery_date) !== body.weekday)
      throw unprocessable(
        'invalid_date',
        'The first delivery is not on the chosen weekday.',
        'first_delivery_date',
      );
    const today = at.toISOString().slice(0, 10);
    if (body.first_delivery_date <= addIsoDays(today, -1))
      throw unprocessable('invalid_date', 'The first delivery lies in the past.', 'first_delivery_date');
    if (body.end_date !== null && body.end_date < body.first_delivery_date)
      throw unprocessable('invalid_date', 'The end date lies before the first delivery.', 'end_date');
    const lines = onePerProduct(await sourceLines(db, user, body.source));
    if (lines.length === 0)
      throw unprocessable('empty_source', 'There is nothing to order in this source.', 'source');
    const stored = await referencedLines(db, user, lines, at);
    const series = await db
      .insertInto('standing_orders')
      .values({
        company_id: user.companyId,
        user_id: user.id,
        name: body.name,
        interval_weeks: body.interval_weeks,
        weekday: body.weekday,
        first_delivery_date: body.first_delivery_date,
        end_date: body.end_date,
        status: 'active',
        address_id: addressId,
        lines: JSON.stringify(stored),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json(await seriesAnswer(db, user, { series, route }, at, settings), 201);
  });

  routes.patch(seriesPath, async (c) => {
    const user = c.get('user');
    const at = now();
    const { series, route } = await context(c);
    const body = await readJsonBody(c, standingOrderUpdateWire);
    if (series.status === 'ended') throw conflict('series_ended', 'The standing order has ended.');
    if (body.end_date != null && body.end_date < series.first_delivery_date)
      throw unprocessable('invalid_date', 'The end date lies before the first delivery.', 'end_date');
    const changes: Partial<typeof series> = { updated_at: at.toISOString() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.end_date !== undefined) changes.end_date = body.end_date;
    if (body.status !== undefined) changes.status = body.status;
    if (body.lines !== undefined) {
      // A product already on the series keeps its reference price; a new one takes today's.
      const before = new Map(parseLines(series.lines).map((line) => [line.product_id, line] as const));
      const fresh = await referencedLines(db, user, body.lines, at);
      changes.lines = JSON.stringify(
        fresh.map((line) => ({
          ...line,
          reference_price: before.get(line.product_id)?.reference_price ?? line.reference_price,
        })),
      );
    }
    const updated = await db
      .updateTable('standing_orders')
      .set(changes)
      .where('id', '=', series.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json(await seriesAnswer(db, user, { series: updated, route }, at, settings));
  });

  routes.delete(seriesPath, async (c) => {
    const at = now().toISOString();
    const { series } = await context(c);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('standing_orders')
        .set({ status: 'ended', updated_at: at })
        .where('id', '=', series.id)
        .execute();
      await trx
        .updateTable('standing_order_occurrences')
        .set({ status: 'skipped', updated_at: at })
        .where('series_id', '=', series.id)
        .where('status', 'in', ['upcoming', 'draft', 'needs_review'])
        .execute();
    });
    return c.body(null, 204);
  });

  routes.get(`${seriesPath}occurrences/`, async (c) => {
    const at = now();
    const occurrences = await occurrencesOf(db, c.get('user'), await context(c), at, settings, {
      recent: true,
    });
    return c.json({ occurrences });
  });

  /**
   * A write to one delivery: its times (404 off the series' rhythm), refused after its cut-off and
   * for an ended series; `write` runs with the row made sure of, and answers whether it applied.
   */
  const onOccurrence =
    (write: (ctx: SeriesContext, id: number, at: Date) => Promise<boolean>, refusal: string) =>
    async (c: Context<AppEnv>) => {
      const user = c.get('user');
      const at = now();
      const ctx = await context(c);
      const times = timesOfDay(ctx, c.req.param('date') ?? '', settings);
      if (at.toISOString() > times.cutoffAt)
        throw conflict('past_cutoff', `Orders for ${times.date} closed at ${times.cutoffAt}.`);
      if (ctx.series.status === 'ended') throw conflict('series_ended', 'The standing order has ended.');
      await db
        .insertInto('standing_order_occurrences')
        .values({
          series_id: ctx.series.id,
          delivery_date: times.date,
          status: 'upcoming',
          cutoff_at: times.cutoffAt,
          draft_at: times.draftAt,
          lines: null,
          approved_at: null,
          claimed_at: null,
          order_id: null,
          failure: null,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        })
        .onConflict((oc) => oc.columns(['series_id', 'delivery_date']).doNothing())
        .execute();
      const row = await db
        .selectFrom('standing_order_occurrences')
        .select('id')
        .where('series_id', '=', ctx.series.id)
        .where('delivery_date', '=', times.date)
        .executeTakeFirstOrThrow();
      if (!(await write(ctx, row.id, at))) throw conflict('wrong_status', refusal);
      return c.json(await occurrenceOf(db, user, ctx, times, at));
    };

  const open = ['upcoming', 'draft', 'needs_review'] as const;
  const moved = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

  routes.post(
    `${occurrencePath}/skip`,
    onOccurrence(
      async (_ctx, id, at) =>
        moved(
          await db
            .updateTable('standing_order_occurrences')
            .set({ status: 'skipped', updated_at: at.toISOString() })
            .where('id', '=', id)
            .where('status', 'in', [...open, 'skipped'])
            .executeTakeFirst(),
        ),
      'This delivery is already being placed or was placed.',
    ),
  );

  routes.post(
    `${occurrencePath}/unskip`,
    onOccurrence(
      async (_ctx, id, at) =>
        moved(
          await db
            .updateTable('standing_order_occurrences')
            .set({
              status: 'upcoming',
              review_reasons: '[]',
              approved_at: null,
              updated_at: at.toISOString(),
            })
            .where('id', '=', id)
            .where('status', 'in', ['skipped', 'upcoming'])
            .executeTakeFirst(),
        ),
      'Only a skipped delivery can be taken up again.',
    ),
  );

  routes.post(
    `${occurrencePath}/approve`,
    onOccurrence(
      async (_ctx, id, at) =>
        moved(
          await db
            .updateTable('standing_order_occurrences')
            .set({ status: 'draft', approved_at: at.toISOString(), updated_at: at.toISOString() })
            .where('id', '=', id)
            .where('status', '=', 'needs_review')
            .executeTakeFirst(),
        ),
      'Only a delivery waiting for review can be approved.',
    ),
  );

  routes.put(`${occurrencePath}/lines`, async (c) => {
    const body = await readJsonBody(c, occurrenceLinesWire);
    const user = c.get('user');
    await refuseUnofferedSubstitutes(db, user, body.lines);
    return onOccurrence(async (ctx, id, at) => {
      // The series' reference prices hold for its products; a product new to this delivery takes today's.
      const before = new Map(parseLines(ctx.series.lines).map((line) => [line.product_id, line] as const));
      const row = await db
        .selectFrom('standing_order_occurrences')
        .select(['status', 'lines'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // A line that does not say (a client that knows nothing of substitutes, or a quantity change)
      // keeps the product it was taken instead of; null says it stands for itself.
      const taken = new Map(
        parseLines(row.lines ?? '[]').map((line) => [line.product_id, line.substitute_for ?? null] as const),
      );
      const fresh = (await referencedLines(db, user, body.lines, at)).map((line, index) => {
        const said = body.lines[index]?.substitute_for;
        const substituteFor = said === undefined ? (taken.get(line.product_id) ?? null) : said;
        return {
          ...line,
          reference_price: before.get(line.product_id)?.reference_price ?? line.reference_price,
          ...(substituteFor === null ? {} : { substitute_for: substituteFor }),
        };
      });
      // A drafted delivery is judged again with its new lines; one not yet drafted is judged when it is.
      const drafted = row.status === 'draft' || row.status === 'needs_review';
      const reasons = drafted
        ? reviewReasons(
            fresh,
            await currentPrices(
              db,
              user,
              fresh.map((line) => line.product_id),
              at,
            ),
            settings,
          )
        : [];
      return moved(
        await db
          .updateTable('standing_order_occurrences')
          .set({
            lines: JSON.stringify(fresh),
            ...(drafted
              ? { status: reasons.length ? 'needs_review' : 'draft', review_reasons: JSON.stringify(reasons) }
              : {}),
            updated_at: at.toISOString(),
          })
          .where('id', '=', id)
          .where('status', '=', row.status)
          .where('status', 'in', [...open])
          .executeTakeFirst(),
      );
    }, 'This delivery can no longer be changed.')(c);
  });

  return routes;
}

const devRunWire = z.object({ now: z.iso.datetime({ offset: true }) });

/**
 * DEV_CLOCK=1 only: POST /api/dev/standing-orders/run `{ now }` runs the scheduler as of that
 * instant, so a journey sees drafts and placements without waiting for days.
 */
export function devStandingOrderRoutes(
  { db, sendMail }: AppDeps,
  settings: StandingOrderSettings = standingOrderSettings(),
) {
  const routes = new Hono<AppEnv>();
  routes.post('/standing-orders/run', async (c) => {
    const body = await readJsonBody(c, devRunWire);
    const at = new Date(body.now);
    const summary = await runStandingOrders(db, at, { settings, sendMail });
    const answer: z.infer<typeof devStandingOrdersRunWire> = { now: at.toISOString(), ...summary };
    return c.json(answer);
  });
  return routes;
}
