import type { FavouriteList, FavouriteListItem, FavouriteListSummary } from '../../domain/types';
import { aProduct } from './catalogue';

/** A list summary as the server answers it: own, private and empty unless overridden. */
export function aFavouriteListSummary(overrides: Partial<FavouriteListSummary> = {}): FavouriteListSummary {
  return {
    id: 1,
    name: 'Weekly order',
    shared: false,
    owner: { id: 1, name: 'Bea Buyer' },
    editable: true,
    ownerIsMainUser: true,
    productIds: [],
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-02T10:00:00Z',
    ...overrides,
  };
}

/** The summary's shorthand where a test names many lists: its id and name first. */
export const aList = (id: number, name: string, overrides: Partial<FavouriteListSummary> = {}) =>
  aFavouriteListSummary({ id, name, ...overrides });

/** One piece of aProduct, still sold. */
export function aFavouriteListItem(overrides: Partial<FavouriteListItem> = {}): FavouriteListItem {
  const product = overrides.product === undefined ? aProduct() : overrides.product;
  return {
    productId: product?.id ?? 1,
    product,
    quantity: '1',
    unit: 1,
    addedAt: '2026-11-02T10:00:00Z',
    ...overrides,
  };
}

/** A list with its lines; productIds follow the lines unless overridden. */
export function aFavouriteList(overrides: Partial<FavouriteList> = {}): FavouriteList {
  const items = overrides.items ?? [aFavouriteListItem()];
  return {
    ...aFavouriteListSummary(),
    productIds: items.map((item) => item.productId),
    items,
    ...overrides,
  };
}
