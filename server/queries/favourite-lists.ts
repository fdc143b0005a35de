import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import type { favouriteListSummaryWire, favouriteListWire } from '../../src/services/api/wire/favourites';
import type { Database } from '../db/schema';
import type { CurrentUser } from '../http/app-env';
import type { CatalogueLanguage } from '../i18n/request-language';
import { inChunks, loadCatalogueSnapshot } from '../orders/catalogue-snapshot';
import { quantityText } from './decimals';
import { PRODUCT_NOT_AVAILABLE } from './product-visibility';
import { nameCollator } from './translations';

export type FavouriteListSummaryWire = z.infer<typeof favouriteListSummaryWire>;
export type FavouriteListWire = z.infer<typeof favouriteListWire>;

/** A list's name as the unique-per-owner rule compares it. */
export const listNameKey = (name: string) => name.trim().toLowerCase();

type Viewer = Pick<CurrentUser, 'id' | 'companyId'>;

/**
 * The lists a user sees: their own, and their company's shared ones. A deleted owner's lists are
 * gone with the owner (or removed with the anonymised row), so no filter on the owner is needed.
 */
function visibleLists(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('favourite_lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.user_id',
      'l.name',
      'l.shared',
      'l.created_at',
      'l.updated_at',
      'u.first_name',
      'u.last_name',
      'u.is_admin',
    ])
    .where((eb) =>
      eb.or([
        eb('l.user_id', '=', viewer.id),
        eb.and([eb('l.company_id', '=', viewer.companyId), eb('l.shared', '=', 1)]),
      ]),
    );
}

export type VisibleListRow = Awaited<ReturnType<ReturnType<typeof visibleLists>['execute']>>[number];

/** One list the user may see, or undefined (another company's list, a colleague's private one). */
export function visibleList(db: Kysely<Database>, viewer: Viewer, listId: number) {
  return visibleLists(db, viewer).where('l.id', '=', listId).executeTakeFirst();
}

/** The products of the lists, each list's in the order added. */
async function productIdsOf(db: Kysely<Database>, listIds: readonly number[]) {
  const rows = await inChunks(listIds, (chunk) =>
    db
      .selectFrom('favourite_list_items')
      .select(['list_id', 'product_id', 'par_level'])
      .where('list_id', 'in', chunk)
      .orderBy('list_id')
      .orderBy('position')
      .execute(),
  );
  const byList = new Map<number, number[]>();
  for (const row of rows) byList.set(row.list_id, [...(byList.get(row.list_id) ?? []), row.product_id]);
  return { byList, guides: new Set(rows.filter((row) => row.par_level !== null).map((row) => row.list_id)) };
}

function toSummary(
  row: VisibleListRow,
  viewer: Viewer,
  productIds: number[],
  orderGuide: boolean,
): FavouriteListSummaryWire {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared === 1,
    owner: { id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim() },
    editable: row.user_id === viewer.id,
    owner_is_main_user: row.is_admin === 1,
    product_ids: productIds,
    created_at: row.created_at,
    updated_at: row.updated_at,
    order_guide: orderGuide,
  };
}

/**
 * GET /favourite-lists/: own lists first, then the company's shared ones, each group by name as a
 * reader of the language expects (compared here, so both engines answer the same order), then id.
 */
export async function listSummaries(
  db: Kysely<Database>,
  viewer: Viewer,
  language: CatalogueLanguage,
): Promise<FavouriteListSummaryWire[]> {
  const rows = await visibleLists(db, viewer).execute();
  const collator = nameCollator(language);
  rows.sort(
    (a, b) =>
      Number(b.user_id === viewer.id) - Number(a.user_id === viewer.id) ||
      collator.compare(a.name, b.name) ||
      a.id - b.id,
  );
  const { byList, guides } = await productIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, viewer, byList.get(row.id) ?? [], guides.has(row.id)));
}

/** One visible list's summary (the answer of every write), or undefined. */
export async function listSummary(
  db: Kysely<Database>,
  viewer: Viewer,
  listId: number,
): Promise<FavouriteListSummaryWire | undefined> {
  const row = await visibleList(db, viewer, listId);
  if (!row) return undefined;
  const { byList, guides } = await productIdsOf(db, [row.id]);
  return toSummary(row, viewer, byList.get(row.id) ?? [], guides.has(row.id));
}

/**
 * GET /favourite-lists/{id}/: the lines in the order added, each with the product as the cart
 * answers it (today's campaign price, stock, category name in the request's language), or null
 * when the product is no longer sold.
 */
export async function listWithItems(
  db: Kysely<Database>,
  viewer: Viewer,
  row: VisibleListRow,
  now: Date,
): Promise<FavouriteListWire> {
  const items = await db
    .selectFrom('favourite_list_items')
    .select(['product_id', 'quantity', 'unit_id', 'added_at', 'par_level', 'shelf_position'])
    .where('list_id', '=', row.id)
    .orderBy('position')
    .execute();
  const catalogue = await loadCatalogueSnapshot(
    db,
    items.map((item) => item.product_id),
    now,
    viewer,
  );
  return {
    ...toSummary(
      row,
      viewer,
      items.map((item) => item.product_id),
      items.some((item) => item.par_level !== null),
    ),
    items: items.map((item) => ({
      product_id: item.product_id,
      product: catalogue.products.get(item.product_id)?.wire ?? null,
      quantity: quantityText(item.quantity),
      unit: item.unit_id,
      added_at: item.added_at,
      ...(catalogue.unavailable?.has(item.product_id) ? { unavailable: PRODUCT_NOT_AVAILABLE } : {}),
      par_level: item.par_level === null ? null : quantityText(item.par_level),
      shelf_position: item.shelf_position,
    })),
  };
}
