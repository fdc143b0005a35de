import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartBulkMode, CartLineWrite } from '../../src/services/api/cart';
import type { ProductLookup } from '../../src/services/api/quick-order';
import { aProduct, piece } from '../../src/test/builders';
import { type FakeApi, fakeApi } from './cart/support/fakeApi';
import { renderPortal } from './cart/support/renderPortal';

const gouda = aProduct({ id: 7, name: 'Gouda young', stockCode: 'DAI-7', quantityInStock: 50 });

/** The cart helpers' fake API plus the two quick-order calls. */
function quickOrderApi(): FakeApi {
  const lookUpProducts = async (codes: string[]): Promise<ProductLookup> => ({
    matches: codes.filter((code) => code === 'DAI-7').map((code) => ({ code, product: gouda })),
    notFound: codes.filter((code) => code !== 'DAI-7'),
    units: [piece],
  });
  const addCartItemsBulk = vi.fn(async (lines: CartLineWrite[], _mode: CartBulkMode) =>
    lines.map((line, index) => ({
      index,
      product: line.product,
      status: 'added' as const,
      written: { id: 500 + index, quantity: line.quantity, unit: line.unit },
      previous: null,
    })),
  );
  const base = fakeApi({ cart: [] });
  return new Proxy(base, {
    get: (target, name) =>
      name === 'lookUpProducts'
        ? lookUpProducts
        : name === 'addCartItemsBulk'
          ? addCartItemsBulk
          : target[name as keyof typeof target],
  }) as FakeApi;
}

/** The quick order in a tab; opening it again after `unmount` is a reload of that tab (same sessionStorage). */
async function open() {
  const rendered = renderPortal({ path: '/settings/quick-order/', api: quickOrderApi() });
  await screen.findByRole('heading', { name: 'Quick order from file' }, { timeout: 60_000 });
  // the import area follows once the cart is there
  await screen.findByText('Or type or paste stock codes', {}, { timeout: 60_000 });
  return { user: userEvent.setup(), unmount: rendered.unmount };
}

describe('quick order paste box draft', { timeout: 60_000 }, () => {
  it('keeps the pasted lines across a reload, open in view, until they are in the cart', async () => {
    const first = await open();
    await first.user.click(screen.getByText('Or type or paste stock codes'));
    await first.user.click(screen.getByLabelText('Paste lines'));
    await first.user.paste('DAI-7;2\nNOPE-1;1');
    first.unmount();

    const second = await open();
    expect(screen.getByText('Or type or paste stock codes').closest('details')).toHaveAttribute('open');
    expect(screen.getByLabelText('Paste lines')).toHaveValue('DAI-7;2\nNOPE-1;1');
    await second.user.click(screen.getByRole('button', { name: 'Check lines' }));
    await second.user.click(await screen.findByRole('button', { name: 'Add valid rows to cart: 1' }));
    expect(await screen.findByText('Products added to the cart: 1')).toBeVisible();
    second.unmount();

    await open();
    expect(screen.getByLabelText('Paste lines')).toHaveValue('');
    expect(screen.getByText('Or type or paste stock codes').closest('details')).not.toHaveAttribute('open');
  });

  it('keeps the lines when the preview is cancelled', async () => {
    const { user } = await open();
    await user.click(screen.getByText('Or type or paste stock codes'));
    await user.click(screen.getByLabelText('Paste lines'));
    await user.paste('DAI-7;2');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    await screen.findByRole('button', { name: 'Add valid rows to cart: 1' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Paste lines')).toHaveValue('DAI-7;2');
  });

  it('checks pasted lines after a refusal, the refusal still on screen', async () => {
    const { user } = await open();
    await user.click(screen.getByText('Or type or paste stock codes'));
    await user.click(screen.getByLabelText('Paste lines'));
    // more lines than a list may hold are refused, with the import area beside the message
    await user.paste('DAI-7;1\n'.repeat(10_001));
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    expect(await screen.findByText(/more than 10,000 rows/i)).toBeVisible();

    await user.clear(screen.getByLabelText('Paste lines'));
    await user.paste('DAI-7;2');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    expect(await screen.findByRole('button', { name: 'Add valid rows to cart: 1' })).toBeVisible();
  });
});
