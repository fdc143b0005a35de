import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import type { Capability } from '../../../src/services/api/capabilities';
import { aList } from '../../../src/test/builders';
import { catalogueApi, renderPortal } from '../catalogue/support';
import { favouritesFake } from './favourite-lists-support';

await import('../../../src/ui/screens/favourites/favourite-lists-screen');

const slow = { timeout: 60_000 };
const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, slow);
const noSuchCall = new ApiError(
  { kind: 'http', call: 'GET netb2b/favourite-lists/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);

function renderWith(
  path: string,
  capabilities: Capability[] | null,
  lists = favouritesFake([aList(3, 'Weekly')]),
) {
  renderPortal({
    path,
    api: catalogueApi({ ...lists, ...(capabilities ? { capabilities: async () => capabilities } : {}) }),
  });
  return lists;
}

/** The Gouda's row in the home's featured products, once its row is drawn. */
async function goudaRow() {
  const featured = await screen.findByRole('region', { name: 'Featured products' }, slow);
  return within(
    (await within(featured).findByRole('button', { name: /^Alpenhof Käse Gouda/ })).closest('tr')!,
  );
}

describe('favourite lists as a capability', () => {
  it('a backend with lists has the menu entry and the Add to list star', async () => {
    renderWith('/', ['favourites']);
    expect(within(await mainMenu()).getByRole('link', { name: 'Favourites' })).toBeInTheDocument();
    expect(await (await goudaRow()).findByRole('button', { name: 'Add to list' })).toBeInTheDocument();
  });

  it('a backend without lists: no menu entry, no star, and the lists are never asked for', async () => {
    const lists = renderWith('/', ['documents']);
    const row = await goudaRow();
    expect(within(await mainMenu()).queryByRole('link', { name: 'Favourites' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Add to list' })).not.toBeInTheDocument();
    expect(lists.favouriteLists).not.toHaveBeenCalled();
  });

  it('a bookmarked lists page on a backend without lists says so and offers no new list', async () => {
    const lists = renderWith('/favourites/', []);
    expect(await screen.findByText('This is not offered on this portal.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create list' })).not.toBeInTheDocument();
    expect(lists.favouriteLists).not.toHaveBeenCalled();
  });

  it('a bookmarked list on a backend without lists says so', async () => {
    const favouriteList = vi.fn(async () => {
      throw noSuchCall;
    });
    renderWith('/favourites/3/', [], { ...favouritesFake([]), favouriteList } as ReturnType<
      typeof favouritesFake
    >);
    expect(await screen.findByText('This is not offered on this portal.', {}, slow)).toBeInTheDocument();
    expect(favouriteList).not.toHaveBeenCalled();
  });

  it('a lists call the backend turns out not to have hides every star and is not made again', async () => {
    const lists = favouritesFake([]);
    lists.favouriteLists.mockImplementation(async () => {
      throw noSuchCall;
    });
    renderWith('/', null, lists);
    const row = await goudaRow();
    await vi.waitFor(() =>
      expect(row.queryByRole('button', { name: 'Add to list' })).not.toBeInTheDocument(),
    );
    expect(lists.favouriteLists).toHaveBeenCalledOnce();
  });
});
