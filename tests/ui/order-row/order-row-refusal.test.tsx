import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { aCartItem } from '../../../src/test/builders';
import { aCatalogueProduct, catalogueApi, renderPortal } from '../catalogue/support';

// A change made in a product list row to a product already in the cart is the cart line's own change:
// when the server refuses it with a reason, the row shows that reason and what can succeed, as the
// cart drawer's line does, instead of dropping it silently.

const flour = aCatalogueProduct({
  id: 4,
  name: 'Weizenmehl Type 405 1 kg',
  stockCode: 'BAK-00004',
  quantityInStock: 50,
});
const flourLine = aCartItem({ id: 404, product: flour, quantity: '10', unit: 1 });

const refusal = (code: string, detail: string, maxQuantity: number | null) =>
  new ApiError(
    { kind: 'http', call: 'PUT netb2b/cart-items/404/', status: 400, code, detail, maxQuantity },
    `HTTP 400: ${detail}`,
  );

function rowApi() {
  const updateCartItem = vi.fn(async (id: number, line: { quantity: string; unit: number }) => ({
    id,
    quantity: line.quantity,
    unit: line.unit,
  }));
  const api = catalogueApi({
    productPage: async () => ({ count: 1, next: null, previous: null, results: [flour] }),
    cartItems: vi.fn(async () => [flourLine]),
    updateCartItem,
  });
  return { api, updateCartItem };
}

describe('a product list row of a product in the cart: a refused change', { timeout: 60_000 }, () => {
  it('shows the reason and offers the most stock allows, which the row then saves', async () => {
    const user = userEvent.setup();
    const { api, updateCartItem } = rowApi();
    updateCartItem.mockRejectedValueOnce(
      refusal('not_enough_stock', 'Not enough stock: at most 4 boxes.', 4),
    );
    renderPortal({ path: '/products/', api });

    const unit = await screen.findByRole('combobox', { name: `Unit of ${flour.name}` }, { timeout: 60_000 });
    await user.selectOptions(unit, '2');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough stock: at most 4 boxes.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Change to 4 boxes' }));
    await waitFor(() =>
      expect(updateCartItem).toHaveBeenLastCalledWith(
        flourLine.id,
        expect.objectContaining({ quantity: '4', unit: 2 }),
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: `Quantity of ${flour.name}` })).toHaveValue('4');
  });

  it('a product sold out meanwhile says so and can be closed', async () => {
    const user = userEvent.setup();
    const { api, updateCartItem } = rowApi();
    updateCartItem.mockRejectedValueOnce(refusal('out_of_stock', 'This product is out of stock.', null));
    renderPortal({ path: '/products/', api });

    const unit = await screen.findByRole('combobox', { name: `Unit of ${flour.name}` }, { timeout: 60_000 });
    await user.selectOptions(unit, '2');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This product is out of stock.');
    expect(within(alert).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
