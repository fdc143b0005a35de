import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aList } from '../../../src/test/builders';
import { placedOrder } from '../cart/support/cartData';
import { type FakeApi, fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';
import { favouritesFake } from './favourite-lists-support';

describe('add to list from an order line', { timeout: 60_000 }, () => {
  it('keeps the line’s quantity and unit', async () => {
    const user = userEvent.setup();
    const favourites = favouritesFake([aList(3, 'Weekly order')]);
    const extra: Record<string, unknown> = favourites;
    const api = new Proxy(fakeApi({ orders: [placedOrder(14, '2026-11-09T10:00:00')] }), {
      get: (target, name) => extra[name as string] ?? target[name as keyof typeof target],
    }) as FakeApi;
    renderPortal({ path: '/orders/14', api });
    const suborder = within(
      await screen.findByRole('region', { name: 'Suborder 140 · North warehouse' }, { timeout: 60_000 }),
    );
    const row = within(suborder.getByText('Sunflower oil 1 l').closest('tr')!);
    await user.click(await row.findByRole('button', { name: 'Add to list' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Weekly order' }));
    await waitFor(() => expect(row.getByRole('button', { name: 'On a list' })).toBeInTheDocument());
    expect(favourites.putFavouriteItem).toHaveBeenCalledWith(
      3,
      { product: 7, quantity: '2.000', unit: 1 },
      expect.anything(),
    );
  });
});
