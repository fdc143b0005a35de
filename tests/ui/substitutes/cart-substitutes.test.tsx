import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { aProduct } from '../../../src/test/builders';
import { oil } from '../cart/support/cartData';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

// A cart line that ran out offers the supplier's substitutes with price and stock; the buyer takes
// one, keeps the shortage, or removes the line.

const soldOut = { ...oil, product: { ...oil.product, quantityInStock: 0 } };
const rapeseed = aProduct({ id: 70, name: 'Rapeseed oil 1 l', price: '9.50', quantityInStock: 40 });

function apiWithSubstitutes(line = soldOut) {
  const api = fakeApi({ cart: [line] });
  const methods = api as unknown as Record<string, unknown>;
  const substitutes = vi.fn(async () => ({
    [oil.product.id]: [{ product: rapeseed, reason: 'Same use, other seed', rank: 1 }],
  }));
  const acceptSubstitute = vi.fn(async () => ({
    cartItemId: 170,
    quantity: '2',
    unitId: 1,
    replacedItemId: 101,
  }));
  Object.assign(methods, { substitutes, acceptSubstitute });
  return { api, substitutes, acceptSubstitute };
}

async function openLine(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  const drawer = within(await screen.findByRole('dialog', { name: 'Cart' }));
  return within(await drawer.findByRole('listitem', { name: oil.product.name }));
}

describe('substitutes in the cart', { timeout: 60_000 }, () => {
  it('offers the substitute with its reason, price and stock, and takes it in place of the line', async () => {
    const user = userEvent.setup();
    const { api, substitutes, acceptSubstitute } = apiWithSubstitutes();
    renderPortal({ api });
    const line = await openLine(user);
    const offer = within(await line.findByRole('region', { name: /Substitutes for Sunflower oil 1 l/ }));
    expect(offer.getByText('Out of stock')).toBeInTheDocument();
    expect(offer.getByText('Rapeseed oil 1 l')).toBeInTheDocument();
    expect(offer.getByText('Same use, other seed')).toBeInTheDocument();
    expect(offer.getByText('40 in stock')).toBeInTheDocument();
    expect(offer.getByText(/9\.50/)).toBeInTheDocument();
    expect(substitutes).toHaveBeenCalledWith([oil.product.id], expect.anything());

    await user.click(offer.getByRole('button', { name: 'Take Rapeseed oil 1 l instead' }));
    expect(acceptSubstitute).toHaveBeenCalledWith(
      { product: oil.product.id, substitute: 70 },
      expect.anything(),
    );
    expect(await line.findByText('Substitute taken: Rapeseed oil 1 l')).toBeInTheDocument();
  });

  it('keeps the shortage, shows the substitutes again on request, and removal asks to confirm', async () => {
    const user = userEvent.setup();
    const { api } = apiWithSubstitutes();
    renderPortal({ api });
    const line = await openLine(user);
    await user.click(await line.findByRole('button', { name: 'Keep the shortage' }));
    expect(line.getByText('You keep the shortage.')).toBeInTheDocument();
    // nothing of it is in stock: the line stays as it was
    expect(api.updateCartItem).not.toHaveBeenCalled();
    await user.click(line.getByRole('button', { name: 'Show substitutes' }));
    await user.click(line.getByRole('button', { name: 'Remove the line' }));
    expect(await screen.findByRole('dialog', { name: 'Remove this item?' })).toBeInTheDocument();
  });

  it('keeping a shortage lowers the line to what is in stock', async () => {
    const user = userEvent.setup();
    const short = { ...oil, product: { ...oil.product, quantityInStock: 1 } };
    const { api } = apiWithSubstitutes(short);
    renderPortal({ api });
    const line = await openLine(user);
    expect(await line.findByText('Only 1 in stock')).toBeInTheDocument();
    await user.click(await line.findByRole('button', { name: 'Keep the shortage' }));
    await waitFor(() =>
      expect(api.updateCartItem).toHaveBeenCalledWith(
        101,
        expect.objectContaining({ quantity: '1', unit: 1 }),
        expect.anything(),
      ),
    );
  });

  it('offers nothing when the backend has no substitutes', async () => {
    const user = userEvent.setup();
    const { api, substitutes } = apiWithSubstitutes();
    substitutes.mockRejectedValue(
      new ApiError({ kind: 'http', call: 'GET netb2b/substitutes/', status: 501, code: null }, 'HTTP 501'),
    );
    renderPortal({ api });
    const line = await openLine(user);
    await waitFor(() => expect(substitutes).toHaveBeenCalled());
    await waitFor(() => expect(line.queryByText('Looking for substitutes…')).not.toBeInTheDocument());
    expect(line.queryByRole('region')).not.toBeInTheDocument();
    expect(line.queryByRole('alert')).not.toBeInTheDocument();
  });
});
