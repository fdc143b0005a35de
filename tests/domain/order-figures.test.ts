import { describe, expect, it } from 'vitest';
import { sumAmounts } from '../../src/domain/cart-totals';
import { orderLineFigures, orderSummaryFigures } from '../../src/domain/order-figures';
import type { Order, OrderItem } from '../../src/domain/types';
import { aProduct } from './fixtures';

const item = (price: string, taxPrice: string, deposit?: string): OrderItem => ({
  product: aProduct(),
  price,
  taxPrice,
  taxIncluded: false,
  quantity: '2',
  unit: 1,
  fulfilled: false,
  campaign: null,
  ...(deposit === undefined ? {} : { deposit }),
});

const anOrder = (items: OrderItem[][], extra: Partial<Order> = {}): Order => ({
  id: 1,
  total: '0',
  createdAt: '2026-11-01T10:00:00Z',
  isFinalized: false,
  finalizedAt: null,
  suborders: items.map((lines, index) => ({
    id: index + 1,
    warehouse: { id: index + 1, name: `W${index + 1}` },
    operator: { id: 1, name: 'O', phone: '' },
    total: '0',
    status: 'processing',
    createdAt: '2026-11-01T10:00:00Z',
    items: lines,
    extraCharges: index === 0 ? [{ name: 'Delivery fee', amount: '9.90' }] : [],
    estimatedDeliveryDate: null,
  })),
  ...extra,
});

describe('order figures on the order basis', () => {
  it('a line costs its goods plus its deposit', () => {
    expect(orderLineFigures(item('2.38', '0.42', '0.60'))).toEqual({
      amount: '2.38',
      deposit: '0.60',
      total: '2.98',
    });
  });

  it('goods + deposit + extra charges add up to what the order charged', () => {
    const order = anOrder([[item('2.38', '0.42', '0.60')], [item('10.70', '0.70', '0.00')]], {
      priceBasis: 'gross',
      subtotal: '13.08',
      discountAmount: '0.50',
      tax: '1.12',
      depositTotal: '0.60',
      totalWithoutTax: '12.56',
      total: '23.58',
    });
    const figures = orderSummaryFigures(order);
    expect(figures.basis).toBe('gross');
    expect(sumAmounts([figures.subtotal, figures.depositTotal ?? '0', figures.extraCharges])).toBe(
      order.total,
    );
    expect(figures.discount).toBe('0.50');
    // and the lines shown add up to the goods and deposit shown
    const lines = order.suborders.flatMap((s) => s.items.map(orderLineFigures));
    expect(sumAmounts(lines.map((l) => l.total))).toBe(
      sumAmounts([figures.subtotal, figures.depositTotal ?? '0']),
    );
  });

  it('an older order without a basis shows net amounts with their tax, as stored', () => {
    const order = anOrder([[item('10.00', '0.70')]]);
    expect(orderLineFigures(order.suborders[0]!.items[0]!)).toEqual({
      amount: '10.00',
      deposit: null,
      total: '10.70',
    });
    expect(orderSummaryFigures(order)).toMatchObject({
      basis: null,
      subtotal: '10.00',
      taxes: '0.70',
      discount: null,
      depositTotal: null,
      extraCharges: '9.90',
    });
  });
});
