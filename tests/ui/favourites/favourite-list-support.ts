import { vi } from 'vitest';
import type { FavouriteList, FavouriteListSummary } from '../../../src/domain/types';
import type { PortalApi } from '../../../src/services/api';
import { aFavouriteList, aFavouriteListItem } from '../../../src/test/builders';
import { catalogueApi, gouda, water } from '../catalogue/support';

export const weekly: FavouriteList = aFavouriteList({
  id: 31,
  name: 'Weekly order',
  shared: false,
  owner: { id: 5, name: 'Mia Buyer' },
  editable: true,
  ownerIsMainUser: false,
  productIds: [gouda.id, water.id, 77],
  createdAt: '2026-11-01T08:00:00Z',
  updatedAt: '2026-11-01T08:00:00Z',
  items: [
    aFavouriteListItem({
      productId: gouda.id,
      product: gouda,
      quantity: '2.000',
      unit: 1,
      addedAt: '2026-11-01T08:00:00Z',
    }),
    aFavouriteListItem({
      productId: water.id,
      product: water,
      quantity: '1',
      unit: 2,
      addedAt: '2026-11-01T08:00:00Z',
    }),
    aFavouriteListItem({
      productId: 77,
      product: null,
      quantity: '3',
      unit: 1,
      addedAt: '2026-11-01T08:00:00Z',
    }),
  ],
});

export const colleaguesGuide: FavouriteList = {
  ...weekly,
  id: 32,
  name: 'Kitchen order guide',
  shared: true,
  editable: false,
  ownerIsMainUser: true,
  owner: { id: 2, name: 'Jonas Main' },
  items: [weekly.items[0]!],
};

export const summaryOf = (list: FavouriteList, overrides: Partial<FavouriteListSummary> = {}) => {
  const { items: _items, ...summary } = list;
  return { ...summary, ...overrides };
};

/** The catalogue's answers plus a favourite list and its writes (each a spy the test reads). */
export function favouritesApi(list: FavouriteList, overrides: Partial<PortalApi> = {}) {
  const api = {
    favouriteLists: vi.fn(async () => [summaryOf(list)]),
    favouriteList: vi.fn(async () => list),
    putFavouriteItem: vi.fn(async () => summaryOf(list)),
    removeFavouriteItem: vi.fn(async () => summaryOf(list)),
    updateFavouriteList: vi.fn(async (_id: number, update: { name?: string; shared?: boolean }) =>
      summaryOf(list, update),
    ),
    deleteFavouriteList: vi.fn(async () => undefined),
    cartItems: vi.fn(async () => []),
    addCartItemsBulk: vi.fn(async () => []),
    ...overrides,
  };
  return { api, portalApi: catalogueApi(api as Partial<PortalApi>) };
}
