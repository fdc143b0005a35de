import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  type CartTotalsLine,
  cartLineAmount,
  computeCartItemsTotals,
  computeCartTotals,
  shownCartTotal,
  showsAmountLine,
} from '../../src/domain/cart-totals';
import type { CartTotals } from '../../src/domain/types';
import { UnitNotFoundError } from '../../src/domain/units';
import { aCampaignProduct, aProduct, box, boxedProduct, pallet, piece, units } from './fixtures';

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

describe('computeCartTotals', () => {
  it('is all zeros for an empty cart', () => {
    expect(computeCartTotals([])).toEqual(zero);
  });

  it('multiplies quantity by the unit multiplier and the price (3 boxes of 12 at 0.99)', () => {
    expect(computeCartTotals([line(aProduct({ price: '0.99' }), '3', '12')])).toEqual({
      ...zero,
      subtotal: '35.64',
      total: '35.64',
      totalWithoutTax: '35.64',
    });
  });

  it('adds the deposit and taxes price plus deposit', () => {
    const product = aProduct({ price: '10', depositPrice: '0.25', taxRatePercent: '19' });
    // tax = 2 × (10 + 0.25) × 19 / 100 = 3.895 → 3.90 (half-even: 9 is odd, so up)
    expect(computeCartTotals([line(product, '2')])).toEqual({
      subtotal: '20.00',
      discountAmount: '0.00',
      tax: '3.90',
      depositTotal: '0.50',
      totalWithoutTax: '20.50',
      total: '24.40',
    });
  });

  it('counts a campaign price as a discount from the regular price and taxes the campaign price', () => {
    const product = aCampaignProduct({ price: '10', newPrice: '8', taxRatePercent: '10' });
    expect(computeCartTotals([line(product, '5')])).toEqual({
      subtotal: '50.00',
      discountAmount: '10.00',
      tax: '4.00',
      depositTotal: '0.00',
      totalWithoutTax: '40.00',
      total: '44.00',
    });
  });

  it("counts a plain product's higher old price as a discount", () => {
    const totals = computeCartTotals([line(aProduct({ price: '10', oldPrice: '12' }), '1', '6')]);
    expect(totals).toMatchObject({ subtotal: '72.00', discountAmount: '12.00', total: '60.00' });
  });

  it('ignores an old price below the current price: no negative discount, no undercharge', () => {
    const totals = computeCartTotals([line(aProduct({ price: '10', oldPrice: '9' }), '2')]);
    expect(totals).toMatchObject({ subtotal: '20.00', discountAmount: '0.00', total: '20.00' });
  });

  it('rounds each figure once, on the sum, not line by line', () => {
    // each line's tax is 0.005; two lines make 0.01 (rounding per line would give 0.00)
    const product = aProduct({ price: '0.05', taxRatePercent: '10' });
    expect(computeCartTotals([line(product, '1'), line({ ...product, id: 2 }, '1')]).tax).toBe('0.01');
  });

  it('rounds half to even at the cent', () => {
    expect(computeCartTotals([line(aProduct({ price: '0.125' }), '1')]).subtotal).toBe('0.12');
    expect(computeCartTotals([line(aProduct({ price: '0.135' }), '1')]).subtotal).toBe('0.14');
    expect(computeCartTotals([line(aProduct({ price: '0.1251' }), '1')]).subtotal).toBe('0.13');
  });

  it('has no float drift (0.1 three times is 0.30)', () => {
    const totals = computeCartTotals([line(aProduct({ price: '0.1' }), '3')]);
    expect(totals.total).toBe('0.30');
  });

  it('stays exact for large orders', () => {
    const totals = computeCartTotals([line(aProduct({ price: '1234.5678' }), '1000000', '480')]);
    expect(totals.subtotal).toBe('592592544000.00');
  });

  it('accepts Decimal quantities and multipliers', () => {
    const totals = computeCartTotals([
      { product: aProduct({ price: '2' }), quantity: new Decimal(3), unitMultiplier: new Decimal('2.5') },
    ]);
    expect(totals.subtotal).toBe('15.00');
  });

  it('always adds up as shown: total = subtotal − discount + deposit + tax', () => {
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
      const t = computeCartTotals(lines);
      const d = (value: string) => new Decimal(value);
      expect(d(t.totalWithoutTax).equals(d(t.subtotal).minus(t.discountAmount).plus(t.depositTotal))).toBe(
        true,
      );
      expect(d(t.total).equals(d(t.totalWithoutTax).plus(t.tax))).toBe(true);
      for (const value of Object.values(t)) expect(value).toMatch(/^-?\d+\.\d{2}$/);
      expect(d(t.discountAmount).greaterThanOrEqualTo(0)).toBe(true);
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
    );
    // (480 + 24 + 3) × 0.50
    expect(totals.subtotal).toBe('253.50');
  });

  it('fails with the unit error when an item has a unit the product does not know', () => {
    expect(() =>
      computeCartItemsTotals([{ product: aProduct(), quantity: '1', unit: box.id }], units),
    ).toThrow(UnitNotFoundError);
  });
});

describe('cartLineAmount', () => {
  it('is quantity × unit multiplier × the unit price the dialog shows', () => {
    expect(cartLineAmount(line(aProduct({ price: '0.99' }), '3', '12')).toFixed()).toBe('35.64');
    const taxIncluded = aProduct({
      price: '10',
      taxIncluded: true,
      taxRatePercent: '19',
      depositPrice: '0.25',
    });
    expect(cartLineAmount(line(taxIncluded, '2')).toFixed()).toBe('24.3');
  });

  it('uses the campaign price', () => {
    expect(cartLineAmount(line(aCampaignProduct({ price: '10', newPrice: '8' }), '2', '6')).toFixed()).toBe(
      '96',
    );
  });
});

describe('shownCartTotal', () => {
  const totals = { total: '24.40', totalWithoutTax: '20.50' };

  it('shows the total with tax when tax applies, otherwise the total without tax', () => {
    expect(shownCartTotal(totals, true)).toBe('24.40');
    expect(shownCartTotal(totals, false)).toBe('20.50');
  });

  it('always has 2 decimals', () => {
    expect(shownCartTotal({ total: '12.5', totalWithoutTax: '10' }, true)).toBe('12.50');
    expect(shownCartTotal({ total: '12.5', totalWithoutTax: '10' }, false)).toBe('10.00');
    expect(shownCartTotal({ total: '12.345', totalWithoutTax: '0' }, true)).toBe('12.34');
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
