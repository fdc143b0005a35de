import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../../src/domain/types';
import { ApiError } from '../../../src/services/api';
import type { CartLineWrite } from '../../../src/services/api/cart';
import { type Capability, capabilityNames } from '../../../src/services/api/wire/capabilities';
import { aCartItem, aProduct, piece } from '../../../src/test/builders';
import { type FakeApi, fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

const gouda = aProduct({ id: 7, name: 'Gouda young', stockCode: 'DAI-7', quantityInStock: 50 });
const edam = aProduct({ id: 8, name: 'Edam', stockCode: 'DAI-8', quantityInStock: 50 });

/** The specification's calls only: search, units, cart lines one by one; the two quick-order calls are spies. */
function specApi(cart: CartItem[], ...absent: Capability[]) {
  const api = fakeApi({ cart, units: [piece] });
  const extra = {
    lookUpProducts: vi.fn(),
    addCartItemsBulk: vi.fn(),
    searchProducts: vi.fn(async (query: string) => [gouda, edam].filter((p) => p.stockCode === query)),
    capabilities: vi.fn(async () => capabilityNames.filter((name) => !absent.includes(name))),
  };
  Object.assign(api, extra);
  return api as FakeApi & typeof extra;
}

async function pasteLines(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(await screen.findByText('Or type or paste stock codes', {}, { timeout: 60_000 }));
  await user.click(screen.getByLabelText('Paste lines'));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Check lines' }));
}

describe('quick order on a backend without lookup and bulk add', { timeout: 60_000 }, () => {
  it('checks the codes through the search and adds the lines one by one, with the same row messages', async () => {
    const user = userEvent.setup();
    const api = specApi(
      [aCartItem({ id: 70, product: gouda, quantity: '2', unit: 1 })],
      'quickOrderLookup',
      'cartBulk',
    );
    renderPortal({ path: '/settings/quick-order/', api });
    await pasteLines(user, 'DAI-7;3\nNOPE-1;1\nDAI-8;4');
    expect(await screen.findByText('Rows: 3. Ready: 2. With errors: 1.')).toBeInTheDocument();
    expect(screen.getByText('Error in row 2:').parentElement).toHaveTextContent('Invalid stock code.');
    expect(screen.getByText('in cart: 2 pieces → 5 pieces (added)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add valid rows to cart: 2' }));
    expect(await screen.findByText('Products added to the cart: 1')).toBeVisible();
    // the product in the cart gets the sum (PUT), the new one its own line (POST)
    expect(api.updateCartItem).toHaveBeenCalledWith(
      70,
      { product: 7, campaign: null, quantity: '5', unit: 1 },
      expect.anything(),
    );
    expect(api.addCartItem).toHaveBeenCalledWith(
      { product: 8, campaign: null, quantity: '4', unit: 1 },
      expect.anything(),
    );
    expect(api.searchProducts).toHaveBeenCalledWith('DAI-7', expect.anything());
    expect(api.lookUpProducts).not.toHaveBeenCalled();
    expect(api.addCartItemsBulk).not.toHaveBeenCalled();
  });

  it('a line the backend refuses for stock says so on its row, as with the bulk add', async () => {
    const user = userEvent.setup();
    const api = specApi([], 'quickOrderLookup', 'cartBulk');
    api.addCartItem.mockImplementation(async (line: Omit<CartLineWrite, 'campaign'>) => {
      if (line.product === 8)
        throw new ApiError(
          { kind: 'http', call: 'POST netb2b/cart-items/', status: 400, code: 'out_of_stock' },
          'HTTP 400',
        );
      return { id: 900, quantity: line.quantity, unit: line.unit };
    });
    renderPortal({ path: '/settings/quick-order/', api });
    await pasteLines(user, 'DAI-7;3\nDAI-8;4');
    await user.click(await screen.findByRole('button', { name: 'Add valid rows to cart: 2' }));
    expect(await screen.findByText('Products added to the cart: 1')).toBeVisible();
    expect(screen.getAllByText(/out of stock/i).length).toBeGreaterThan(0);
    expect(api.addCartItemsBulk).not.toHaveBeenCalled();
  });

  it('lookup and bulk answered as missing while the page is open take the same paths, not "try again"', async () => {
    const user = userEvent.setup();
    const api = specApi([]);
    const missing = (call: string) =>
      new ApiError({ kind: 'http', call, status: 404, code: 'no_such_call' }, 'HTTP 404');
    api.lookUpProducts.mockRejectedValue(missing('POST netb2b/products/lookup/'));
    api.addCartItemsBulk.mockRejectedValue(missing('POST netb2b/cart-items/bulk/'));
    renderPortal({ path: '/settings/quick-order/', api });
    await pasteLines(user, 'DAI-7;3');
    expect(await screen.findByText('Rows: 1. Ready: 1. With errors: 0.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add valid rows to cart: 1' }));
    expect(await screen.findByText('Products added to the cart: 1')).toBeVisible();
    await waitFor(() => expect(api.addCartItem).toHaveBeenCalledTimes(1));
    expect(api.lookUpProducts).toHaveBeenCalledTimes(1);
    expect(api.addCartItemsBulk).toHaveBeenCalledTimes(1);
  });
});
