import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { oil, twoWarehouses } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

// From the product dialog to the cart and, after the order, back to the page ordered from.

type User = ReturnType<typeof userEvent.setup>;

async function addFromDialogAndGoToCart(user: User) {
  const search = (
    await screen.findAllByRole('combobox', { name: 'Search products' }, { timeout: 60_000 })
  )[0]!;
  await user.type(search, 'oil');
  await user.click(await screen.findByRole('option', { name: /Sunflower oil 1 l/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Sunflower oil 1 l' }));
  await user.click(await dialog.findByRole('button', { name: 'Add to cart' }));
  await user.click(await dialog.findByRole('button', { name: 'Go to cart' }));
  return screen.findByRole('dialog', { name: 'Cart' });
}

const productDialog = () => screen.queryByRole('dialog', { name: 'Sunflower oil 1 l', hidden: true });

describe('cart navigation', { timeout: 60_000 }, () => {
  it('"Go to cart" closes the product dialog before the drawer opens, and the drawer has the focus', async () => {
    const user = userEvent.setup();
    renderPortal({ api: fakeApi({ cart: [], found: [oil.product] }) });
    const drawer = await addFromDialogAndGoToCart(user);

    await waitFor(() => expect(productDialog()).not.toBeInTheDocument());
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(drawer).getByRole('button', { name: 'Close cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
  });

  it('"Continue shopping" after an order closes the drawer on the page ordered from, not on a stale dialog', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [], found: [oil.product], preview: twoWarehouses, orderId: 42 });
    const { location } = renderPortal({ api, path: '/catalog/' });
    const drawer = within(await addFromDialogAndGoToCart(user));
    await user.click(await drawer.findByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    await confirm.findByRole('heading', { name: 'Shipment 1 from North warehouse' });
    await user.click(confirm.getByRole('button', { name: 'Confirm order' }));
    await drawer.findByRole('heading', { name: 'Thank you for your order' });

    await user.click(drawer.getByRole('button', { name: 'Continue shopping' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
    expect(productDialog()).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/catalog/');
    expect(screen.getByRole('heading', { level: 1, name: 'Catalog' })).toBeInTheDocument();
  });
});
