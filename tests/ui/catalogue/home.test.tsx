import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogueApi, deferred, firstNotification, renderPortal } from './support';

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

describe('home', () => {
  it('shows the first notification as a banner that opens it', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal();
    const banner = await screen.findByRole('link', { name: /Your order is on its way/ }, slow);
    expect(banner).toHaveTextContent(firstNotification.description);
    await user.click(banner);
    expect(location.history.at(-1)).toBe('/notifications/11');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your order is on its way' }),
    ).toBeInTheDocument();
  });

  it('shows a slide per campaign with its name, each opening the campaign', async () => {
    renderPortal();
    const carousel = await screen.findByRole('region', { name: 'Campaign banners' }, slow);
    const summer = within(carousel).getByRole('link', { name: /Summer Drinks/ });
    expect(summer).toHaveAttribute('href', '/campaigns/2');
    expect(within(carousel).getByRole('link', { name: /Clean Kitchen Deals/ })).toHaveAttribute(
      'href',
      '/campaigns/3',
    );
    expect(within(carousel).getByRole('button', { name: 'Next campaign' })).toBeInTheDocument();
  });

  it('offers the categories sorted by their first letter, each opening /products/ with it preselected', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal();
    const section = await screen.findByRole('region', { name: 'Categories' }, slow);
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Bakery',
      'Dairy & Cheese',
      'Soft Drinks & Water',
    ]);
    await user.click(within(section).getByRole('link', { name: 'Dairy & Cheese' }));
    expect(location.history.at(-1)).toBe('/products/?category=2');
    expect(await screen.findByRole('combobox', { name: 'Category' }, slow)).toHaveValue('2');
  });

  it('shows featured and newest products when campaigns exist, and the brands', async () => {
    renderPortal();
    const featured = await screen.findByRole('region', { name: 'Featured products' }, slow);
    expect(await within(featured).findByRole('button', { name: /^Alpenhof Käse Gouda/ })).toBeInTheDocument();
    const newest = screen.getByRole('region', { name: 'Newest products' });
    expect(
      await within(newest).findByRole('button', { name: /^Quellblick Mineral Water/ }),
    ).toBeInTheDocument();
    const brandsRegion = screen.getByRole('region', { name: 'Brands' });
    expect(within(brandsRegion).getByRole('link', { name: 'Alpenhof' })).toHaveAttribute(
      'href',
      '/catalog/brand/4',
    );
  });

  it('without campaigns says so and leaves out the featured and newest tables', async () => {
    renderPortal({ api: catalogueApi({ campaigns: async () => [] }) });
    expect(await screen.findByText('No campaigns', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Featured products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Newest products' })).not.toBeInTheDocument();
  });

  it('keeps the places for the latest orders and the Excel import', async () => {
    renderPortal();
    expect(await screen.findByRole('region', { name: 'Latest orders' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Import products from Excel' })).toBeInTheDocument();
  });

  it('a failed campaign list shows the unknown error with a retry that loads it again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const second = deferred<never[]>();
    renderPortal({
      api: catalogueApi({
        campaigns: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('offline')) : second.promise;
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Campaigns' }, slow);
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Unknown error. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Loading campaigns…');
    second.resolve([]);
    expect(await within(section).findByText('No campaigns')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
