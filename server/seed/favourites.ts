import type { Insertable } from 'kysely';
import type { FavouriteListItemsTable, FavouriteListsTable } from '../db/schema';
import { listNameKey } from '../queries/favourite-lists';
import { companyIds, userIds } from './accounts';
import { unitIds } from './units';

interface ListSource {
  id: number;
  username: string;
  companyId: number;
  name: string;
  shared: boolean;
  daysAgo: number;
  /** product id, quantity, unit: products of the default catalogue (ids 1–40) */
  lines: [number, string, number][];
}

const { piece, box, crate } = unitIds;

/**
 * The demo favourite lists. The buyer's weekly order holds product 5 (Metzgerei Brandt
 * Sucuk), which the seed keeps out of stock, so "add all to cart" has a line to report. Bosporus's
 * list is shared, so isolation between companies is visible in the data too.
 */
export const favouriteListSources: readonly ListSource[] = [
  {
    id: 1,
    username: 'buyer',
    companyId: companyIds.lindenhof,
    name: 'Weekly order',
    shared: false,
    daysAgo: 12,
    lines: [
      [1, '2', box],
      [2, '2', crate],
      [6, '10', piece],
      [5, '4', piece],
      [18, '1', box],
      [30, '24', piece],
      [32, '1', box],
      [13, '2', crate],
    ],
  },
  {
    id: 2,
    username: 'buyer',
    companyId: companyIds.lindenhof,
    name: 'Standard order guide',
    shared: true,
    daysAgo: 40,
    lines: [
      [11, '1', box],
      [24, '1', box],
      [12, '2', box],
      [25, '5', piece],
      [7, '1', box],
      [3, '6', piece],
    ],
  },
  {
    id: 3,
    username: 'colleague',
    companyId: companyIds.lindenhof,
    name: 'My usuals',
    shared: false,
    daysAgo: 5,
    lines: [
      [14, '6', piece],
      [28, '1', crate],
      [19, '5', piece],
    ],
  },
  {
    id: 4,
    username: 'other',
    companyId: companyIds.bosporus,
    name: 'Imbiss basics',
    shared: true,
    daysAgo: 20,
    lines: [
      [30, '40', piece],
      [10, '1', box],
      [40, '2', box],
    ],
  },
];

export function buildFavouriteLists(now: Date) {
  const lists: Insertable<FavouriteListsTable>[] = [];
  const items: Insertable<FavouriteListItemsTable>[] = [];
  for (const source of favouriteListSources) {
    const userId = userIds[source.username];
    if (userId === undefined) throw new Error(`no demo account ${source.username}`);
    const createdAt = now.getTime() - source.daysAgo * 86_400_000;
    // Lines added a minute apart after the list was made; the list last changed with its last line.
    const addedAt = (position: number) => new Date(createdAt + (position + 1) * 60_000).toISOString();
    lists.push({
      id: source.id,
      user_id: userId,
      company_id: source.companyId,
      name: source.name,
      name_key: listNameKey(source.name),
      shared: source.shared ? 1 : 0,
      created_at: new Date(createdAt).toISOString(),
      updated_at: addedAt(source.lines.length - 1),
    });
    source.lines.forEach(([productId, quantity, unitId], position) => {
      items.push({
        list_id: source.id,
        product_id: productId,
        quantity,
        unit_id: unitId,
        added_at: addedAt(position),
        position,
      });
    });
  }
  return { lists, items };
}
