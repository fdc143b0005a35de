import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StandingOrderLineWrite } from '../../../src/services/api/standing-orders';
import type { Occurrence, StandingOrder } from '../../../src/services/api/wire/standing-orders';
import { httpError } from '../../../src/test/api-errors';
import { catalogueApi, renderPortal } from '../catalogue/support';

await import('../../../src/ui/screens/standing-orders/standing-orders-area');

const slow = { timeout: 60_000 };
const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, slow);

const line = (productId: number, name: string, quantity: string, available = true) => ({
  productId,
  quantity,
  unit: 1,
  productName: name,
  unitPrice: '1.00',
  available,
});
const review: Occurrence = {
  seriesId: 7,
  deliveryDate: '2026-12-08',
  cutoffAt: '2026-12-07T17:00:00Z',
  draftAt: '2026-12-05T17:00:00Z',
  status: 'needs_review',
  lines: [line(1, 'Rye bread', '4'), line(2, 'Whole milk', '12'), line(3, 'Butter', '2', false)],
  thisDeliveryOnly: false,
  reviewReasons: [
    { code: 'price_rose', productId: 2, was: '1.09', now: '1.29', message: null },
    { code: 'unavailable', productId: 3, was: null, now: null, message: null },
  ],
  orderId: null,
  failure: null,
};
const series: StandingOrder = {
  id: 7,
  name: 'Bread and dairy',
  intervalWeeks: 1,
  weekday: 2,
  firstDeliveryDate: '2026-12-08',
  endDate: null,
  status: 'active',
  addressId: 1,
  lines: review.lines.map(({ productId, quantity, unit, productName }) => ({
    productId,
    quantity,
    unit,
    productName,
  })),
  nextOccurrences: [review],
  createdAt: '2026-11-28T10:00:00Z',
};

describe('standing orders', () => {
  it('a backend with standing orders has the menu entry and lists each series with its next deliveries', async () => {
    renderPortal({
      path: '/standing-orders/',
      api: catalogueApi({
        capabilities: async () => ['standingOrders'],
        standingOrders: async () => [series],
      }),
    });
    expect(within(await mainMenu()).getByRole('link', { name: 'Standing orders' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bread and dairy' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Every Tuesday · 3 lines')).toBeInTheDocument();
    expect(screen.getByText('Needs review')).toBeInTheDocument();
  });

  it('a backend without them has no menu entry and asks nothing', async () => {
    const standingOrders = vi.fn(async () => [series]);
    renderPortal({
      path: '/standing-orders/',
      api: catalogueApi({ capabilities: async () => ['favourites'], standingOrders }),
    });
    expect(await screen.findByText('This is not offered on this portal.', {}, slow)).toBeInTheDocument();
    expect(within(await mainMenu()).queryByRole('link', { name: 'Standing orders' })).not.toBeInTheDocument();
    expect(standingOrders).not.toHaveBeenCalled();
  });

  it('a failed load says so, and Try again loads again', async () => {
    const standingOrders = vi
      .fn<() => Promise<StandingOrder[]>>()
      .mockRejectedValueOnce(httpError(500))
      .mockResolvedValue([series]);
    renderPortal({
      path: '/standing-orders/',
      api: catalogueApi({ capabilities: async () => ['standingOrders'], standingOrders }),
    });
    expect(await screen.findByText('The standing orders could not be loaded.', {}, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Bread and dairy' }, slow)).toBeInTheDocument();
  });

  it('a delivery in review says why and takes an unavailable product out of this delivery only', async () => {
    const setOccurrenceLines = vi.fn(
      async (_series: number, _date: string, lines: StandingOrderLineWrite[]): Promise<Occurrence> => ({
        ...review,
        status: 'draft',
        thisDeliveryOnly: true,
        reviewReasons: [],
        lines: review.lines.filter((l) => lines.some((w) => w.productId === l.productId)),
      }),
    );
    renderPortal({
      path: '/standing-orders/7/',
      api: catalogueApi({
        capabilities: async () => ['standingOrders'],
        standingOrders: async () => [series],
        standingOrderOccurrences: async () => [review],
        setOccurrenceLines,
      }),
    });
    expect(
      await screen.findByText('Whole milk: the price rose from 1.09 to 1.29.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('Butter is not available.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove from this delivery' }));
    expect(await screen.findByText('Changed for this delivery only.', {}, slow)).toBeInTheDocument();
    expect(setOccurrenceLines).toHaveBeenCalledWith(
      7,
      '2026-12-08',
      [
        { productId: 1, quantity: '4', unit: 1 },
        { productId: 2, quantity: '12', unit: 1 },
      ],
      expect.anything(),
    );
    expect(screen.queryByText('Butter is not available.')).not.toBeInTheDocument();
  });
});
