import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignWithPrices } from '../../../src/machines/catalogue/catalogue.resources';
import { ApiError } from '../../../src/services/api';
import { catalogueApi, deferred, never, renderPortal, summerDrinks, water } from './support';

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

/** Over since spring: the campaigns list (running campaigns only) leaves it out. */
const springDeals: CampaignWithPrices = {
  id: 7,
  name: 'Spring Deals',
  description: 'Fresh prices for spring.',
  banner: '/media/campaigns/7.svg',
  startsAt: '2025-03-01T12:00:00Z',
  endsAt: '2025-03-31T12:00:00Z',
  campaignPrices: [{ product: water, campaignId: 7, newPrice: '0.70' }],
};

const notFound = () =>
  new ApiError({ kind: 'http', call: 'GET netb2b/campaigns/99/', status: 404 }, 'Not Found');

describe('campaign screen', () => {
  afterEach(() => {
    window.history.replaceState(null, '');
    vi.restoreAllMocks();
  });

  it('an ended campaign opened by its address loads by id and shows its dates, learn more and that it ended', async () => {
    const user = userEvent.setup();
    const campaign = vi.fn(async () => springDeals);
    renderPortal({ path: '/campaigns/7', api: catalogueApi({ campaign }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Deals' }, slow)).toBeInTheDocument();
    expect(campaign).toHaveBeenCalledWith(7, expect.anything());
    expect(screen.getByText('From 01.03.2025 to 31.03.2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Learn more' }));
    expect(screen.getByText('Fresh prices for spring.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This campaign ended on 31.03.2025.');
    expect(screen.queryByText('This campaign was not found.')).not.toBeInTheDocument();
  });

  it('shows loading until the campaign arrives', async () => {
    const answer = deferred<CampaignWithPrices>();
    renderPortal({ path: '/campaigns/7', api: catalogueApi({ campaign: () => answer.promise }) });
    expect(await screen.findByText('Loading campaigns…', {}, slow)).toBeInTheDocument();
    answer.resolve(springDeals);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Deals' })).toBeInTheDocument();
  });

  it('an unknown id shows not found', async () => {
    renderPortal({
      path: '/campaigns/99',
      api: catalogueApi({ campaign: () => Promise.reject(notFound()) }),
    });
    expect(await screen.findByText('This campaign was not found.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('an address that is no campaign id shows not found without a call', async () => {
    const campaign = vi.fn(async () => springDeals);
    renderPortal({ path: '/campaigns/abc', api: catalogueApi({ campaign }) });
    expect(await screen.findByText('This campaign was not found.', {}, slow)).toBeInTheDocument();
    expect(campaign).not.toHaveBeenCalled();
  });

  it('a failure shows the unknown error with a Retry that loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const second = deferred<CampaignWithPrices>();
    let calls = 0;
    renderPortal({
      path: '/campaigns/7',
      api: catalogueApi({
        campaign: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('offline')) : second.promise;
        },
      }),
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('Unknown error. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loading campaigns…')).toBeInTheDocument();
    second.resolve(springDeals);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Deals' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('a campaign passed along in history state (a carousel slide) shows at once without a call', async () => {
    window.history.replaceState({ campaign: summerDrinks }, '');
    const campaign = vi.fn(async () => summerDrinks);
    // the campaigns list never answers: only the passed campaign can fill the screen
    renderPortal({ path: '/campaigns/2', api: catalogueApi({ campaign, campaigns: never }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Drinks' }, slow)).toBeInTheDocument();
    expect(campaign).not.toHaveBeenCalled();
  });
});
