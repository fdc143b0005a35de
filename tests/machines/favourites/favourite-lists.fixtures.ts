import type { FavouriteListSummary } from '../../../src/domain/types';

/** A list summary as the server answers it; own and private unless overridden. */
export function aList(
  id: number,
  name: string,
  overrides: Partial<FavouriteListSummary> = {},
): FavouriteListSummary {
  return {
    id,
    name,
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
