import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aList } from '../../../src/test/builders';
import { catalogueApi, renderPortal } from '../catalogue/support';
import { favouritesFake } from './favourite-lists-support';

describe('add to list from a product table', () => {
  it('stores 1 of the product’s primary unit', async () => {
    const user = userEvent.setup();
    const favourites = favouritesFake([aList(3, 'Weekly order')]);
    renderPortal({ api: catalogueApi(favourites) });
    const featured = await screen.findByRole('region', { name: 'Featured products' }, { timeout: 60_000 });
    const row = within(
      (await within(featured).findByRole('button', { name: /^Alpenhof Käse Gouda/ })).closest('tr')!,
    );
    await user.click(await row.findByRole('button', { name: 'Add to list' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Weekly order' }));
    await waitFor(() => expect(row.getByRole('button', { name: 'On a list' })).toBeInTheDocument());
    // the Gouda is counted in pieces (its box and pallet are made of them)
    expect(favourites.putFavouriteItem).toHaveBeenCalledWith(
      3,
      { product: 1, quantity: '1', unit: 1 },
      expect.anything(),
    );
  });
});
