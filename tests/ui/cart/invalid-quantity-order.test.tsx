import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cans, oil, twoWarehouses } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

// Text typed into a cart line that is no quantity must not let the order go out with the quantity
// saved before: Order waits until the line is fixed, and says which line.

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

describe('cart: an invalid quantity typed in a line', { timeout: 60_000 }, () => {
  it('disables Order with the reason until the quantity is fixed', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans], preview: twoWarehouses });
    renderPortal({ api });
    const drawer = await openCart(user);
    const oilLine = within(await drawer.findByRole('listitem', { name: oil.product.name }));
    const order = drawer.getByRole('button', { name: 'Order' });
    expect(order).toBeEnabled();

    const quantity = oilLine.getByRole('textbox');
    await user.clear(quantity);
    await user.type(quantity, 'abc');

    expect(order).toBeDisabled();
    expect(drawer.getByText(`Correct the quantity of ${oil.product.name} to order.`)).toBeInTheDocument();
    await user.click(order);
    expect(screen.queryByRole('dialog', { name: 'Confirm your order' })).not.toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(order).toBeEnabled();
    expect(drawer.queryByText(/Correct the quantity/)).not.toBeInTheDocument();
    await user.click(order);
    // the order carries the fixed quantity, once it is saved
    expect(await screen.findByRole('dialog', { name: 'Confirm your order' })).toBeInTheDocument();
    expect(api.previewOrder).toHaveBeenLastCalledWith(
      expect.arrayContaining([expect.objectContaining({ product: oil.product.id, quantity: '3' })]),
      expect.anything(),
    );
  });

  it('a line with invalid text that is removed no longer holds up the order', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans], preview: twoWarehouses });
    renderPortal({ api });
    const drawer = await openCart(user);
    const oilLine = within(await drawer.findByRole('listitem', { name: oil.product.name }));
    await user.clear(oilLine.getByRole('textbox'));
    await user.type(oilLine.getByRole('textbox'), '-');
    expect(drawer.getByRole('button', { name: 'Order' })).toBeDisabled();

    await user.click(oilLine.getByRole('button', { name: `Remove ${oil.product.name}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this item?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() =>
      expect(drawer.queryByRole('listitem', { name: oil.product.name })).not.toBeInTheDocument(),
    );
    expect(drawer.getByRole('button', { name: 'Order' })).toBeEnabled();
  });
});
