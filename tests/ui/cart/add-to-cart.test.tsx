import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { oil } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

async function openProductFromSearch(user: ReturnType<typeof userEvent.setup>) {
  const search = (
    await screen.findAllByRole('combobox', { name: 'Search products' }, { timeout: 60_000 })
  )[0]!;
  await user.type(search, 'oil');
  await user.click(await screen.findByRole('option', { name: /Sunflower oil 1 l/ }));
  return within(await screen.findByRole('dialog', { name: 'Sunflower oil 1 l' }));
}

describe('product dialog cart part', { timeout: 60_000 }, () => {
  it('adds the product, says so, and then offers the cart instead of a second add', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [], found: [oil.product] });
    renderPortal({ api });
    const dialog = await openProductFromSearch(user);
    await user.click(await dialog.findByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Product added to cart')).toBeInTheDocument();
    expect(api.addCartItem).toHaveBeenCalledWith(
      expect.objectContaining({ product: 7, quantity: '1', unit: 1 }),
      expect.anything(),
    );
    expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Go to cart' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Cart' }));
    expect(await drawer.findByRole('listitem', { name: 'Sunflower oil 1 l' })).toBeInTheDocument();
  });

  it('says "Whoops, something went wrong" when adding fails and keeps the button', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [], found: [oil.product] });
    api.addCartItem.mockRejectedValueOnce(
      new ApiError({ kind: 'network', call: 'POST cart-items' }, 'offline'),
    );
    renderPortal({ api });
    const dialog = await openProductFromSearch(user);
    await user.click(await dialog.findByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Whoops, something went wrong')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(dialog.queryByRole('button', { name: 'In cart' })).not.toBeInTheDocument();
  });
});
