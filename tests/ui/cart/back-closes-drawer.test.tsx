import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../../src/domain/types';
import { catalogueApi, renderPortal } from '../catalogue/support';

// Back closes the cart drawer and stays on the page, also when the product dialog handed over to it
// ("Go to cart"); a drawer closed any other way leaves no entry behind.

/** The browser's Back; jsdom tells the page by a popstate event a moment later (none at the first entry). */
async function pressBack() {
  const moved = new Promise((resolve) => {
    window.addEventListener('popstate', resolve, { once: true });
    setTimeout(resolve, 500);
  });
  await act(async () => {
    window.history.back();
    await moved;
  });
}

/** A cart that takes what is added (the dialog's cart part needs one). */
function withCart() {
  const lines: CartItem[] = [];
  return catalogueApi({
    cartItems: vi.fn(async () => lines),
    addCartItem: vi.fn(async (line: { product: number; quantity: string; unit: number }) => ({
      id: 900 + line.product,
      quantity: line.quantity,
      unit: line.unit,
    })),
  });
}

async function productList() {
  const user = userEvent.setup();
  const rendered = renderPortal({ path: '/products/', api: withCart() });
  await screen.findByRole('button', { name: /^Alpenhof Käse Gouda/ }, { timeout: 60_000 });
  return { user, ...rendered, pageEntry: window.history.state };
}

const drawer = () => screen.queryByRole('dialog', { name: 'Cart' });

describe('Back and the cart drawer', { timeout: 60_000 }, () => {
  it('Back with the cart drawer open closes it and stays on the page', async () => {
    const { user, location, pageEntry } = await productList();
    await user.click(screen.getByRole('button', { name: /^Cart, 0 items/ }));
    expect(await screen.findByRole('dialog', { name: 'Cart' })).toBeInTheDocument();

    await pressBack();
    await waitFor(() => expect(drawer()).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(location.history).toEqual(['/products/']);
    expect(window.history.state).toEqual(pageEntry);
  });

  it('the drawer closed by its button takes its entry along', async () => {
    const { user, pageEntry } = await productList();
    await user.click(screen.getByRole('button', { name: /^Cart, 0 items/ }));
    const cart = within(await screen.findByRole('dialog', { name: 'Cart' }));
    await user.click(cart.getByRole('button', { name: 'Close cart' }));
    await waitFor(() => expect(drawer()).not.toBeInTheDocument());
    await waitFor(() => expect(window.history.state).toEqual(pageEntry));
  });

  it('"Go to cart" in the product dialog: the drawer stays open with one entry; Back closes it and stays on the page', async () => {
    const { user, location, pageEntry } = await productList();
    await user.click(screen.getByRole('button', { name: /^Alpenhof Käse Gouda/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('combobox', { name: 'Unit' });
    await user.click(dialog.getByRole('button', { name: 'Add to cart' }));
    await user.click(await dialog.findByRole('button', { name: 'Go to cart' }));

    expect(await screen.findByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
    // a late popstate of the dialog's entry must not close the drawer
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Unit' })).not.toBeInTheDocument();

    // one entry above the page, the drawer's: the dialog's is gone, so one Back is back on the page's own entry
    await pressBack();
    await waitFor(() => expect(drawer()).not.toBeInTheDocument());
    expect(window.history.state).toEqual(pageEntry);
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(location.history).toEqual(['/products/']);
  });
});
