import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import type { Capability } from '../../../src/services/api/capabilities';
import { anAnnouncement } from '../../../src/test/builders';
import { aCatalogueProduct, catalogueApi, gouda, never, renderPortal, summerDrinks, water } from './support';

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

/** A backend's answer for a call it does not have (the reference server's catch-all). */
const noSuchCall = (call: string) =>
  new ApiError({ kind: 'http', call, status: 404, code: 'no_such_call' }, 'HTTP 404');

/** Every capability but those named: what a backend announces at discovery. */
const allBut = (...missing: Capability[]): Capability[] =>
  (
    [
      'brands',
      'productPages',
      'productDetail',
      'campaignDetail',
      'notifications',
      'announcementReads',
      'favourites',
    ] as Capability[]
  ).filter((name) => !missing.includes(name));

/** The catalogue's scripted calls as spies, with discovery answering `available`. */
function spiedApi(available: Capability[] | null, overrides: Parameters<typeof catalogueApi>[0] = {}) {
  const base = catalogueApi(overrides) as Record<string, (...args: never[]) => unknown>;
  // the calls of the capabilities under test, never answered unless a test scripts them
  const unanswered = { campaign: never, markAnnouncementRead: never, product: never };
  const discovery = available ? { capabilities: async () => available } : {};
  return Object.fromEntries(
    Object.entries({ ...unanswered, ...discovery, ...base }).map(([name, call]) => [
      name,
      vi.fn(call as (...args: unknown[]) => unknown),
    ]),
  ) as Record<string, ReturnType<typeof vi.fn>>;
}

const soap = aCatalogueProduct({ id: 21, name: 'Lavendel soap', category: { id: 1, name: 'Bakery' } });

describe('a backend of the specification only (discovery answers nothing extra)', () => {
  it('the home has no brands, no bell and no notification banner, and asks for neither', async () => {
    const api = spiedApi([]);
    renderPortal({ api });
    expect(await screen.findByRole('region', { name: 'Categories' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Brands' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Your order is on its way/ })).not.toBeInTheDocument();
    expect(api.brands).not.toHaveBeenCalled();
    expect(api.notifications).not.toHaveBeenCalled();
  });

  it('the catalog lists the categories only', async () => {
    const api = spiedApi([]);
    renderPortal({ api, path: '/catalog/' });
    expect(await screen.findByRole('link', { name: 'Bakery' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Brands' })).not.toBeInTheDocument();
    expect(api.brands).not.toHaveBeenCalled();
  });

  it('a category page asks for a search and lists its results within the category, without product pages', async () => {
    const user = userEvent.setup();
    const api = spiedApi([], { searchProducts: async () => [gouda, water, soap] });
    renderPortal({ api, path: '/catalog/category/1' });
    expect(
      await screen.findByText('Search within this category to list its products.', {}, slow),
    ).toBeInTheDocument();
    const box = screen.getAllByRole('searchbox', { name: 'Search products' }).at(-1)!;
    await user.type(box, 'soap{Enter}');
    expect(await screen.findByText('1 product', {}, slow)).toBeInTheDocument();
    expect(api.searchProducts).toHaveBeenCalledWith('soap', expect.anything());
    expect(api.productPage).not.toHaveBeenCalled();
  });

  it('the results page is the search, narrowed by the category chosen', async () => {
    const api = spiedApi([], { searchProducts: async () => [gouda, water] });
    renderPortal({ api, path: '/products/?q=gouda&category=2' });
    expect(await screen.findByText('1 product', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Brand' })).not.toBeInTheDocument();
    expect(api.productPage).not.toHaveBeenCalled();
  });

  it('a campaign link is found in the campaigns list and shown without its product table', async () => {
    const api = spiedApi([]);
    renderPortal({ api, path: `/campaigns/${summerDrinks.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Drinks' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Campaign products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Campaign products' })).not.toBeInTheDocument();
    expect(api.campaign).not.toHaveBeenCalled();
  });

  it('a kept link to a notification says it is not offered', async () => {
    const api = spiedApi([]);
    renderPortal({ api, path: '/notifications/11' });
    expect(await screen.findByText('This is not offered on this portal.', {}, slow)).toBeInTheDocument();
    expect(api.notifications).not.toHaveBeenCalled();
  });

  it('announcements still show, without "Mark as read" or an unread count', async () => {
    const notice = anAnnouncement({
      id: 1,
      name: 'New delivery day',
      description: 'From December we deliver on Thursdays.',
      type: 'warning',
      read: false,
      createdAt: new Date().toISOString(),
    });
    const api = spiedApi([], { announcements: async () => [notice] });
    renderPortal({ api });
    const region = await screen.findByRole('region', { name: 'Announcements' }, slow);
    expect(within(region).getByRole('article', { name: 'New delivery day' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(within(region).queryByText(/unread/)).not.toBeInTheDocument();
    expect(api.markAnnouncementRead).not.toHaveBeenCalled();
  });
});

describe('a capability the backend turns out not to have while the screen is open', () => {
  it('product pages answered as missing: the results page turns to the search', async () => {
    const api = spiedApi(allBut(), {
      productPage: async () => Promise.reject(noSuchCall('GET netb2b/products/')),
      searchProducts: async () => [gouda, water],
    });
    renderPortal({ api, path: '/products/?q=water' });
    expect(await screen.findByText('2 products', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.productPage).toHaveBeenCalledTimes(1);
    expect(api.searchProducts).toHaveBeenCalledWith('water', expect.anything());
  });

  it('notifications answered as missing: the bell goes, nothing is retried', async () => {
    const api = spiedApi(allBut(), {
      notifications: async () => Promise.reject(noSuchCall('GET netb2b/notifications/')),
    });
    renderPortal({ api });
    expect(await screen.findByRole('region', { name: 'Categories' }, slow)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument(),
    );
    expect(api.notifications).toHaveBeenCalledTimes(1);
  });

  it('with every capability the home shows the brands and the bell as before', async () => {
    const api = spiedApi(allBut());
    renderPortal({ api });
    expect(await screen.findByRole('region', { name: 'Brands' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  });
});
