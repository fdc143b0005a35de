import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../src/domain/types';
import type { CartBulkMode, CartLineWrite } from '../../src/services/api/cart';
import type { ProductLookup } from '../../src/services/api/quick-order';
import { aCartItem, aProduct, piece } from '../../src/test/builders';
import { type FakeApi, fakeApi } from './cart/support/fakeApi';
import { renderPortal } from './cart/support/renderPortal';

const gouda = aProduct({ id: 7, name: 'Gouda young', stockCode: 'DAI-7', quantityInStock: 50 });

/** The cart helpers' fake API plus the two quick-order calls. */
function quickOrderApi(cart: CartItem[] = []) {
  const lookUpProducts = vi.fn(
    async (codes: string[]): Promise<ProductLookup> => ({
      matches: codes.filter((code) => code === 'DAI-7').map((code) => ({ code, product: gouda })),
      notFound: codes.filter((code) => code !== 'DAI-7'),
      units: [piece],
    }),
  );
  const addCartItemsBulk = vi.fn(async (lines: CartLineWrite[], _mode: CartBulkMode) =>
    lines.map((line, index) => ({
      index,
      product: line.product,
      status: 'added' as const,
      written: { id: 500 + index, quantity: line.quantity, unit: line.unit },
      previous: null,
    })),
  );
  const base = fakeApi({ cart });
  const api = new Proxy(base, {
    get: (target, name) =>
      name === 'lookUpProducts'
        ? lookUpProducts
        : name === 'addCartItemsBulk'
          ? addCartItemsBulk
          : target[name as keyof typeof target],
  }) as FakeApi;
  return { api, lookUpProducts, addCartItemsBulk };
}

async function pasteLines(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(await screen.findByText('Or type or paste stock codes', {}, { timeout: 60_000 }));
  await user.click(screen.getByLabelText('Paste lines'));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Check lines' }));
}

describe('quick order in Settings', { timeout: 60_000 }, () => {
  it('previews every pasted row, lets the customer fix and drop rows, and adds the rest in one call', async () => {
    const user = userEvent.setup();
    const { api, lookUpProducts, addCartItemsBulk } = quickOrderApi();
    renderPortal({ path: '/settings/quick-order/', api });
    expect(
      await screen.findByRole('heading', { name: 'Quick order from file' }, { timeout: 60_000 }),
    ).toBeVisible();

    await pasteLines(user, 'DAI-7;2\nNOPE-1;1\nDAI-7;lots');
    expect(await screen.findByText('Rows: 3. Ready: 1. With errors: 2.')).toBeInTheDocument();
    expect(lookUpProducts).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Error in row 2:').parentElement).toHaveTextContent('Invalid stock code.');
    expect(screen.getByText('Error in row 3:').parentElement).toHaveTextContent('Invalid product quantity.');

    const quantity = screen.getByRole('textbox', { name: 'Quantity in row 3' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(screen.queryByText('Error in row 3:')).not.toBeInTheDocument();
    expect(screen.getByText(/Rows 1, 3 order the same product \(Gouda young\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.getByText('Rows: 2. Ready: 2. With errors: 0.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add valid rows to cart: 2' }));
    const result = await screen.findByText('Products added to the cart: 1');
    expect(result).toBeVisible();
    expect(addCartItemsBulk).toHaveBeenCalledTimes(1);
    expect(addCartItemsBulk.mock.calls[0]?.[0]).toEqual([
      { product: 7, campaign: null, quantity: '6', unit: 1 },
    ]);
    // the cart is fetched again so the header count follows
    await waitFor(() => expect(api.cartItems).toHaveBeenCalledTimes(2));
  });

  it('adds to a product already in the cart by default ("in cart: 2 pieces → 5 pieces"), replacing it once chosen', async () => {
    const user = userEvent.setup();
    const { api, addCartItemsBulk } = quickOrderApi([
      aCartItem({ id: 70, product: gouda, quantity: '2', unit: 1 }),
    ]);
    renderPortal({ path: '/settings/quick-order/', api });
    await pasteLines(user, 'DAI-7;3\nNOPE-1;1');
    expect(await screen.findByText('in cart: 2 pieces → 5 pieces (added)')).toBeInTheDocument();
    const choice = screen.getByRole('group', { name: 'Products already in the cart' });
    expect(within(choice).getByRole('radio', { name: 'Add to the quantity in the cart' })).toBeChecked();
    // only the row of a product in the cart says so, and nothing has been added yet
    expect(screen.getAllByText(/^in cart:/)).toHaveLength(1);
    expect(addCartItemsBulk).not.toHaveBeenCalled();

    await user.click(within(choice).getByRole('radio', { name: 'Replace the quantity in the cart' }));
    expect(screen.getByText('in cart: 2 pieces → 3 pieces (replaced)')).toBeInTheDocument();
    const quantity = screen.getByRole('textbox', { name: 'Quantity in row 1' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    expect(screen.getByText('in cart: 2 pieces → 1 piece (replaced)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add valid rows to cart: 1' }));
    await waitFor(() => expect(addCartItemsBulk).toHaveBeenCalledTimes(1));
    expect(addCartItemsBulk.mock.calls[0]?.[1]).toBe('replace');
  });

  it('says before adding when the stock does not cover the row beside the cart line, and after which rows changed', async () => {
    const user = userEvent.setup();
    // 48 of the 50 in stock are in the cart
    const { api, addCartItemsBulk } = quickOrderApi([
      aCartItem({ id: 70, product: gouda, quantity: '48', unit: 1 }),
    ]);
    addCartItemsBulk.mockImplementationOnce(async () => [
      {
        index: 0,
        product: 7,
        status: 'rejected' as never,
        code: 'not_enough_stock',
        errors: {},
        maxQuantity: 2,
        previous: { quantity: '48', unit: 1 },
      } as never,
    ]);
    renderPortal({ path: '/settings/quick-order/', api });
    await pasteLines(user, 'DAI-7;3');
    expect(
      await screen.findByText('Not enough stock beside the 48 pieces in the cart: at most 2 more pieces.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add valid rows to cart: 1' }));
    expect(await screen.findByText('Error in row 1:')).toBeInTheDocument();
    expect(screen.getByText('Error in row 1:').parentElement).toHaveTextContent(
      'Not enough stock with what is in the cart: at most 2 more pieces.',
    );
    expect(addCartItemsBulk.mock.calls[0]?.[1]).toBe('add');
  });

  it('says "No products added." when no row can be added, and adds nothing', async () => {
    const user = userEvent.setup();
    const { api, addCartItemsBulk } = quickOrderApi();
    renderPortal({ path: '/settings/quick-order/', api });
    await pasteLines(user, 'NOPE-1;1\nNOPE-2;2');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No products added.');
    expect(screen.getByRole('button', { name: 'Add valid rows to cart: 0' })).toBeDisabled();
    expect(addCartItemsBulk).not.toHaveBeenCalled();
  });

  it('shows a progress bar while the codes are checked, and cancelling returns to the import area', async () => {
    const user = userEvent.setup();
    const { api, lookUpProducts } = quickOrderApi();
    lookUpProducts.mockImplementation(() => new Promise(() => {}));
    renderPortal({ path: '/settings/quick-order/', api });
    await pasteLines(user, 'DAI-7;2');
    const bar = await screen.findByRole('progressbar', { name: 'Checking the stock codes…' });
    expect(bar).toBeInTheDocument();
    await user.click(within(bar.parentElement!).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Choose file')).toBeInTheDocument();
  });
});
