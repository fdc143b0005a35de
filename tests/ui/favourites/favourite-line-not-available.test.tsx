import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FavouriteList } from '../../../src/domain/types';
import { renderPortal } from '../catalogue/support';
import { favouritesApi, weekly } from './favourite-list-support';

await import('../../../src/ui/screens/favourites/favourite-list-screen');

// A list line whose product is no longer available to this customer (retired, or out of its
// assortments) stays on the list and says so, rather than that the product is no longer sold.

const slow = { timeout: 60_000 };

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const rowOf = (name: string) =>
  screen.getByRole('checkbox', { name: `Select ${name}` }).closest('tr') as HTMLElement;

const withUnavailable: FavouriteList = {
  ...weekly,
  items: weekly.items.map((item) => (item.product === null ? { ...item, unavailable: true } : item)),
};

describe('favourite list: a line no longer available to the customer', () => {
  it('says it is no longer available to them', async () => {
    const { portalApi } = favouritesApi(withUnavailable);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    expect(await screen.findByRole('heading', { name: 'Weekly order' }, slow)).toBeInTheDocument();
    const row = within(rowOf('Product no. 77'));
    expect(row.getByText('No longer available to you')).toBeInTheDocument();
    expect(row.queryByText('No longer sold')).not.toBeInTheDocument();
  });
});
