import type { Kysely } from 'kysely';
import { FAVOURITE_LINES_PER_LIST_MAX, FAVOURITE_LISTS_PER_USER_MAX } from '../../src/domain/favourite-rules';
import type {
  FavouriteListCreateWire,
  FavouriteListUpdateWire,
} from '../../src/services/api/wire/favourites';
import { lockRow } from '../db/row-lock';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { rejectionError } from '../orders/cart-writes';
import { inChunks, loadCatalogueSnapshot } from '../orders/catalogue-snapshot';
import { checkListLine, type LineRejection } from '../orders/line-rules';
import { isUniqueViolation } from '../orders/unique-violation';
import { countOf } from '../queries/decimals';
import { listNameKey } from '../queries/favourite-lists';
import { lineLimitError, listLimitError, nameTakenError, unknownProductError } from './list-errors';

/** The owner's other list with this name (compared trimmed and without case): its name as saved. */
async function nameTaken(db: Kysely<Database>, ownerId: number, name: string, exceptListId?: number) {
  let query = db
    .selectFrom('favourite_lists')
    .select('name')
    .where('user_id', '=', ownerId)
    .where('name_key', '=', listNameKey(name));
  if (exceptListId !== undefined) query = query.where('id', '<>', exceptListId);
  return (await query.executeTakeFirst())?.name;
}

/** A unique-key refusal of the name index is the same answer as the check before it (a race). */
async function orNameTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenError(name);
    throw error;
  }
}

const rejectionAt = (index: number, rejection: Pick<LineRejection, 'detail' | 'field'> & { code: string }) =>
  new ApiError(400, {
    detail: rejection.detail,
    code: rejection.code,
    errors: { [`items.${index}.${rejection.field}`]: [rejection.detail] },
  });

/**
 * POST /favourite-lists/: a new list of the caller, with its first lines checked like PUT's (the
 * product exists, sells in the unit, a whole quantity). The count of the owner's lists and the
 * insert share a transaction with the owner's row locked, so two requests cannot make the 101st.
 */
export async function createList(
  db: Kysely<Database>,
  owner: CurrentUser,
  body: FavouriteListCreateWire,
  now: Date,
  /** an order guide's par level and shelf position per product (the 90-day build) */
  guide?: ReadonlyMap<number, GuideFields>,
): Promise<number> {
  const lines = body.items ?? [];
  if (lines.length > FAVOURITE_LINES_PER_LIST_MAX) throw lineLimitError('items');
  const catalogue = await loadCatalogueSnapshot(
    db,
    lines.map((line) => line.product),
    now,
    owner,
  );
  const seen = new Set<number>();
  const checked = lines.map((line, index) => {
    if (seen.has(line.product))
      throw rejectionAt(index, {
        code: 'duplicate_line',
        field: 'product',
        detail: 'This product is already on an earlier line of this request.',
      });
    seen.add(line.product);
    const check = checkListLine(line, catalogue);
    if (!check.ok) throw rejectionAt(index, check.rejection);
    return { product: line.product, quantity: check.quantity, unitId: check.unitId };
  });

  const at = now.toISOString();
  return orNameTaken(body.name, () =>
    db.transaction().execute(async (trx) => {
      await lockRow(trx, 'users', owner.id);
      const { n } = await trx
        .selectFrom('favourite_lists')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      if (countOf(n as number | string) >= FAVOURITE_LISTS_PER_USER_MAX) throw listLimitError();
      const taken = await nameTaken(trx, owner.id, body.name);
      if (taken !== undefined) throw nameTakenError(taken);
      const { id } = await trx
        .insertInto('favourite_lists')
        .values({
          user_id: owner.id,
          company_id: owner.companyId,
          name: body.name.trim(),
          name_key: listNameKey(body.name),
          shared: body.shared ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await inChunks(
        checked.map((line, position) => ({ line, position })),
        async (chunk) => {
          await trx
            .insertInto('favourite_list_items')
            .values(
              chunk.map(({ line, position }) => ({
                list_id: id,
                product_id: line.product,
                quantity: line.quantity,
                unit_id: line.unitId,
                added_at: at,
                position,
                par_level: guide?.get(line.product)?.parLevel ?? null,
                shelf_position: guide?.get(line.product)?.shelfPosition ?? null,
              })),
            )
            .execute();
          return [];
        },
      );
      return id;
    }),
  );
}

/** An order guide line's own fields: null clears one, undefined leaves it. */
export interface GuideFields {
  parLevel?: string | null;
  shelfPosition?: number | null;
}

/** PATCH /favourite-lists/{id}/ by the owner: a new name (unique among the owner's), shared or not. */
export async function updateList(
  db: Kysely<Database>,
  ownerId: number,
  listId: number,
  body: FavouriteListUpdateWire,
  now: Date,
) {
  if (body.name === undefined && body.shared === undefined) return;
  const { name } = body;
  const taken = name === undefined ? undefined : await nameTaken(db, ownerId, name, listId);
  if (taken !== undefined) throw nameTakenError(taken);
  await orNameTaken(name ?? '', () =>
    db
      .updateTable('favourite_lists')
      .set({
        ...(name === undefined ? {} : { name: name.trim(), name_key: listNameKey(name) }),
        ...(body.shared === undefined ? {} : { shared: body.shared ? 1 : 0 }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', listId)
      .execute(),
  );
}

/**
 * PUT /favourite-lists/{id}/items/{product}/ by the owner: puts the product on the list (last), or
 * changes its quantity and unit where it is. A new line past 1,000 is refused; the list's row is
 * locked first (its `updated_at` moves anyway), so the count and the insert cannot race.
 */
export async function putListItem(
  db: Kysely<Database>,
  listId: number,
  line: { product: number; quantity: string; unit: number } & GuideFields,
  now: Date,
  viewer: { companyId: number },
) {
  const catalogue = await loadCatalogueSnapshot(db, [line.product], now, viewer);
  // One the customer may not see exists: checkListLine refuses it as not available to them.
  if (!catalogue.products.has(line.product) && !catalogue.unavailable?.has(line.product))
    throw unknownProductError();
  const check = checkListLine(line, catalogue);
  if (!check.ok) throw rejectionError(check.rejection);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'favourite_lists', listId);
    await trx.updateTable('favourite_lists').set({ updated_at: at }).where('id', '=', listId).execute();
    const changed = await trx
      .updateTable('favourite_list_items')
      .set({
        quantity: check.quantity,
        unit_id: check.unitId,
        ...(line.parLevel === undefined ? {} : { par_level: line.parLevel }),
        ...(line.shelfPosition === undefined ? {} : { shelf_position: line.shelfPosition }),
      })
      .where('list_id', '=', listId)
      .where('product_id', '=', line.product)
      .executeTakeFirst();
    if (changed.numUpdatedRows > 0n) return;
    const { n, last } = await trx
      .selectFrom('favourite_list_items')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('position').as('last')])
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    if (countOf(n as number | string) >= FAVOURITE_LINES_PER_LIST_MAX) throw lineLimitError();
    await trx
      .insertInto('favourite_list_items')
      .values({
        list_id: listId,
        product_id: line.product,
        quantity: check.quantity,
        unit_id: check.unitId,
        added_at: at,
        position: last === null ? 0 : Number(last) + 1,
        par_level: line.parLevel ?? null,
        shelf_position: line.shelfPosition ?? null,
      })
      .execute();
  });
}

/** DELETE /favourite-lists/{id}/items/{product}/ by the owner; false when the product is not on it. */
export async function removeListItem(db: Kysely<Database>, listId: number, productId: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('favourite_list_items')
      .where('list_id', '=', listId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) return false;
    await trx
      .updateTable('favourite_lists')
      .set({ updated_at: now.toISOString() })
      .where('id', '=', listId)
      .execute();
    return true;
  });
}

/** Deletes a list and, with it, its lines (the owner's check is the caller's). */
export async function deleteList(db: Kysely<Database>, listId: number) {
  await db.deleteFrom('favourite_lists').where('id', '=', listId).execute();
}
