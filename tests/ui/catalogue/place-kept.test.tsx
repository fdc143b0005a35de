import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../../src/domain/types';
import { catalogueApi, renderPortal } from './support';

// The product list's place is kept (filters in history, Back closes the dialog
// first), focus stays where the buyer acts, and Escape closes the innermost layer.

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

async function openFromList(name: RegExp, api = catalogueApi()) {
  const user = userEvent.setup();
  const rendered = renderPortal({ path: '/products/', api });
  const list = await screen.findByRole('heading', { level: 1, name: 'Products' }, { timeout: 60_000 });
  expect(list).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name }));
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByRole('combobox', { name: 'Unit' });
  return { user, dialog, ...rendered };
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

describe('the product list keeps its place', { timeout: 60_000 }, () => {
  it('a filter change is a new history entry, so Back undoes it', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal({ path: '/products/' });
    const category = await screen.findByRole('combobox', { name: 'Category' }, { timeout: 60_000 });
    await user.selectOptions(
      category,
      await within(category).findByRole('option', { name: 'Dairy & Cheese' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(location.history).toEqual([
      '/products/',
      '/products/?category=2',
      '/products/?in_stock=1&category=2',
    ]);
  });

  it('Back with the product dialog open closes the dialog and stays on the list', async () => {
    const { location } = await openFromList(/^Alpenhof Käse Gouda/);
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Alpenhof Käse Gouda/ })).toBeInTheDocument();
    expect(location.history).toEqual(['/products/']);
  });

  it('a dialog closed by its button takes its history entry along: the entry of the page is current again', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/products/' });
    const row = await screen.findByRole('button', { name: /^Alpenhof Käse Gouda/ }, { timeout: 60_000 });
    const pageEntry = window.history.state;
    await user.click(row);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(window.history.state).toEqual(pageEntry));

    // opened again, Back closes it again: one entry per opening
    await user.click(screen.getByRole('button', { name: /^Quellblick Mineral Water/ }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.history.state).toEqual(pageEntry);
  });
});

describe('product dialog layers and focus', { timeout: 60_000 }, () => {
  it('Escape on the enlarged image shrinks the image only; the next Escape closes the dialog', async () => {
    const { user, dialog } = await openFromList(/^Alpenhof Käse Gouda/);
    const image = dialog.getByRole('button', { name: 'Enlarge image' });
    await user.click(image);
    expect(image).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Enlarge image' })).toHaveAttribute('aria-pressed', 'false');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('after "Add to cart" the keyboard focus is on "Go to cart", not on the page', async () => {
    const { user, dialog } = await openFromList(/^Alpenhof Käse Gouda/, withCart());
    await user.click(dialog.getByRole('button', { name: 'Add to cart' }));
    const goToCart = await dialog.findByRole('button', { name: 'Go to cart' });
    expect(goToCart).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });
});
