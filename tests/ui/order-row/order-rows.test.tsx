import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../../src/domain/types';
import { CART_QUANTITY_DEBOUNCE_MS } from '../../../src/machines/cart/cart-line.machine';
import type { CampaignWithPrices } from '../../../src/machines/catalogue/catalogue.resources';
import { aCartItem } from '../../../src/test/builders';
import {
  aCatalogueProduct,
  catalogueApi,
  gouda,
  renderPortal,
  summerDrinks,
  water,
} from '../catalogue/support';
import { demoClaims } from '../support/fakeSession';

// gouda: 240 in stock; water: none; salt: 3 left; flour: in the cart (2 pieces)
const salt = aCatalogueProduct({
  id: 3,
  name: 'Meersalz fein 500 g',
  stockCode: 'SPI-00003',
  quantityInStock: 3,
});
const flour = aCatalogueProduct({
  id: 4,
  name: 'Weizenmehl Type 405 1 kg',
  stockCode: 'BAK-00004',
  quantityInStock: 50,
});
const products = [gouda, salt, water, flour];
const flourLine = aCartItem({ id: 404, product: flour, quantity: '2', unit: 1 });

function orderDeskApi(cart: CartItem[] = [flourLine]) {
  const lines = [...cart];
  return {
    api: catalogueApi({
      productPage: async () => ({ count: products.length, next: null, previous: null, results: products }),
      cartItems: vi.fn(async () => lines),
      addCartItem: vi.fn(async (line: { product: number; quantity: string; unit: number }) => ({
        id: 900 + line.product,
        quantity: line.quantity,
        unit: line.unit,
      })),
      updateCartItem: vi.fn(async (id: number, line: { quantity: string; unit: number }) => ({
        id,
        quantity: line.quantity,
        unit: line.unit,
      })),
    }),
  };
}

// the first find waits for the products screen's code and first page: generous, so a busy machine passes
const LIST_SHOWN = { timeout: 60_000 };
const quantityOf = (name: string) =>
  screen.findByRole('textbox', { name: `Quantity of ${name}` }, LIST_SHOWN);

describe('ordering from the product list', { timeout: 60_000 }, () => {
  it('typing a quantity and pressing Enter adds it and moves on to the next row', async () => {
    const user = userEvent.setup();
    const { api } = orderDeskApi();
    renderPortal({ path: '/products/', api });
    const box = await quantityOf(gouda.name);
    expect(box).toHaveValue('1');
    await user.clear(box);
    await user.type(box, '3{Enter}');
    await waitFor(() =>
      expect(api.addCartItem).toHaveBeenCalledWith(
        { product: gouda.id, campaign: null, quantity: '3', unit: 1 },
        expect.anything(),
      ),
    );
    // focus went on to the next row's quantity box, ready to type over
    expect(screen.getByRole('textbox', { name: `Quantity of ${salt.name}` })).toHaveFocus();
    expect(await screen.findByText('Product added to cart')).toBeInTheDocument();
    // the added row is now a cart row: its box shows the cart's quantity, with the "In cart" mark
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `Add ${gouda.name} to cart` })).toBeNull(),
    );
    expect(screen.getByRole('textbox', { name: `Quantity of ${gouda.name}` })).toHaveValue('3');
  });

  it('adds in the chosen unit with the add button', async () => {
    const user = userEvent.setup();
    const { api } = orderDeskApi();
    renderPortal({ path: '/products/', api });
    const unit = await screen.findByRole('combobox', { name: `Unit of ${gouda.name}` }, LIST_SHOWN);
    await user.selectOptions(unit, '2');
    await user.click(screen.getByRole('button', { name: `Add ${gouda.name} to cart` }));
    await waitFor(() =>
      expect(api.addCartItem).toHaveBeenCalledWith(
        { product: gouda.id, campaign: null, quantity: '1', unit: 2 },
        expect.anything(),
      ),
    );
  });

  it('text that is not a quantity says so and adds nothing; Enter stays in the row', async () => {
    const user = userEvent.setup();
    const { api } = orderDeskApi();
    renderPortal({ path: '/products/', api });
    const box = await quantityOf(gouda.name);
    await user.clear(box);
    await user.type(box, 'x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have selected an invalid amount');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: `Add ${gouda.name} to cart` })).toBeDisabled();
    expect(api.addCartItem).not.toHaveBeenCalled();
  });

  it('a row in the cart shows its cart quantity and changes the cart line in place', async () => {
    const user = userEvent.setup();
    const { api } = orderDeskApi();
    renderPortal({ path: '/products/', api });
    const box = await quantityOf(flour.name);
    await waitFor(() => expect(box).toHaveValue('2'));
    const row = box.closest('li') as HTMLElement;
    expect(within(row).getByText('In cart')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: `Add ${flour.name} to cart` })).toBeNull();
    await user.clear(box);
    await user.type(box, '5');
    // the cart line's own debounced PUT, as in the drawer; never a second POST
    await act(() => new Promise((resolve) => setTimeout(resolve, CART_QUANTITY_DEBOUNCE_MS + 50)));
    await waitFor(() =>
      expect(api.updateCartItem).toHaveBeenLastCalledWith(
        flourLine.id,
        { product: flour.id, campaign: null, quantity: '5', unit: 1 },
        expect.anything(),
      ),
    );
    expect(api.addCartItem).not.toHaveBeenCalled();
    expect(box).toHaveValue('5');
  });

  it('Enter in a cart row moves on as well', async () => {
    const user = userEvent.setup();
    const { api } = orderDeskApi([{ ...flourLine, product: salt, id: 303 }]);
    renderPortal({ path: '/products/', api });
    const box = await quantityOf(salt.name);
    await waitFor(() => expect(box).toHaveValue('2'));
    await user.click(box);
    await user.keyboard('{Enter}');
    // water is out of stock: its box is off, so the next box that takes input is flour's
    expect(screen.getByRole('textbox', { name: `Quantity of ${flour.name}` })).toHaveFocus();
  });

  it('shows the stock as a figure; a product out of stock cannot be added', async () => {
    renderPortal({ path: '/products/', api: orderDeskApi().api });
    const goudaRow = (await quantityOf(gouda.name)).closest('li') as HTMLElement;
    expect(within(goudaRow).getByText('240 in stock')).toBeInTheDocument();
    const saltRow = (await quantityOf(salt.name)).closest('li') as HTMLElement;
    expect(within(saltRow).getByText('Only 3 left')).toBeInTheDocument();
    const waterRow = (await quantityOf(water.name)).closest('li') as HTMLElement;
    expect(within(waterRow).getByText('Out of stock')).toBeInTheDocument();
    expect(within(waterRow).getByRole('button', { name: `Add ${water.name} to cart` })).toBeDisabled();
    expect(within(waterRow).getByRole('textbox', { name: `Quantity of ${water.name}` })).toBeDisabled();
  });

  it('a demo user sees neither stock figures nor ordering controls', async () => {
    const hidden = products.map((product) => ({ ...product, quantityInStock: null, price: null }));
    renderPortal({
      path: '/products/',
      claims: demoClaims,
      api: catalogueApi({
        productPage: async () => ({ count: hidden.length, next: null, previous: null, results: hidden }),
      }),
    });
    expect(await screen.findByText(gouda.name, {}, LIST_SHOWN)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Quantity of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add .* to cart$/ })).toBeNull();
    expect(screen.queryByText(/in stock|left|Out of stock/)).toBeNull();
  });

  it('the table of a campaign orders the same way (Enter moves on within the table)', async () => {
    const user = userEvent.setup();
    const { api } = orderDeskApi([]);
    const campaign: CampaignWithPrices = {
      ...summerDrinks,
      id: 7,
      campaignPrices: [
        { product: gouda, campaignId: 7, newPrice: '1000.00' },
        { product: salt, campaignId: 7, newPrice: '0.50' },
      ],
    };
    renderPortal({ path: '/campaigns/7', api: { ...api, campaign: async () => campaign } });
    const table = await screen.findByRole('table', { name: 'Campaign products' }, LIST_SHOWN);
    const box = await within(table).findByRole('textbox', { name: `Quantity of ${gouda.name}` });
    expect(within(table).getByText('240 in stock')).toBeInTheDocument();
    await user.type(box, '{Enter}');
    await waitFor(() =>
      expect(api.addCartItem).toHaveBeenCalledWith(
        { product: gouda.id, campaign: null, quantity: '1', unit: 1 },
        expect.anything(),
      ),
    );
    expect(within(table).getByRole('textbox', { name: `Quantity of ${salt.name}` })).toHaveFocus();
  });
});
