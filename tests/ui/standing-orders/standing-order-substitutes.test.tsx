import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StandingOrderLineWrite } from '../../../src/services/api/standing-orders';
import type { Occurrence, StandingOrder } from '../../../src/services/api/wire/standing-orders';
import { aProduct } from '../../../src/test/builders';
import { catalogueApi, renderPortal } from '../catalogue/support';

await import('../../../src/ui/screens/standing-orders/standing-orders-area');

// A standing order's delivery in review offers the supplier's substitutes for an unavailable
// product; taking one writes this delivery's lines (not the cart) with what it stands in for.

const slow = { timeout: 60_000 };

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
  lines: [line(1, 'Rye bread', '4'), line(3, 'Butter', '2', false)],
  thisDeliveryOnly: false,
  reviewReasons: [{ code: 'unavailable', productId: 3, was: null, now: null, message: null }],
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
const margarine = aProduct({ id: 30, name: 'Margarine 500 g', price: '2.40', quantityInStock: 80 });

describe('substitutes in a standing order’s review', () => {
  it('offers the substitute for an unavailable line and takes it into this delivery', async () => {
    const user = userEvent.setup();
    const substitutes = vi.fn(async () => ({
      3: [{ product: margarine, reason: 'Same use in baking', rank: 1 }],
    }));
    const acceptSubstitute = vi.fn();
    const setOccurrenceLines = vi.fn(
      async (_series: number, _date: string, _lines: StandingOrderLineWrite[]): Promise<Occurrence> => ({
        ...review,
        status: 'draft',
        thisDeliveryOnly: true,
        reviewReasons: [],
        lines: [line(1, 'Rye bread', '4'), { ...line(30, 'Margarine 500 g', '2'), substituteFor: 3 }],
      }),
    );
    renderPortal({
      path: '/standing-orders/7/',
      api: catalogueApi({
        capabilities: async () => ['standingOrders', 'substitutes'],
        standingOrders: async () => [series],
        standingOrderOccurrences: async () => [review],
        setOccurrenceLines,
        substitutes,
        acceptSubstitute,
      }),
    });
    const offer = within(await screen.findByRole('region', { name: /Substitutes for Butter/ }, slow));
    expect(offer.getByText('Margarine 500 g')).toBeInTheDocument();
    expect(offer.getByText('Same use in baking')).toBeInTheDocument();
    expect(offer.getByText('80 in stock')).toBeInTheDocument();

    await user.click(offer.getByRole('button', { name: 'Take Margarine 500 g instead' }));
    expect(await screen.findByText('Changed for this delivery only.', {}, slow)).toBeInTheDocument();
    expect(setOccurrenceLines).toHaveBeenCalledWith(
      7,
      '2026-12-08',
      [
        { productId: 1, quantity: '4', unit: 1 },
        { productId: 30, quantity: '2', unit: 1, substituteFor: 3 },
      ],
      expect.anything(),
    );
    expect(acceptSubstitute).not.toHaveBeenCalled();
    // the delivery shows the server's answer: the substitute in place, nothing left to review
    expect(screen.getByText('Margarine 500 g')).toBeInTheDocument();
    expect(screen.queryByText('Butter is not available.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Substitutes for Butter/ })).not.toBeInTheDocument();
  });
});
