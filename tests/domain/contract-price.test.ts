import { describe, expect, it } from 'vitest';
import { priceDocument } from '../../src/domain/cart-totals';
import {
  type ContractPriceRule,
  contractPriceAt,
  customerPrice,
  unitPriceAt,
} from '../../src/domain/contract-price';
import { currentUnitPrice } from '../../src/domain/pricing';
import { aCampaignProduct, aProduct } from '../../src/test/builders';

const rule = (
  scope: ContractPriceRule['scope'],
  minQuantity: string,
  price: string,
  validFrom: string | null = null,
  validTo: string | null = null,
): ContractPriceRule => ({ scope, minQuantity, price, validFrom, validTo });

const DAY = '2026-11-27';

describe('contractPriceAt: the customer over its group over the list price', () => {
  const rules = [rule('customer', '10', '1.00'), rule('group', '1', '1.50'), rule('group', '50', '0.90')];

  it("takes the group price below the customer's first step", () => {
    expect(contractPriceAt(rules, DAY, '5')?.toFixed(2)).toBe('1.50');
  });

  it("takes the customer's price from its step up, even where the group's is lower", () => {
    expect(contractPriceAt(rules, DAY, '10')?.toFixed(2)).toBe('1.00');
    expect(contractPriceAt(rules, DAY, '60')?.toFixed(2)).toBe('1.00');
  });

  it('answers null where no rule has a step, so the list price applies', () => {
    expect(contractPriceAt([rule('customer', '10', '1.00')], DAY, '9.999')).toBeNull();
  });

  it('ignores rules outside their validity days, inclusive at both ends', () => {
    const dated = [rule('customer', '1', '1.00', '2026-11-27', '2026-11-30')];
    expect(contractPriceAt(dated, '2026-11-26', '1')).toBeNull();
    expect(contractPriceAt(dated, '2026-11-27', '1')?.toFixed(2)).toBe('1.00');
    expect(contractPriceAt(dated, '2026-11-30', '1')?.toFixed(2)).toBe('1.00');
    expect(contractPriceAt(dated, '2026-12-01', '1')).toBeNull();
  });

  it('takes the lower of two rules with one minimum, whatever their order', () => {
    expect(
      contractPriceAt([rule('customer', '1', '2.00'), rule('customer', '1', '1.75')], DAY, '1')?.toFixed(2),
    ).toBe('1.75');
  });
});

describe('customerPrice: the steps the client prices with', () => {
  it('lists only the steps where the price changes', () => {
    const rules = [rule('customer', '10', '1.00'), rule('group', '1', '1.50'), rule('group', '50', '0.90')];
    const price = customerPrice('2.00', rules, DAY);
    expect(price.price.toFixed(2)).toBe('1.50');
    expect(price.tiers).toEqual([{ minQuantity: '10', price: '1.00' }]);
    expect(price.contract).toBe(true);
  });

  it('is the list price without steps when no rule is valid', () => {
    const price = customerPrice('2.00', [rule('customer', '1', '1.00', '2027-01-01')], DAY);
    expect(price).toEqual({ price: expect.anything(), tiers: [], contract: false });
    expect(price.price.toFixed(2)).toBe('2.00');
  });

  it('keeps every decimal place of a price, so a round trip changes nothing', () => {
    const price = customerPrice('2.00', [rule('customer', '1', '1.2345')], DAY);
    expect(price.price.toFixed()).toBe('1.2345');
  });
});

describe('unitPriceAt and the line figures', () => {
  it('prices a quantity at its step, and a campaign only where it is lower', () => {
    const tiers = [{ minQuantity: '10', price: '1.00' }];
    expect(unitPriceAt('1.50', tiers, '9').toFixed(2)).toBe('1.50');
    expect(unitPriceAt('1.50', tiers, '10').toFixed(2)).toBe('1.00');
    expect(unitPriceAt('1.50', tiers, '10', '1.20').toFixed(2)).toBe('1.00');
    expect(unitPriceAt('1.50', tiers, '9', '1.20').toFixed(2)).toBe('1.20');
  });

  it('prices a line of boxes by its primary units', () => {
    const product = {
      ...aProduct({ price: '1.50', taxRatePercent: '0', depositPrice: '0.00' }),
      priceTiers: [{ minQuantity: '24', price: '1.00' }],
    };
    const [line] = priceDocument([{ product, quantity: '2', unitMultiplier: '12' }], [], 'net').lines;
    expect(line?.goods.toFixed(2)).toBe('24.00');
    const [one] = priceDocument([{ product, quantity: '1', unitMultiplier: '12' }], [], 'net').lines;
    expect(one?.goods.toFixed(2)).toBe('18.00');
  });

  it('leaves a product without steps priced as before', () => {
    expect(currentUnitPrice(aProduct({ price: '3.10' }), '100').toFixed(2)).toBe('3.10');
    expect(currentUnitPrice(aCampaignProduct({ price: '3.10', newPrice: '2.50' })).toFixed(2)).toBe('2.50');
  });
});
