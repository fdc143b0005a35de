import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { InvalidDecimalError } from '../../src/domain/decimal';
import {
  bestCampaignPrice,
  centsText,
  currentUnitPrice,
  isCampaignProduct,
  onBasis,
  priceBasisFor,
  regularUnitPrice,
  shownPrices,
  toCampaignProduct,
  toCents,
} from '../../src/domain/pricing';
import { aCampaignProduct, aProduct } from '../../src/test/builders';

const text = (value: Decimal | null) => value?.toFixed() ?? null;

describe('onBasis (decision 005: one basis per customer, unit prices rounded to cents)', () => {
  it('adds VAT on the gross basis, whatever taxIncluded says, and rounds to cents half to even', () => {
    for (const taxIncluded of [true, false]) {
      const product = aProduct({ taxIncluded, taxRatePercent: '19' });
      expect(text(onBasis('10.00', product, 'gross'))).toBe('11.9');
      // 3.33 × 1.19 = 3.9627 → 3.96
      expect(text(onBasis('3.33', product, 'gross'))).toBe('3.96');
    }
  });

  it('keeps the net price on the net basis, rounded to cents', () => {
    expect(text(onBasis('10.00', aProduct({ taxRatePercent: '19' }), 'net'))).toBe('10');
    expect(text(onBasis('0.125', aProduct(), 'net'))).toBe('0.12');
  });

  it('is exact where floats are not, with a fractional and a zero rate', () => {
    expect(text(onBasis('0.1', aProduct({ taxRatePercent: '7' }), 'gross'))).toBe('0.11');
    expect(text(onBasis('100', aProduct({ taxRatePercent: '7.7' }), 'gross'))).toBe('107.7');
    expect(text(onBasis('100', aProduct({ taxRatePercent: '0' }), 'gross'))).toBe('100');
  });

  it('refuses a price that is not decimal text', () => {
    expect(() => onBasis('ten', aProduct(), 'net')).toThrow(InvalidDecimalError);
  });

  it('takes the basis from tax_applies, and money in cents half to even', () => {
    expect(priceBasisFor(true)).toBe('gross');
    expect(priceBasisFor(false)).toBe('net');
    expect(toCents(new Decimal('2.345')).toFixed()).toBe('2.34');
    expect(centsText(new Decimal('2.355'))).toBe('2.36');
    expect(centsText(new Decimal('1'))).toBe('1.00');
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
    const prices = shownPrices(aProduct({ price: '10', oldPrice: '12.5' }), 'net');
    expect(text(prices.current)).toBe('10');
    expect(text(prices.old)).toBe('12.5');
  });

  it('shows no old price when it equals or is below the current price, or is missing', () => {
    expect(shownPrices(aProduct({ price: '10', oldPrice: '10' }), 'net').old).toBeNull();
    expect(shownPrices(aProduct({ price: '10', oldPrice: '9.99' }), 'gross').old).toBeNull();
    expect(shownPrices(aProduct({ price: '10', oldPrice: null }), 'gross').old).toBeNull();
  });

  it('puts old and current on the same basis and keeps the deposit apart', () => {
    const product = aProduct({
      price: '10',
      oldPrice: '20',
      taxIncluded: false,
      taxRatePercent: '10',
      depositPrice: '1',
    });
    const gross = shownPrices(product, 'gross');
    expect([text(gross.current), text(gross.old), text(gross.deposit)]).toEqual(['11', '22', '1.1']);
    const net = shownPrices(product, 'net');
    expect([text(net.current), text(net.old), text(net.deposit)]).toEqual(['10', '20', '1']);
  });

  it('shows a campaign product at its new price with its own price struck through', () => {
    const prices = shownPrices(aCampaignProduct({ price: '10', newPrice: '8' }), 'net');
    expect(text(prices.current)).toBe('8');
    expect(text(prices.old)).toBe('10');
  });

  it('shows no struck price when a campaign price is not lower', () => {
    expect(shownPrices(aCampaignProduct({ price: '10', newPrice: '10' }), 'gross').old).toBeNull();
  });
});

describe('bestCampaignPrice', () => {
  it('picks the lowest running price, the older campaign on a tie, and none from none', () => {
    expect(bestCampaignPrice([])).toBeNull();
    expect(
      bestCampaignPrice([
        { campaignId: 2, newPrice: '1.50' },
        { campaignId: 5, newPrice: '1.49' },
        { campaignId: 1, newPrice: '1.60' },
      ]),
    ).toEqual({ campaignId: 5, newPrice: '1.49' });
    expect(
      bestCampaignPrice([
        { campaignId: 7, newPrice: '1.5' },
        { campaignId: 3, newPrice: '1.50' },
      ]),
    ).toEqual({ campaignId: 3, newPrice: '1.50' });
  });
});
