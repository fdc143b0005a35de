import { type Kysely, PostgresAdapter } from 'kysely';
import { toDecimal } from '../../src/domain/decimal';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { PriceViewer } from '../queries/contract-prices';
import { checkAddedLine, type StoredCartLine } from './cart-line-sum';
import { inChunks, loadCatalogueSnapshot } from './catalogue-snapshot';
import { type CheckedLine, checkLine, type LineRejection, type RequestedLine } from './line-rules';
import { isUniqueViolation } from './unique-violation';

export const rejectionError = (rejection: LineRejection) =>
  new ApiError(400, {
    detail: rejection.detail,
    code: rejection.code,
    errors: { [rejection.field]: [rejection.detail] },
    ...(rejection.maxQuantity === undefined ? {} : { max_quantity: rejection.maxQuantity }),
  });

/** One line checked against the catalogue, or the 400 that explains why not. */
export async function checkedCartLine(
  db: Kysely<Database>,
  requested: RequestedLine,
  now: Date,
  viewer: PriceViewer,
) {
  const catalogue = await loadCatalogueSnapshot(db, [requested.product], now, viewer);
  const check = checkLine(requested, catalogue);
  if (!check.ok) throw rejectionError(check.rejection);
  return check.line;
}

const lineValues = (line: CheckedLine) => ({
  product_id: line.productId,
  campaign_id: line.campaignId,
  quantity: line.quantity,
  unit_id: line.unitId,
});

const existingLineId = async (db: Kysely<Database>, userId: number, productId: number) =>
  (
    await db
      .selectFrom('cart_items')
      .select('id')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst()
  )?.id;

/**
 * Adds a line, or, the cart being keyed by product, updates the product's line when it has one
 * (quantity, unit and today's campaign): adding never keeps a line from today's price. A line a
 * concurrent request added first is updated the same way.
 */
export async function addCartLine(
  db: Kysely<Database>,
  userId: number,
  line: CheckedLine,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const present = await existingLineId(db, userId, line.productId);
  // An order may take the line out of the cart in between: the product is then added afresh.
  if (present !== undefined && (await replaceCartLine(db, userId, present, line, now)))
    return { id: present, created: false };
  const at = now.toISOString();
  try {
    const { id } = await db
      .insertInto('cart_items')
      .values({ user_id: userId, ...lineValues(line), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, created: true };
  } catch (error) {
    const raced = isUniqueViolation(error) ? await existingLineId(db, userId, line.productId) : undefined;
    if (raced === undefined || !(await replaceCartLine(db, userId, raced, line, now))) throw error;
    return { id: raced, created: false };
  }
}

/**
 * Rewrites one of the user's lines; false when the line is gone (deleted, or taken out of the cart
 * by an order that held it locked meanwhile), so the caller never reports a change nobody stored.
 */
export async function replaceCartLine(
  db: Kysely<Database>,
  userId: number,
  itemId: number,
  line: CheckedLine,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('cart_items')
    .set({ ...lineValues(line), updated_at: now.toISOString() })
    .where('id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export type BulkMode = 'add' | 'replace';

/** The line a product had in the cart before a bulk line changed it. */
type Previous = { previous_quantity: string; previous_unit: number };

export type BulkLineResult =
  | ({
      index: number;
      product: number;
      status: 'added' | 'increased' | 'replaced';
      id: number;
      quantity: string;
      unit: number;
    } & Partial<Previous>)
  | ({
      index: number;
      product: number;
      status: 'rejected';
      code: string;
      errors: Record<string, string[]>;
      max_quantity?: number;
    } & Partial<Previous>);

const previousOf = (before: StoredCartLine | undefined): Partial<Previous> =>
  before ? { previous_quantity: toDecimal(before.quantity).toFixed(), previous_unit: before.unitId } : {};

/** A refused line, with what the cart holds of the product (a stock refusal may be of the sum). */
const rejected = (
  index: number,
  product: number,
  rejection: LineRejection,
  before: StoredCartLine | undefined,
): BulkLineResult => ({
  index,
  product,
  status: 'rejected',
  code: rejection.code,
  errors: { [rejection.field]: [rejection.detail] },
  ...(rejection.maxQuantity === undefined ? {} : { max_quantity: rejection.maxQuantity }),
  ...previousOf(before),
});

/**
 * The user's cart lines, read inside the bulk write's transaction. On PostgreSQL they stay locked
 * until it ends, so an addition counts from what a concurrent addition (another tab) stored, never
 * from a stale read; on SQLite the transaction holds the write lock from its start (BEGIN IMMEDIATE).
 */
async function lockedCartLines(trx: Kysely<Database>, userId: number): Promise<Map<number, StoredCartLine>> {
  const query = trx
    .selectFrom('cart_items')
    .select(['id', 'product_id', 'quantity', 'unit_id'])
    .where('user_id', '=', userId)
    .orderBy('id');
  const rows =
    trx.getExecutor().adapter instanceof PostgresAdapter
      ? await query.forUpdate().execute()
      : await query.execute();
  return new Map(
    rows.map((row) => [row.product_id, { id: row.id, quantity: String(row.quantity), unitId: row.unit_id }]),
  );
}

/**
 * Quick order's, a favourite list's and reorder's many lines in one call: each line is checked on its
 * own, so one bad row never blocks the good ones. A product already in the cart gets the line's
 * quantity added to its line (`add`: the stock must cover the sum) or its quantity and unit replaced
 * (`replace`). Every line is stored at the product's best running campaign, whatever campaign was
 * sent. The lines are read, checked and written in one transaction.
 */
export async function writeBulkCartLines(
  db: Kysely<Database>,
  userId: number,
  requested: readonly RequestedLine[],
  now: Date,
  viewer: PriceViewer,
  mode: BulkMode = 'replace',
): Promise<BulkLineResult[]> {
  const catalogue = await loadCatalogueSnapshot(
    db,
    requested.map((line) => line.product),
    now,
    viewer,
  );
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const stored = await lockedCartLines(trx, userId);
      const seen = new Set<number>();
      const accepted: { index: number; line: CheckedLine; before: StoredCartLine | undefined }[] = [];
      const results: (BulkLineResult | undefined)[] = requested.map((item, index) => {
        if (seen.has(item.product))
          return {
            index,
            product: item.product,
            status: 'rejected',
            code: 'duplicate_line',
            errors: { product: ['This product is already on an earlier line of this request.'] },
          };
        seen.add(item.product);
        const before = stored.get(item.product);
        const check =
          mode === 'add' && before ? checkAddedLine(item, before, catalogue) : checkLine(item, catalogue);
        if (!check.ok) return rejected(index, item.product, check.rejection, before);
        accepted.push({ index, line: check.line, before });
        return undefined;
      });

      // A line gone since it was read (SQLite has no row lock; an order took it) is added afresh.
      for (const entry of accepted)
        if (entry.before && !(await replaceCartLine(trx, userId, entry.before.id, entry.line, now)))
          entry.before = undefined;
      await inChunks(
        accepted.filter((entry) => entry.before === undefined),
        async (chunk) => {
          await trx
            .insertInto('cart_items')
            .values(
              chunk.map(({ line }) => ({
                user_id: userId,
                ...lineValues(line),
                created_at: at,
                updated_at: at,
              })),
            )
            .execute();
          return [];
        },
      );
      const ids = new Map(
        (
          await inChunks(
            accepted.filter((entry) => entry.before === undefined).map(({ line }) => line.productId),
            (chunk) =>
              trx
                .selectFrom('cart_items')
                .select(['id', 'product_id'])
                .where('user_id', '=', userId)
                .where('product_id', 'in', chunk)
                .execute(),
          )
        ).map((row) => [row.product_id, row.id]),
      );
      for (const { index, line, before } of accepted)
        results[index] = {
          index,
          product: line.productId,
          status: before === undefined ? 'added' : mode === 'add' ? 'increased' : 'replaced',
          id: before?.id ?? ids.get(line.productId) ?? 0,
          quantity: line.quantity,
          unit: line.unitId,
          ...previousOf(before),
        };
      return results.filter((result): result is BulkLineResult => result !== undefined);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(409, {
        detail: 'The cart changed while the lines were added; please try again.',
        code: 'cart_changed',
      });
    throw error;
  }
}
