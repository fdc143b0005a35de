import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { oil } from '../cart/support/cartData';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

// "Make a standing order" in the cart drawer opens the form on the page: the drawer closes first.

describe('standing order from the cart', { timeout: 60_000 }, () => {
  it('closes the drawer and opens the form with the cart as the source', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal({ api: fakeApi({ cart: [], found: [oil.product] }) });
    const search = (
      await screen.findAllByRole('combobox', { name: 'Search products' }, { timeout: 60_000 })
    )[0]!;
    await user.type(search, 'oil');
    await user.click(await screen.findByRole('option', { name: /Sunflower oil 1 l/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sunflower oil 1 l' }));
    await user.click(await dialog.findByRole('button', { name: 'Add to cart' }));
    await user.click(await dialog.findByRole('button', { name: 'Go to cart' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Cart' }));

    await user.click(await drawer.findByRole('link', { name: 'Make a standing order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
    expect(location.history.at(-1)).toBe('/standing-orders/new/?source=cart');
    expect(
      await screen.findByRole('heading', { name: 'Make a standing order' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
  });
});
