import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import type { CartBulkLineResult, CartLineWrite } from '../../../src/services/api/cart';
import { gouda, renderPortal, water } from '../catalogue/support';
import { colleaguesGuide, favouritesApi, summaryOf, weekly } from './favourite-list-support';

await import('../../../src/ui/screens/favourites/favourite-list-screen');

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const rowOf = (name: string) =>
  screen.getByRole('checkbox', { name: `Select ${name}` }).closest('tr') as HTMLElement;

describe('favourite list screen', () => {
  it('shows the lines with their price, stock and the owner’s quantity and unit', async () => {
    const { portalApi } = favouritesApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    expect(await screen.findByRole('heading', { name: 'Weekly order' }, slow)).toBeInTheDocument();
    const cheese = rowOf(gouda.name);
    expect(within(cheese).getByText('240 in stock')).toBeInTheDocument();
    expect(within(cheese).getByText(gouda.stockCode)).toBeInTheDocument();
    expect(within(cheese).getByRole('textbox', { name: `Quantity of ${gouda.name}` })).toHaveValue('2');
    expect(within(cheese).getByRole('combobox', { name: `Unit of ${gouda.name}` })).toHaveDisplayValue(
      'pieces',
    );
    // one piece, on the customer's basis (this buyer pays VAT: 1,234.50 + 7 %)
    expect(await within(cheese).findByText('€1,320.92')).toBeInTheDocument();
    expect(within(rowOf(water.name)).getByText('Out of stock')).toBeInTheDocument();
    expect(within(rowOf('Product no. 77')).getByText('No longer sold')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All favourite lists' })).toHaveAttribute('href', '/favourites/');
  });

  it('saves a typed quantity once, after the debounce', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = favouritesApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    const input = await screen.findByRole('textbox', { name: `Quantity of ${gouda.name}` }, slow);
    await user.clear(input);
    // pasted, so a busy machine cannot pause between two keys for longer than the debounce; whether
    // the PUT waited for the debounce is a matter of time, which a busy machine cannot assert
    await user.paste('12');
    await waitFor(() => expect(api.putFavouriteItem).toHaveBeenCalledTimes(1));
    expect(api.putFavouriteItem).toHaveBeenCalledWith(
      31,
      { product: gouda.id, quantity: '12', unit: 1 },
      expect.anything(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: `Unit of ${gouda.name}` }), 'boxes');
    await waitFor(() => expect(api.putFavouriteItem).toHaveBeenCalledTimes(2));
    expect(api.putFavouriteItem).toHaveBeenLastCalledWith(
      31,
      { product: gouda.id, quantity: '12', unit: 2 },
      expect.anything(),
    );
  });

  it('marks invalid text and does not send it', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = favouritesApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    const input = await screen.findByRole('textbox', { name: `Quantity of ${gouda.name}` }, slow);
    await user.clear(input);
    await user.type(input, 'abc');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.putFavouriteItem).not.toHaveBeenCalled();
  });

  it('a refused line write shows why, keeps the typed value and tries again', async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(
      { kind: 'http', call: 'put', status: 400, code: 'invalid_unit' },
      'HTTP 400',
    );
    const { api, portalApi } = favouritesApi(weekly, {
      putFavouriteItem: vi.fn().mockRejectedValueOnce(refusal).mockResolvedValue(summaryOf(weekly)),
    });
    renderPortal({ path: '/favourites/31/', api: portalApi });
    const input = await screen.findByRole('textbox', { name: `Quantity of ${gouda.name}` }, slow);
    await user.clear(input);
    await user.type(input, '5');
    const alert = await screen.findByText('This product cannot be ordered in that unit.');
    expect(input).toHaveValue('5');
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await waitFor(() => expect(api.putFavouriteItem).toHaveBeenCalledTimes(2));
  });

  it('removes a line, and Undo puts it back', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = favouritesApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    await user.click(await screen.findByRole('button', { name: `Remove ${water.name} from the list` }, slow));
    expect(screen.queryByRole('checkbox', { name: `Select ${water.name}` })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.removeFavouriteItem).toHaveBeenCalledWith(31, water.id, expect.anything()),
    );
  });

  it('the owner renames, shares and deletes the list (after confirming)', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = favouritesApi(weekly);
    const { location } = renderPortal({ path: '/favourites/31/', api: portalApi });
    await user.click(await screen.findByRole('button', { name: 'Rename' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Rename list' });
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    await user.type(name, 'Friday order');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Friday order' })).toBeInTheDocument();
    expect(api.updateFavouriteList).toHaveBeenCalledWith(31, { name: 'Friday order' }, expect.anything());

    const share = screen.getByRole('switch', { name: 'Shared with the company' });
    expect(share).not.toBeChecked();
    await user.click(share);
    await waitFor(() =>
      expect(api.updateFavouriteList).toHaveBeenLastCalledWith(31, { shared: true }, expect.anything()),
    );
    await waitFor(() => expect(share).toBeChecked());

    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this list?' });
    expect(api.deleteFavouriteList).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/favourites/'));
    expect(api.deleteFavouriteList).toHaveBeenCalledWith(31, expect.anything());
  });

  it('a change of the list that fails says why until Close, and typing a line does not hide it', async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(
      { kind: 'http', call: 'update list', status: 403, code: 'not_owner' },
      'HTTP 403',
    );
    const { portalApi } = favouritesApi(weekly, { updateFavouriteList: vi.fn().mockRejectedValue(refusal) });
    renderPortal({ path: '/favourites/31/', api: portalApi });
    const share = await screen.findByRole('switch', { name: 'Shared with the company' }, slow);
    await user.click(share);
    const message = await screen.findByText('Only the owner can change this list.');
    // the switch shows the list's sharing again
    await waitFor(() => expect(share).not.toBeChecked());
    await user.type(
      within(rowOf(gouda.name)).getByRole('textbox', { name: `Quantity of ${gouda.name}` }),
      '5',
    );
    expect(message).toBeInTheDocument();
    await user.click(
      within(message.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByText('Only the owner can change this list.')).not.toBeInTheDocument();
  });

  it('a colleague’s shared list is read-only but can be added to the cart', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = favouritesApi(colleaguesGuide, {
      addCartItemsBulk: vi.fn(
        async (): Promise<CartBulkLineResult[]> => [
          {
            index: 0,
            product: gouda.id,
            status: 'added',
            written: { id: 1, quantity: '2', unit: 1 },
            previous: null,
          },
        ],
      ),
    });
    renderPortal({ path: '/favourites/32/', api: portalApi });
    expect(
      await screen.findByText('Shared by Jonas Main — you can order from it but not change it.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: `Quantity of ${gouda.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: `Unit of ${gouda.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(within(rowOf(gouda.name)).getByText('2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByText('1 product added to the cart.')).toBeInTheDocument();
    expect(api.addCartItemsBulk).toHaveBeenCalledWith(
      [{ product: gouda.id, campaign: null, quantity: '2', unit: 1 }],
      'add',
      expect.anything(),
    );
  });

  it('adds all to the cart and reports what is out of stock or no longer sold', async () => {
    const user = userEvent.setup();
    const addCartItemsBulk = vi.fn(
      async (_lines: CartLineWrite[]): Promise<CartBulkLineResult[]> => [
        {
          index: 0,
          product: gouda.id,
          status: 'increased',
          written: { id: 1, quantity: '5', unit: 1 },
          previous: { quantity: '3', unit: 1 },
        },
        {
          index: 1,
          product: water.id,
          status: 'rejected',
          code: 'out_of_stock',
          errors: {},
          maxQuantity: null,
          previous: null,
        },
      ],
    );
    const { api, portalApi } = favouritesApi(weekly, { addCartItemsBulk });
    renderPortal({ path: '/favourites/31/', api: portalApi });
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }, slow));
    const report = await screen.findByRole('list', { name: 'Not added:' });
    expect(within(report).getByText(`${water.name} — out of stock`)).toBeInTheDocument();
    expect(within(report).getByText('Product no. 77 — no longer sold')).toBeInTheDocument();
    const inCart = screen.getByRole('list', { name: 'Already in the cart' });
    expect(within(inCart).getByRole('listitem')).toHaveTextContent(
      `${gouda.name} — in cart: 3 pieces → 5 pieces (added)`,
    );
    // the product that is no longer sold is never sent
    expect(addCartItemsBulk.mock.calls[0]![0]).toHaveLength(2);
    await waitFor(() => expect(api.cartItems).toHaveBeenCalled());
  });

  it('adds only the selected lines', async () => {
    const user = userEvent.setup();
    const { api, portalApi } = favouritesApi(weekly);
    renderPortal({ path: '/favourites/31/', api: portalApi });
    const addSelected = await screen.findByRole('button', { name: 'Add selected (0)' }, slow);
    expect(addSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: `Select ${gouda.name}` }));
    await user.click(screen.getByRole('button', { name: 'Add selected (1)' }));
    await waitFor(() =>
      expect(api.addCartItemsBulk).toHaveBeenCalledWith(
        [{ product: gouda.id, campaign: null, quantity: '2', unit: 1 }],
        'add',
        expect.anything(),
      ),
    );
  });

  it('says when the list does not exist or is not shared', async () => {
    const notFound = new ApiError({ kind: 'http', call: 'list', status: 404, code: 'not_found' }, 'HTTP 404');
    const { portalApi } = favouritesApi(weekly, { favouriteList: vi.fn().mockRejectedValue(notFound) });
    renderPortal({ path: '/favourites/99/', api: portalApi });
    expect(
      await screen.findByText('This list does not exist or is not shared with you.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All favourite lists' })).toHaveAttribute('href', '/favourites/');
  });

  it('an empty list says how to fill it', async () => {
    const { portalApi } = favouritesApi({ ...weekly, items: [], productIds: [] });
    renderPortal({ path: '/favourites/31/', api: portalApi });
    expect(
      await screen.findByText(
        'This list is empty — add products from the catalogue with the star.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
  });

  it('exports the list as a CSV file named after it', async () => {
    const user = userEvent.setup();
    const saved: Array<{ fileName: string; text: Promise<string> }> = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:csv-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.getAttribute('href') ?? '');
      saved.push({ fileName: this.download, text: blob ? blob.text() : Promise.resolve('') });
    });
    const { portalApi } = favouritesApi({ ...weekly, name: 'Weekly / =order' });
    renderPortal({ path: '/favourites/31/', api: portalApi });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, slow));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toBe('Weekly order.csv');
    const lines =
      (await saved[0]?.text)
        ?.replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n') ?? [];
    expect(lines[0]).toBe('Stock code,Product,Quantity,Unit,Unit price,Stock');
    expect(lines[1]).toBe(`${gouda.stockCode},${gouda.name},2,pieces,1320.92,240`);
    expect(lines[3]).toBe(',,3,pieces,,No longer sold');
  });
});
