import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FavouriteLineWrite, FavouriteList } from '../../../src/domain/types';
import type { Capability } from '../../../src/services/api/capabilities';
import { gouda, renderPortal, water } from '../catalogue/support';
import { colleaguesGuide, favouritesApi, summaryOf, weekly } from './favourite-list-support';

await import('../../../src/ui/screens/favourites/favourite-list-screen');

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

function renderList(list: FavouriteList, capabilities: Capability[] = ['favourites', 'orderGuides']) {
  const putFavouriteItem = vi.fn(async (_listId: number, _line: FavouriteLineWrite) =>
    summaryOf(list, { orderGuide: true }),
  );
  const fake = favouritesApi(list, { capabilities: async () => capabilities, putFavouriteItem });
  renderPortal({ path: `/favourites/${list.id}/`, api: fake.portalApi });
  return { putFavouriteItem };
}

/** The lines' writes as the fake API recorded them. */
const writes = (api: ReturnType<typeof renderList>) =>
  api.putFavouriteItem.mock.calls.map(([listId, line]) => ({ listId, ...line }));

describe('order guide fields on a favourite list', () => {
  it('a par level and a shelf typed on a line are saved with it', async () => {
    const user = userEvent.setup();
    const api = renderList(weekly);
    const par = await screen.findByRole('textbox', { name: `Par level of ${gouda.name}` }, slow);
    const shelf = screen.getByRole('textbox', { name: `Shelf of ${gouda.name}` });
    expect(par).toHaveAttribute('inputmode', 'decimal');
    expect(shelf).toHaveAttribute('inputmode', 'numeric');
    // pasted, so a busy machine cannot split a value over two writes
    await user.click(par);
    await user.paste('12,5');
    await user.click(shelf);
    await user.paste('3');
    // one write or two, depending on the typing's pause: the server gets both, for this line only
    await waitFor(() =>
      expect(writes(api)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ listId: 31, product: gouda.id, parLevel: '12.5' }),
          expect.objectContaining({ listId: 31, product: gouda.id, shelfPosition: 3 }),
        ]),
      ),
    );
    expect(writes(api).every((write) => write.product === gouda.id && write.quantity === '2')).toBe(true);
    // the server's answer made the list an order guide: the stock-take is offered
    expect(await screen.findByRole('link', { name: 'Stock-take' })).toBeInTheDocument();
  });

  it('an invalid par level says why on its field and is never sent', async () => {
    const user = userEvent.setup();
    const api = renderList(weekly);
    const par = await screen.findByRole('textbox', { name: `Par level of ${gouda.name}` }, slow);
    await user.click(par);
    await user.paste('100000');
    expect(par).toHaveAttribute('aria-invalid', 'true');
    expect(par).toHaveAccessibleDescription('A par level is at most 99,999.');
    // another line's change goes out after the debounce; the invalid line does not go with it
    const waterQuantity = screen.getByRole('textbox', { name: `Quantity of ${water.name}` });
    await user.clear(waterQuantity);
    await user.paste('4');
    await waitFor(() => expect(api.putFavouriteItem).toHaveBeenCalled());
    expect(writes(api)).toEqual([{ listId: 31, product: water.id, quantity: '4', unit: 2 }]);
    expect(par).toHaveValue('100000');
  });

  it('a colleague’s shared list shows no par level or shelf to change', async () => {
    renderList(colleaguesGuide);
    expect(await screen.findByRole('heading', { name: colleaguesGuide.name }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: `Par level of ${gouda.name}` })).not.toBeInTheDocument();
    expect(screen.queryByText('Shelf')).not.toBeInTheDocument();
  });

  it('a backend without order guides shows no par level or shelf', async () => {
    renderList(weekly, ['favourites']);
    const row = (await screen.findByRole('textbox', { name: `Quantity of ${gouda.name}` }, slow)).closest(
      'tr',
    ) as HTMLElement;
    expect(
      within(row).queryByRole('textbox', { name: `Par level of ${gouda.name}` }),
    ).not.toBeInTheDocument();
    expect(within(row).queryByRole('textbox', { name: `Shelf of ${gouda.name}` })).not.toBeInTheDocument();
  });
});
