import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { InvalidDecimalError } from '../../src/domain/decimal';
import {
  currentUnitPrice,
  discountAmount,
  displayPrice,
  isCampaignProduct,
  lineAmount,
  regularUnitPrice,
  shownPrices,
  taxAmount,
  toCampaignProduct,
} from '../../src/domain/pricing';
import { aCampaignProduct, aProduct } from './fixtures';

const text = (value: Decimal | null) => value?.toFixed() ?? null;

describe('displayPrice (spec point 5)', () => {
  it('adds tax and deposit for a taxIncluded product', () => {
    const product = aProduct({ taxIncluded: true, taxRatePercent: '19', depositPrice: '0.25' });
    // 10 + 10 × 19 / 100 + 0.25
    expect(text(displayPrice('10.00', product))).toBe('12.15');
  });

  it('shows the price as it is when the product is not taxIncluded, deposit left out too', () => {
    const product = aProduct({ taxIncluded: false, taxRatePercent: '19', depositPrice: '0.25' });
    expect(text(displayPrice('10.00', product))).toBe('10');
  });

  it('is exact where floats are not (0.1 + 0.2 style sums)', () => {
    const product = aProduct({ taxIncluded: true, taxRatePercent: '7', depositPrice: '0.1' });
    // 0.2 + 0.014 + 0.1
    expect(text(displayPrice('0.2', product))).toBe('0.314');
  });

  it('handles a fractional tax rate and a zero rate', () => {
    expect(text(displayPrice('100', aProduct({ taxIncluded: true, taxRatePercent: '7.7' })))).toBe('107.7');
    expect(
      text(displayPrice('100', aProduct({ taxIncluded: true, taxRatePercent: '0', depositPrice: '0' }))),
    ).toBe('100');
  });

  it('refuses a price that is not decimal text', () => {
    expect(() => displayPrice('ten', aProduct())).toThrow(InvalidDecimalError);
  });
});

describe('current and regular prices', () => {
  it('a plain product costs its price; its regular price is the oldPrice, else the price', () => {
    expect(text(currentUnitPrice(aProduct({ price: '10' })))).toBe('10');
    expect(text(regularUnitPrice(aProduct({ price: '10', oldPrice: '12' })))).toBe('12');
    expect(text(regularUnitPrice(aProduct({ price: '10', oldPrice: null })))).toBe('10');
  });

  it('never puts the regular price below the current one (a price rise is not a discount)', () => {
    expect(text(regularUnitPrice(aProduct({ price: '10', oldPrice: '9' })))).toBe('10');
    expect(text(regularUnitPrice(aCampaignProduct({ price: '10', newPrice: '11' })))).toBe('11');
  });

  it("in a campaign newPrice replaces the price, and the product's price becomes the regular price", () => {
    const product = aCampaignProduct({ price: '10', oldPrice: '15', newPrice: '7.5' });
    expect(text(currentUnitPrice(product))).toBe('7.5');
    expect(text(regularUnitPrice(product))).toBe('10');
  });

  it('tells campaign products from plain ones', () => {
    expect(isCampaignProduct(aProduct())).toBe(false);
    expect(isCampaignProduct(aCampaignProduct())).toBe(true);
    const built = toCampaignProduct(aProduct({ price: '5' }), 3, '4.00');
    expect(isCampaignProduct(built)).toBe(true);
    expect(built).toMatchObject({ campaignId: 3, newPrice: '4.00', price: '5' });
  });
});

describe('shownPrices', () => {
  it('strikes through the old price when it is greater than the current one', () => {
    const prices = shownPrices(aProduct({ price: '10', oldPrice: '12.5' }));
    expect(text(prices.current)).toBe('10');
    expect(text(prices.old)).toBe('12.5');
  });

  it('shows no old price when it equals or is below the current price, or is missing', () => {
    expect(shownPrices(aProduct({ price: '10', oldPrice: '10' })).old).toBeNull();
    expect(shownPrices(aProduct({ price: '10', oldPrice: '9.99' })).old).toBeNull();
    expect(shownPrices(aProduct({ price: '10', oldPrice: null })).old).toBeNull();
  });

  it('puts old and current on the same display basis (tax and deposit on both)', () => {
    const product = aProduct({
      price: '10',
      oldPrice: '20',
      taxIncluded: true,
      taxRatePercent: '10',
      depositPrice: '1',
    });
    const prices = shownPrices(product);
    expect(text(prices.current)).toBe('12');
    expect(text(prices.old)).toBe('23');
  });

  it('shows a campaign product at its new price with its own price struck through', () => {
    const prices = shownPrices(aCampaignProduct({ price: '10', newPrice: '8' }));
    expect(text(prices.current)).toBe('8');
    expect(text(prices.old)).toBe('10');
  });

  it('shows no struck price when a campaign price is not lower', () => {
    expect(shownPrices(aCampaignProduct({ price: '10', newPrice: '10' })).old).toBeNull();
  });
});

describe('lineAmount, taxAmount, discountAmount', () => {
  it('line amount = quantity × unit multiplier × unit price', () => {
    expect(text(lineAmount('3', '12', '0.99'))).toBe('35.64');
    expect(text(lineAmount('0', '12', '0.99'))).toBe('0');
    expect(text(lineAmount(new Decimal(2), '1', '1.005'))).toBe('2.01');
  });

  it('tax = (price + deposit) × rate / 100', () => {
    expect(text(taxAmount('10', '0.25', '19'))).toBe('1.9475');
    expect(text(taxAmount('10', '0', '0'))).toBe('0');
  });

  it('keeps full precision (rounding is for display only)', () => {
    expect(text(taxAmount('0.01', '0', '7'))).toBe('0.0007');
  });

  it('discount = old − current, never negative', () => {
    expect(text(discountAmount('12.5', '10'))).toBe('2.5');
    expect(text(discountAmount('10', '10'))).toBe('0');
    expect(text(discountAmount('9', '10'))).toBe('0');
  });
});
