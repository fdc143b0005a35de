import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  type CartTotalsLine,
  computeCartItemsTotals,
  computeCartTotals,
  priceDocument,
  priceLine,
  showsAmountLine,
  sumLineFigures,
  toCartTotals,
} from '../../src/domain/cart-totals';
import type { CartTotals } from '../../src/domain/types';
import { UnitNotFoundError } from '../../src/domain/units';
import { aCampaignProduct, aProduct, box, boxedProduct, pallet, piece, units } from '../../src/test/builders';

const line = (
  product: CartTotalsLine['product'],
  quantity: string,
  unitMultiplier = '1',
): CartTotalsLine => ({
  product,
  quantity,
  unitMultiplier,
});

const zero: CartTotals = {
  subtotal: '0.00',
  discountAmount: '0.00',
  tax: '0.00',
  depositTotal: '0.00',
  total: '0.00',
  totalWithoutTax: '0.00',
};

describe('computeCartTotals (decision 005: sums of lines on one basis)', () => {
  it('is all zeros for an empty cart', () => {
    expect(computeCartTotals([], 'gross')).toEqual(zero);
    expect(computeCartTotals([], 'net')).toEqual(zero);
  });

  it('multiplies quantity by the unit multiplier and the price (3 boxes of 12 at 0.99)', () => {
    expect(computeCartTotals([line(aProduct({ price: '0.99' }), '3', '12')], 'net')).toEqual({
      ...zero,
      subtotal: '35.64',
      total: '35.64',
      totalWithoutTax: '35.64',
    });
  });

  it('gross: VAT in every unit price, the deposit its own taxed line, VAT = gross − net', () => {
    const product = aProduct({ price: '10', depositPrice: '0.25', taxRatePercent: '19' });
    // unit 11.90 × 2; deposit 0.2975 → 0.30 × 2; net 20.00 + 0.50 = 20.50
    expect(computeCartTotals([line(product, '2')], 'gross')).toEqual({
      subtotal: '23.80',
      discountAmount: '0.00',
      tax: '3.90',
      depositTotal: '0.60',
      total: '24.40',
      totalWithoutTax: '20.50',
    });
  });

  it('net: no tax at all, the deposit its own line', () => {
    const product = aProduct({ price: '10', depositPrice: '0.25', taxRatePercent: '19', taxIncluded: true });
    expect(computeCartTotals([line(product, '2')], 'net')).toEqual({
      subtotal: '20.00',
      discountAmount: '0.00',
      tax: '0.00',
      depositTotal: '0.50',
      total: '20.50',
      totalWithoutTax: '20.50',
    });
  });

  it('prices a campaign product at its new price; the saving against its own price is the discount', () => {
    const product = aCampaignProduct({ price: '10', newPrice: '8', taxRatePercent: '10' });
    expect(computeCartTotals([line(product, '5')], 'gross')).toEqual({
      subtotal: '44.00',
      discountAmount: '11.00',
      tax: '4.00',
      depositTotal: '0.00',
      total: '44.00',
      totalWithoutTax: '40.00',
    });
    expect(computeCartTotals([line(product, '5')], 'net')).toMatchObject({
      subtotal: '40.00',
      discountAmount: '10.00',
      total: '40.00',
    });
  });

  it("counts a plain product's higher old price as a discount, already taken off the subtotal", () => {
    const totals = computeCartTotals([line(aProduct({ price: '10', oldPrice: '12' }), '1', '6')], 'net');
    expect(totals).toMatchObject({ subtotal: '60.00', discountAmount: '12.00', total: '60.00' });
  });

  it('ignores an old price below the current price: no negative discount', () => {
    const totals = computeCartTotals([line(aProduct({ price: '10', oldPrice: '9' }), '2')], 'gross');
    expect(totals).toMatchObject({ subtotal: '20.00', discountAmount: '0.00', total: '20.00' });
  });

  it('computes VAT per rate on the sum of its nets (decision 007), not per rounded gross unit price', () => {
    // two pieces at 0.05 net, 10 %: 10 % of 0.10 is 0.01, where gross unit prices (0.055 → 0.06) made 0.02
    const product = aProduct({ price: '0.05', taxRatePercent: '10' });
    const totals = computeCartTotals([line(product, '1'), line({ ...product, id: 2 }, '1')], 'gross');
    expect(totals).toMatchObject({ subtotal: '0.11', tax: '0.01', totalWithoutTax: '0.10' });
  });

  it('rounds half to even at the cent', () => {
    expect(computeCartTotals([line(aProduct({ price: '0.125' }), '1')], 'net').subtotal).toBe('0.12');
    expect(computeCartTotals([line(aProduct({ price: '0.135' }), '1')], 'net').subtotal).toBe('0.14');
    expect(computeCartTotals([line(aProduct({ price: '0.1251' }), '1')], 'net').subtotal).toBe('0.13');
  });

  it('has no float drift (0.1 three times is 0.30)', () => {
    expect(computeCartTotals([line(aProduct({ price: '0.1' }), '3')], 'gross').total).toBe('0.30');
  });

  it("stays exact for large orders (the ordered unit's price in cents × quantity)", () => {
    // a pack of 480 at 1234.5678 a piece costs 592592.544 → 592592.54, as its invoice line shows
    const totals = computeCartTotals([line(aProduct({ price: '1234.5678' }), '1000000', '480')], 'net');
    expect(totals.subtotal).toBe('592592540000.00');
  });

  it('accepts Decimal quantities and multipliers', () => {
    const totals = computeCartTotals(
      [{ product: aProduct({ price: '2' }), quantity: new Decimal(3), unitMultiplier: new Decimal('2.5') }],
      'net',
    );
    expect(totals.subtotal).toBe('15.00');
  });

  it('always adds up: lines sum to the totals, total = subtotal + deposit, total − tax = without tax', () => {
    let seed = 7;
    const next = (limit: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % limit;
    };
    for (let run = 0; run < 50; run += 1) {
      const lines = Array.from({ length: 1 + next(6) }, (_, index) => {
        const price = `${next(500)}.${String(next(1000)).padStart(3, '0')}`;
        const base = aProduct({
          id: index,
          price,
          depositPrice: `0.${String(next(100)).padStart(2, '0')}`,
          taxRatePercent: ['0', '7', '8', '19', '20', '7.7'][next(6)] ?? '0',
        });
        const product =
          next(2) === 0 ? base : aCampaignProduct({ ...base, newPrice: `${next(400)}.${next(10)}5` });
        return line(product, String(1 + next(20)), ['1', '12', '480', '2.5'][next(4)] ?? '1');
      });
      for (const basis of ['gross', 'net'] as const) {
        const t = computeCartTotals(lines, basis);
        const d = (value: string) => new Decimal(value);
        const figures = priceDocument(lines, [], basis).lines;
        const sumOf = (pick: (f: (typeof figures)[number]) => Decimal) =>
          figures.reduce((total, f) => total.plus(pick(f)), new Decimal(0)).toFixed(2);
        expect(sumOf((f) => f.goods)).toBe(t.subtotal);
        expect(sumOf((f) => f.deposit)).toBe(t.depositTotal);
        expect(sumOf((f) => f.tax)).toBe(t.tax);
        expect(d(t.total).equals(d(t.subtotal).plus(t.depositTotal))).toBe(true);
        expect(d(t.totalWithoutTax).equals(d(t.total).minus(t.tax))).toBe(true);
        expect(basis === 'gross' || t.tax === '0.00', 'no VAT on the net basis').toBe(true);
        for (const value of Object.values(t)) expect(value).toMatch(/^-?\d+\.\d{2}$/);
        expect(d(t.discountAmount).greaterThanOrEqualTo(0)).toBe(true);
      }
    }
  });
});

describe('computeCartItemsTotals', () => {
  it('converts each item along its unit chain', () => {
    const product = { ...boxedProduct, price: '0.50' };
    const totals = computeCartItemsTotals(
      [
        { product, quantity: '1', unit: pallet.id },
        { product: { ...product, id: 8 }, quantity: '2', unit: box.id },
        { product: { ...product, id: 9 }, quantity: '3', unit: piece.id },
      ],
      units,
      'net',
    );
    // (480 + 24 + 3) × 0.50
    expect(totals.subtotal).toBe('253.50');
  });

  it('fails with the unit error when an item has a unit the product does not know', () => {
    expect(() =>
      computeCartItemsTotals([{ product: aProduct(), quantity: '1', unit: box.id }], units, 'gross'),
    ).toThrow(UnitNotFoundError);
  });
});

describe('priceLine', () => {
  it('is quantity × unit multiplier × the unit price on the basis, whatever taxIncluded says', () => {
    expect(priceLine(line(aProduct({ price: '0.99' }), '3', '12'), 'net').goods.toFixed(2)).toBe('35.64');
    for (const taxIncluded of [true, false]) {
      const product = aProduct({ price: '10', taxIncluded, taxRatePercent: '19', depositPrice: '0.25' });
      const figures = priceLine(line(product, '2'), 'gross');
      expect([figures.goods, figures.deposit, figures.tax].map((v) => v.toFixed(2))).toEqual([
        '23.80',
        '0.60',
        '3.90',
      ]);
    }
  });

  it('uses the campaign price, with the regular goods beside it', () => {
    const figures = priceLine(line(aCampaignProduct({ price: '10', newPrice: '8' }), '2', '6'), 'net');
    expect(figures.goods.toFixed(2)).toBe('96.00');
    expect(figures.regularGoods.toFixed(2)).toBe('120.00');
  });
});

describe('sumLineFigures and toCartTotals', () => {
  it('sum any group of lines (a shipment) into the figures a summary shows', () => {
    const a = priceLine(
      line(aProduct({ price: '10', taxRatePercent: '19', depositPrice: '0.25' }), '2'),
      'gross',
    );
    const b = priceLine(
      line(aCampaignProduct({ price: '10', newPrice: '8', taxRatePercent: '10' }), '5'),
      'gross',
    );
    expect(toCartTotals(sumLineFigures([a, b]))).toEqual({
      subtotal: '67.80',
      discountAmount: '11.00',
      tax: '7.90',
      depositTotal: '0.60',
      total: '68.40',
      totalWithoutTax: '60.50',
    });
    expect(toCartTotals(sumLineFigures([]))).toEqual(zero);
  });
});

describe('showsAmountLine', () => {
  it('shows discount and deposit lines only when greater than zero', () => {
    expect(showsAmountLine('0.00')).toBe(false);
    expect(showsAmountLine('0')).toBe(false);
    expect(showsAmountLine('-1.00')).toBe(false);
    expect(showsAmountLine('0.01')).toBe(true);
  });
});
