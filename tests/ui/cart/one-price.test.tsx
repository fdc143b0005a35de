import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../../src/domain/types';
import { UNIT_UNDO_WINDOW_MS } from '../../../src/machines/cart/cart-line.machine';
import { aCampaignProduct, aProduct } from '../../../src/test/builders';
import { oil } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

/** 1.00 net, 19 % VAT, 0.25 deposit a bottle, 6 a box; the buyer's basis is gross (tax applies). */
const water = aProduct({
  id: 9,
  name: 'Mineral water 1 l',
  price: '1.00',
  oldPrice: '1.20',
  taxIncluded: true,
  taxRatePercent: '19',
  depositPrice: '0.25',
  quantityInStock: 24,
  unitAmounts: [{ unit: 2, amount: '6' }],
});
const soldOut = { ...water, id: 10, name: 'Sparkling water 1 l', quantityInStock: 0 };

async function openProduct(user: ReturnType<typeof userEvent.setup>, name: string) {
  const search = (
    await screen.findAllByRole('combobox', { name: 'Search products' }, { timeout: 60_000 })
  )[0]!;
  await user.type(search, 'water');
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  const dialog = within(await screen.findByRole('dialog', { name }));
  await dialog.findByRole('combobox', { name: 'Unit' });
  return dialog;
}

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

afterEach(() => vi.useRealTimers());

describe('product dialog on the one price basis', { timeout: 60_000 }, () => {
  it('shows the unit price incl. VAT with the old price struck through and the deposit as its own line', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [], found: [water] } });
    const dialog = await openProduct(user, water.name);
    // 1.00 + 19 % = 1.19 (taxIncluded on the product changes nothing); 1.20 + 19 % = 1.43 struck through
    expect(dialog.getByText('€1.43').closest('del')).not.toBeNull();
    expect(dialog.getAllByText('€1.19').length).toBeGreaterThan(0);
    expect(dialog.getByText('incl. VAT')).toBeInTheDocument();
    expect(dialog.getByText('+ €0.30 deposit per piece')).toBeInTheDocument();
    expect(dialog.queryByText(/Includes a deposit/)).not.toBeInTheDocument();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Unit' }), 'box');
    // 1 box = 6 bottles: 6 × 1.19 goods, 6 × 0.30 deposit beside it
    const total = dialog.getByText('Total:').parentElement!;
    expect(total).toHaveTextContent('€7.14');
    expect(total).toHaveTextContent('+ €1.78 deposit');
  });

  it('out of stock: the add button is disabled with the reason, and clicking it sends nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [], found: [soldOut] });
    renderPortal({ api });
    const dialog = await openProduct(user, soldOut.name);
    const add = dialog.getByRole('button', { name: 'Add to cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Out of stock');
    expect(dialog.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.click(add);
    expect(screen.queryByText('Product added to cart')).not.toBeInTheDocument();
    expect(api.addCartItem).not.toHaveBeenCalled();
    expect(api.updateCartItem).not.toHaveBeenCalled();
  });

  it('no stock in the chosen unit (4 bottles, a box holds 6): disabled with the reason, nothing sent', async () => {
    const user = userEvent.setup();
    const few = { ...water, id: 11, name: 'Still water 1 l', quantityInStock: 4 };
    const api = fakeApi({ cart: [], found: [few] });
    renderPortal({ api });
    const dialog = await openProduct(user, few.name);
    expect(dialog.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Unit' }), 'box');
    const add = dialog.getByRole('button', { name: 'Add to cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Out of stock');
    await user.click(add);
    expect(api.addCartItem).not.toHaveBeenCalled();
  });
});

describe('cart line', { timeout: 60_000 }, () => {
  it('a unit change shows the new amount at once and offers Undo, which restores and saves the previous line', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil] });
    renderPortal({ api });
    const drawer = await openCart(user);
    const line = within(await drawer.findByRole('listitem', { name: 'Sunflower oil 1 l' }));
    expect(await line.findByText('€20.00')).toBeInTheDocument();

    await user.selectOptions(line.getByRole('combobox', { name: 'Unit of Sunflower oil 1 l' }), '2');
    // 2 boxes of 12 at 10.00
    expect(line.getByText('€240.00')).toBeInTheDocument();
    expect(line.getByText('Now 2 boxes instead of 2 pieces.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.updateCartItem).toHaveBeenLastCalledWith(
        101,
        expect.objectContaining({ quantity: '2', unit: 2 }),
        expect.anything(),
      ),
    );

    await user.click(line.getByRole('button', { name: 'Undo' }));
    expect(line.getByText('€20.00')).toBeInTheDocument();
    expect(line.getByRole('combobox', { name: 'Unit of Sunflower oil 1 l' })).toHaveValue('1');
    expect(line.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.updateCartItem).toHaveBeenLastCalledWith(
        101,
        expect.objectContaining({ quantity: '2', unit: 1 }),
        expect.anything(),
      ),
    );
  });

  it('the Undo offer disappears after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPortal({ data: { cart: [oil] } });
    const drawer = await openCart(user);
    const line = within(await drawer.findByRole('listitem', { name: 'Sunflower oil 1 l' }));
    await user.selectOptions(line.getByRole('combobox', { name: 'Unit of Sunflower oil 1 l' }), '2');
    expect(line.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNIT_UNDO_WINDOW_MS - 100));
    expect(line.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(line.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(line.getByText('€240.00')).toBeInTheDocument();
  });

  it('says when a campaign price now applies, with the old and new unit price', async () => {
    const user = userEvent.setup();
    const started = {
      id: 120,
      product: aCampaignProduct({ id: 12, name: 'Apple juice', price: '2.00', newPrice: '1.50' }),
      quantity: '1',
      unit: 1,
      priceChange: 'campaignStarted',
    } as CartItem;
    const ended = {
      id: 121,
      product: aProduct({ id: 13, name: 'Orange juice', price: '3.00' }),
      quantity: '1',
      unit: 1,
      priceChange: 'campaignEnded',
    } as CartItem;
    renderPortal({ data: { cart: [started, ended] } });
    const drawer = await openCart(user);
    const apple = within(await drawer.findByRole('listitem', { name: 'Apple juice' }));
    const notice = apple.getByRole('status');
    expect(notice).toHaveTextContent('Campaign price now applies');
    expect(within(notice).getByText('€2.00').closest('del')).not.toBeNull();
    expect(notice).toHaveTextContent('€1.50');
    const orange = within(drawer.getByRole('listitem', { name: 'Orange juice' }));
    expect(orange.getByRole('status')).toHaveTextContent(
      'The campaign has ended; the regular price applies€3.00',
    );
  });
});
