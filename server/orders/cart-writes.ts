import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { inChunks, loadCatalogueSnapshot } from './catalogue-snapshot';
import { type CheckedLine, checkLine, type LineRejection, type RequestedLine } from './line-rules';
import { isUniqueViolation } from './unique-violation';

export const rejectionError = (rejection: LineRejection) =>
  new ApiError(400, {
    detail: rejection.detail,
    code: rejection.code,
    errors: { [rejection.field]: [rejection.detail] },
  });

/** One line checked against the catalogue, or the 400 that explains why not. */
export async function checkedCartLine(db: Kysely<Database>, requested: RequestedLine, now: Date) {
  const catalogue = await loadCatalogueSnapshot(db, [requested.product], now);
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

export type BulkLineResult =
  | {
      index: number;
      product: number;
      status: 'added' | 'replaced';
      id: number;
      quantity: string;
      unit: number;
    }
  | { index: number; product: number; status: 'rejected'; code: string; errors: Record<string, string[]> };

/**
 * Quick order's (and reorder's) many lines in one call: each line is checked on its own, so one bad
 * row never blocks the good ones; a product already in the cart gets its quantity and unit replaced.
 * Every line is stored at the product's best running campaign, whatever campaign was sent. The
 * writes happen in one transaction.
 */
export async function writeBulkCartLines(
  db: Kysely<Database>,
  userId: number,
  requested: readonly RequestedLine[],
  now: Date,
): Promise<BulkLineResult[]> {
  const catalogue = await loadCatalogueSnapshot(
    db,
    requested.map((line) => line.product),
    now,
  );
  const existing = new Map(
    (
      await db.selectFrom('cart_items').select(['id', 'product_id']).where('user_id', '=', userId).execute()
    ).map((row) => [row.product_id, row.id]),
  );
  const seen = new Set<number>();
  const accepted: { index: number; line: CheckedLine; existingId: number | undefined }[] = [];
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
    const check = checkLine(item, catalogue);
    if (!check.ok)
      return {
        index,
        product: item.product,
        status: 'rejected',
        code: check.rejection.code,
        errors: { [check.rejection.field]: [check.rejection.detail] },
      };
    accepted.push({ index, line: check.line, existingId: existing.get(item.product) });
    return undefined;
  });

  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      // A line an order took out of the cart since it was read is added afresh.
      for (const entry of accepted)
        if (
          entry.existingId !== undefined &&
          !(await replaceCartLine(trx, userId, entry.existingId, entry.line, now))
        )
          entry.existingId = undefined;
      await inChunks(
        accepted.filter((entry) => entry.existingId === undefined),
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
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(409, {
        detail: 'The cart changed while the lines were added; please try again.',
        code: 'cart_changed',
      });
    throw error;
  }

  const ids = new Map(
    (
      await inChunks(
        accepted.map(({ line }) => line.productId),
        (chunk) =>
          db
            .selectFrom('cart_items')
            .select(['id', 'product_id'])
            .where('user_id', '=', userId)
            .where('product_id', 'in', chunk)
            .execute(),
      )
    ).map((row) => [row.product_id, row.id]),
  );
  for (const { index, line, existingId } of accepted)
    results[index] = {
      index,
      product: line.productId,
      status: existingId === undefined ? 'added' : 'replaced',
      id: ids.get(line.productId) ?? existingId ?? 0,
      quantity: line.quantity,
      unit: line.unitId,
    };
  return results.filter((result): result is BulkLineResult => result !== undefined);
}
