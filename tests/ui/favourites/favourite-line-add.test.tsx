import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem, FavouriteList } from '../../../src/domain/types';
import { aCartItem } from '../../../src/test/builders';
import { gouda, renderPortal, water } from '../catalogue/support';
import { colleaguesGuide, favouritesApi, weekly } from './favourite-list-support';

await import('../../../src/ui/screens/favourites/favourite-list-screen');

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const rowOf = (name: string) =>
  screen.getByRole('checkbox', { name: `Select ${name}` }).closest('tr') as HTMLElement;

/** The favourites answers plus a cart holding `cart` whose writes are spies. */
function cartApi(list: FavouriteList, cart: CartItem[] = []) {
  return favouritesApi(list, {
    cartItems: vi.fn(async () => cart),
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
  });
}

// gouda kept as 4 boxes: the add must carry the list's unit, not the product's primary one
const inBoxes: FavouriteList = {
  ...weekly,
  items: [{ ...weekly.items[0]!, quantity: '4.000', unit: 2 }, ...weekly.items.slice(1)],
};

describe('adding a favourite line to the cart', () => {
  it('the line’s add button adds its quantity and unit, then the line says "In cart"', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = cartApi(inBoxes);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    const add = await screen.findByRole('button', { name: `Add ${gouda.name} to cart` }, slow);
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() =>
      expect(api.addCartItem).toHaveBeenCalledWith(
        { product: gouda.id, campaign: null, quantity: '4', unit: 2 },
        expect.anything(),
      ),
    );
    // found is the assertion: sonner may re-render the toast between the find and a second look
    await screen.findByText('Product added to cart');
    const cheese = rowOf(gouda.name);
    expect(await within(cheese).findByText('In cart')).toBeInTheDocument();
    expect(within(cheese).queryByRole('button', { name: `Add ${gouda.name} to cart` })).toBeNull();
    // the list's own line is untouched: adding is not an edit
    expect(within(cheese).getByRole('textbox', { name: `Quantity of ${gouda.name}` })).toHaveValue('4');
    expect(api.putFavouriteItem).not.toHaveBeenCalled();
  });

  it('an out-of-stock line cannot be added; a line no longer sold has no button', async () => {
    const { portalApi } = cartApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    await screen.findByRole('button', { name: `Add ${gouda.name} to cart` }, slow);
    expect(screen.getByRole('button', { name: `Add ${water.name} to cart` })).toBeDisabled();
    expect(within(rowOf('Product no. 77')).queryByRole('button', { name: /to cart$/ })).toBeNull();
  });

  it('a line whose product is in the cart shows "In cart" instead of the button', async () => {
    const inCart = aCartItem({ id: 404, product: gouda, quantity: '5', unit: 1 });
    const { api, portalApi } = cartApi(weekly, [inCart]);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    await screen.findByRole('heading', { name: 'Weekly order' }, slow);
    const cheese = rowOf(gouda.name);
    expect(await within(cheese).findByText('In cart')).toBeInTheDocument();
    expect(within(cheese).queryByRole('button', { name: `Add ${gouda.name} to cart` })).toBeNull();
    // the list still shows its own quantity, not the cart's
    expect(within(cheese).getByRole('textbox', { name: `Quantity of ${gouda.name}` })).toHaveValue('2');
    expect(api.addCartItem).not.toHaveBeenCalled();
  });

  it('Enter in the quantity box adds the typed quantity and moves to the next line’s box', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = cartApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    await waitFor(
      () => expect(screen.getByRole('button', { name: `Add ${gouda.name} to cart` })).toBeEnabled(),
      slow,
    );
    const box = screen.getByRole('textbox', { name: `Quantity of ${gouda.name}` });
    await user.clear(box);
    await user.type(box, '3{Enter}');
    await waitFor(() =>
      expect(api.addCartItem).toHaveBeenCalledWith(
        { product: gouda.id, campaign: null, quantity: '3', unit: 1 },
        expect.anything(),
      ),
    );
    expect(screen.getByRole('textbox', { name: `Quantity of ${water.name}` })).toHaveFocus();
    // the list's own save still follows the typing
    await waitFor(() =>
      expect(api.putFavouriteItem).toHaveBeenCalledWith(
        31,
        { product: gouda.id, quantity: '3', unit: 1 },
        expect.anything(),
      ),
    );
  });

  it('Enter on text that is not a quantity adds nothing and stays in the line', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = cartApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    const box = await screen.findByRole('textbox', { name: `Quantity of ${gouda.name}` }, slow);
    await user.clear(box);
    await user.type(box, 'x{Enter}');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: `Add ${gouda.name} to cart` })).toBeDisabled();
    expect(api.addCartItem).not.toHaveBeenCalled();
  });

  it('a colleague’s shared list, not editable, still adds its line as shown', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = cartApi(colleaguesGuide);
    renderPortal({ path: '/favourites/32/', api: portalApi });
    const add = await screen.findByRole('button', { name: `Add ${gouda.name} to cart` }, slow);
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() =>
      expect(api.addCartItem).toHaveBeenCalledWith(
        { product: gouda.id, campaign: null, quantity: '2', unit: 1 },
        expect.anything(),
      ),
    );
  });
});
