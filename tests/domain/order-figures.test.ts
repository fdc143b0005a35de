import { describe, expect, it } from 'vitest';
import { sumAmounts } from '../../src/domain/cart-totals';
import { orderLineFigures, orderSummaryFigures } from '../../src/domain/order-figures';
import type { Order, OrderItem } from '../../src/domain/types';
import { anExtraCharge, anOrder, anOrderLine, aSuborder } from '../../src/test/builders';

const item = (price: string, taxPrice: string, deposit?: string): OrderItem =>
  anOrderLine({ price, taxPrice, ...(deposit === undefined ? {} : { deposit }) });

/** One suborder per list of lines; the first carries a 9.90 delivery fee. */
const anOrderOf = (items: OrderItem[][], extra: Partial<Order> = {}): Order =>
  anOrder({
    suborders: items.map((lines, index) =>
      aSuborder({
        id: index + 1,
        warehouse: { id: index + 1, name: `W${index + 1}` },
        items: lines,
        extraCharges: index === 0 ? [anExtraCharge({ name: 'Delivery fee', amount: '9.90' })] : [],
      }),
    ),
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
    const order = anOrderOf([[item('2.38', '0.42', '0.60')], [item('10.70', '0.70', '0.00')]], {
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
    const order = anOrderOf([[item('10.00', '0.70')]]);
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
