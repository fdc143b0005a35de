import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductLookup } from '../../../src/services/api/quick-order';
import { aProduct, piece } from '../../../src/test/builders';
import { type FakeApi, fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';
import { favouritesFake } from './favourite-lists-support';

const gouda = aProduct({ id: 7, name: 'Gouda young', stockCode: 'DAI-7', quantityInStock: 50 });

/** The cart helpers' fake API, the quick order's lookup and the favourite-list calls. */
function saveAsListApi() {
  const favourites = favouritesFake();
  const lookUpProducts = vi.fn(
    async (codes: string[]): Promise<ProductLookup> => ({
      matches: codes.filter((code) => code === 'DAI-7').map((code) => ({ code, product: gouda })),
      notFound: codes.filter((code) => code !== 'DAI-7'),
      units: [piece],
    }),
  );
  const extra: Record<string, unknown> = { ...favourites, lookUpProducts };
  const api = new Proxy(fakeApi(), {
    get: (target, name) => extra[name as string] ?? target[name as keyof typeof target],
  }) as FakeApi;
  return { api, favourites };
}

describe('quick order: save as list', { timeout: 60_000 }, () => {
  it('creates a list from the valid rows in one call and links to it', async () => {
    const user = userEvent.setup();
    const { api, favourites } = saveAsListApi();
    renderPortal({ path: '/settings/quick-order/', api });
    await user.click(await screen.findByText('Or type or paste stock codes', {}, { timeout: 60_000 }));
    await user.click(screen.getByLabelText('Paste lines'));
    await user.paste('DAI-7;2\nNOPE-1;1\nDAI-7;3');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    expect(await screen.findByText('Rows: 2. Ready: 1. With errors: 1.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save as list' }));
    const form = screen.getByRole('region', { name: 'Save as a favourite list' });
    await user.type(within(form).getByRole('textbox', { name: 'List name' }), 'Monday');
    await user.click(within(form).getByRole('button', { name: 'Save list' }));

    expect(await screen.findByText('Saved as “Monday”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open list' })).toHaveAttribute('href', '/favourites/100/');
    // the rows of one product (merged) are one line; the invalid row is left out
    expect(favourites.createFavouriteList).toHaveBeenCalledTimes(1);
    expect(favourites.createFavouriteList.mock.calls[0]?.[0]).toEqual({
      name: 'Monday',
      shared: false,
      items: [{ product: 7, quantity: '5', unit: 1 }],
    });
  });
});
