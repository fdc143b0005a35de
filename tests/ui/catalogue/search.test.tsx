import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../src/domain/types';
import { catalogueApi, deferred, gouda, renderPortal, water } from './support';

// A query arrives in one paste: typed key by key on a busy machine, the debounce may end between two
// keys and search a prefix first.
const searchBox = () => screen.findByRole('combobox', { name: 'Search products' }, { timeout: 60_000 });

describe('header search', () => {
  it('focus opens the panel with "Input IDs or names to search" and makes no call', async () => {
    const user = userEvent.setup();
    const searchProducts = vi.fn(async () => [gouda]);
    renderPortal({ api: catalogueApi({ searchProducts }) });
    await user.click(await searchBox());
    expect(await screen.findByText('Input IDs or names to search')).toBeInTheDocument();
    expect(searchProducts).not.toHaveBeenCalled();
  });

  it('shows the loading image while searching, then product cards with image, name and price', async () => {
    const user = userEvent.setup();
    const answer = deferred<Product[]>();
    const searchProducts = vi.fn((_query: string) => answer.promise);
    renderPortal({ api: catalogueApi({ searchProducts }) });
    await user.click(await searchBox());
    await user.paste('kase');
    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    await waitFor(() => expect(searchProducts).toHaveBeenCalledTimes(1));
    expect(searchProducts.mock.calls[0]?.[0]).toBe('kase');
    answer.resolve([gouda, water]);
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    const options = within(results).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Alpenhof Käse Gouda jung 200 g');
    // 1,234.50 net at 7 % VAT, on the buyer's VAT-inclusive basis
    expect(options[0]).toHaveTextContent('€1,320.92');
    // the picture is decorative beside the name (alt=""), so it is found as an element, not a role
    expect(options[0]?.querySelector('img')).toHaveAttribute('src', gouda.image);
  });

  it('says "Result not found..." when nothing matches', async () => {
    const user = userEvent.setup();
    renderPortal({ api: catalogueApi({ searchProducts: async () => [] }) });
    await user.click(await searchBox());
    await user.paste('zzz');
    expect(await screen.findByText('Result not found...')).toBeInTheDocument();
  });

  it('a failed search shows the unknown error and a retry that searches again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const searchProducts = vi
      .fn<(query: string) => Promise<Product[]>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce([water]);
    renderPortal({ api: catalogueApi({ searchProducts }) });
    await user.click(await searchBox());
    await user.paste('water');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unknown error. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: /Mineral Water/ })).toBeInTheDocument();
    expect(searchProducts).toHaveBeenCalledTimes(2);
  });

  it('arrow keys move through the results, Enter opens the product dialog, Escape closes the panel', async () => {
    const user = userEvent.setup();
    renderPortal();
    const box = await searchBox();
    await user.type(box, 'a');
    await screen.findByRole('listbox', { name: 'Search results' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Mineral Water/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Quellblick Mineral Water 1 l' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Search results' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(box);
    expect(await screen.findByRole('listbox', { name: 'Search results' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Search results' })).not.toBeInTheDocument();
    expect(box).toHaveValue('a');
  });

  it('clicking a result opens its product dialog', async () => {
    const user = userEvent.setup();
    renderPortal();
    await user.click(await searchBox());
    await user.paste('gouda');
    await user.click(await screen.findByRole('option', { name: /Käse Gouda/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('heading', { name: 'Alpenhof Käse Gouda jung 200 g' }),
    ).toBeInTheDocument();
  });
});
