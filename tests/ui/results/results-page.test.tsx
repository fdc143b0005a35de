import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductPage, ProductPageQuery } from '../../../src/services/api/catalogue';
import { catalogueApi, gouda, renderPortal, water } from '../catalogue/support';

const searchBox = () => screen.findByRole('combobox', { name: 'Search products' }, { timeout: 60_000 });

/** A product page call that answers `results` for every query and records what it was asked. */
function pages(answer: (query: ProductPageQuery) => ProductPage['results'] = () => [gouda, water]) {
  return vi.fn(async (query: ProductPageQuery): Promise<ProductPage> => {
    const results = answer(query);
    return { count: results.length, next: null, previous: null, results };
  });
}
const lastQuery = (productPage: ReturnType<typeof pages>) => productPage.mock.calls.at(-1)?.[0];

describe('search results page', () => {
  it('Enter in the search box closes the panel and opens the results for the text', async () => {
    const user = userEvent.setup();
    const productPage = pages();
    renderPortal({ api: catalogueApi({ productPage }) });
    await user.type(await searchBox(), 'gouda');
    await screen.findByRole('listbox', { name: 'Search results' });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “gouda”' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Search results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(lastQuery(productPage)).toMatchObject({ q: 'gouda', sort: null, inStock: false }),
    );
    expect(await screen.findByText('2 products')).toBeInTheDocument();
  });

  it('sorts and keeps only products in stock, each change asking the server afresh', async () => {
    const user = userEvent.setup();
    const productPage = pages();
    renderPortal({ path: '/products/?q=water', api: catalogueApi({ productPage }) });
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('relevance');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Relevance', 'Name', 'Price, lowest first', 'Newest first']);
    await user.selectOptions(sort, 'Price, lowest first');
    await waitFor(() =>
      expect(lastQuery(productPage)).toMatchObject({ q: 'water', sort: 'price', inStock: false }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await waitFor(() =>
      expect(lastQuery(productPage)).toMatchObject({ q: 'water', sort: 'price', inStock: true }),
    );
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
  });

  it('opens from its address with every parameter, and offers no relevance without a search', async () => {
    const productPage = pages();
    const first = renderPortal({
      path: '/products/?q=kase&sort=newest&in_stock=1&category=2&brand=1',
      api: catalogueApi({ productPage }),
    });
    await waitFor(() =>
      expect(lastQuery(productPage)).toMatchObject({
        q: 'kase',
        sort: 'newest',
        inStock: true,
        category: 2,
        brand: 1,
      }),
    );
    expect(productPage).toHaveBeenCalledTimes(1);
    first.unmount();
    renderPortal({ path: '/products/?sort=relevance', api: catalogueApi({ productPage }) });
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('name');
    expect(within(sort).queryByRole('option', { name: 'Relevance' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
  });

  it('says what did not match and clears the filters, keeping the search', async () => {
    const user = userEvent.setup();
    const productPage = pages((query) => (query.inStock ? [] : [gouda]));
    renderPortal({ path: '/products/?q=gouda&in_stock=1', api: catalogueApi({ productPage }) });
    // the query sits in its own <bdi dir="auto">, so the sentence is read as the status's text
    await waitFor(() =>
      expect(
        screen.getAllByRole('status').some((status) => status.textContent === 'No products match “gouda”'),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(productPage)).toMatchObject({ q: 'gouda', inStock: false }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();
  });

  it('Enter on a blank box stays put; a result picked with the arrows still opens its dialog', async () => {
    const user = userEvent.setup();
    const productPage = pages();
    renderPortal({ api: catalogueApi({ productPage }) });
    const box = await searchBox();
    await user.click(box);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('heading', { name: /Results for/ })).not.toBeInTheDocument();
    await user.type(box, 'a');
    await screen.findByRole('listbox', { name: 'Search results' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Results for/ })).not.toBeInTheDocument();
  });
});
