import { vi } from 'vitest';
import type { FavouriteLineWrite, FavouriteListSummary } from '../../../src/domain/types';
import { ApiError, type PortalApi } from '../../../src/services/api';
import type { FavouriteListCreate } from '../../../src/services/api/favourites';
import { aList } from '../../../src/test/builders';

export const refusal = (status: number, code: string) =>
  new ApiError({ kind: 'http', call: 'test call', status, code }, `HTTP ${status}`);

/**
 * The favourite-list calls of the server, kept in memory (own lists first, then shared, each by
 * name, as the server sorts): spies, so a test checks what was sent, and overridable per call.
 */
export function favouritesFake(initial: FavouriteListSummary[] = []) {
  let lists = [...initial];
  let nextId = 100;
  const sorted = () =>
    [...lists].sort((a, b) => Number(b.editable) - Number(a.editable) || a.name.localeCompare(b.name));
  const replace = (list: FavouriteListSummary) => {
    lists = lists.map((candidate) => (candidate.id === list.id ? list : candidate));
    return list;
  };
  const find = (id: number) => {
    const list = lists.find((candidate) => candidate.id === id);
    if (!list) throw refusal(404, 'not_found');
    return list;
  };
  const api = {
    favouriteLists: vi.fn(async () => sorted()),
    createFavouriteList: vi.fn(async (create: FavouriteListCreate) => {
      const list = aList(nextId++, create.name, {
        shared: create.shared,
        productIds: (create.items ?? []).map((item: FavouriteLineWrite) => item.product),
      });
      lists.push(list);
      return list;
    }),
    putFavouriteItem: vi.fn(async (listId: number, line: FavouriteLineWrite) => {
      const list = find(listId);
      return replace({ ...list, productIds: [...new Set([...list.productIds, line.product])] });
    }),
    removeFavouriteItem: vi.fn(async (listId: number, productId: number) => {
      const list = find(listId);
      return replace({ ...list, productIds: list.productIds.filter((id) => id !== productId) });
    }),
  } satisfies Partial<PortalApi>;
  return api;
}
