import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CampaignWithPrices } from '../../../src/machines/catalogue/catalogue.resources';
import { demoClaims } from '../support/fakeSession';
import { aCatalogueProduct, catalogueApi, renderPortal, summerDrinks, water } from './support';

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

/** Over since spring 2025, still reachable by its address. */
const springDeals: CampaignWithPrices = {
  ...summerDrinks,
  id: 7,
  name: 'Spring Deals',
  startsAt: '2025-03-01T12:00:00Z',
  endsAt: '2025-03-31T12:00:00Z',
  campaignPrices: [{ product: water, campaignId: 7, newPrice: '0.70' }],
};

describe('an ended campaign opened by its address', () => {
  it('says it has ended and offers nothing to add', async () => {
    renderPortal({ path: '/campaigns/7', api: catalogueApi({ campaign: async () => springDeals }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Deals' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This campaign ended on 31.03.2025.');
    expect(screen.queryByRole('table', { name: 'Campaign products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
  });

  it('a running campaign has no such notice and its table', async () => {
    const running = { ...springDeals, startsAt: '2020-01-01T00:00:00Z', endsAt: '2999-12-31T00:00:00Z' };
    renderPortal({ path: '/campaigns/7', api: catalogueApi({ campaign: async () => running }) });
    expect(await screen.findByRole('table', { name: 'Campaign products' }, slow)).toBeInTheDocument();
    expect(screen.queryByText(/This campaign ended/)).not.toBeInTheDocument();
  });
});

describe('an unknown brand or category', () => {
  it('/catalog/brand/999 shows the not-found page', async () => {
    renderPortal({ path: '/catalog/brand/999' });
    expect(await screen.findByText('404 Not Found', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('No route matches URL "/catalog/brand/999"')).toBeInTheDocument();
  });

  it('an unknown category shows the not-found page', async () => {
    renderPortal({ path: '/catalog/category/999' });
    expect(await screen.findByText('404 Not Found', {}, slow)).toBeInTheDocument();
  });

  it('a known brand shows its products, not the not-found page', async () => {
    renderPortal({ path: '/catalog/brand/4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpenhof' }, slow)).toBeInTheDocument();
    expect(screen.queryByText('404 Not Found')).not.toBeInTheDocument();
  });
});

describe('the demo account (no prices)', () => {
  it('a campaign table has no price column', async () => {
    const unpriced = aCatalogueProduct({
      id: 9,
      name: 'Quellblick Mineral Water 1 l',
      price: null,
      oldPrice: null,
      depositPrice: null,
    });
    const campaign = {
      ...summerDrinks,
      endsAt: '2999-12-31T00:00:00Z',
      campaignPrices: [{ product: unpriced, campaignId: 2, newPrice: null }],
    };
    renderPortal({
      path: '/campaigns/2',
      claims: demoClaims,
      api: catalogueApi({ campaign: async () => campaign as unknown as CampaignWithPrices }),
    });
    const table = await screen.findByRole('table', { name: 'Campaign products' }, slow);
    expect(within(table).getByRole('columnheader', { name: 'Product' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Price' })).not.toBeInTheDocument();
  });
});
