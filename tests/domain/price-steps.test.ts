import { describe, expect, it } from 'vitest';
import type { Decimal } from '../../src/domain/decimal';
import { lowestStepPrice, shownPriceSteps } from '../../src/domain/price-steps';
import { shownPrices, shownPricesAt } from '../../src/domain/pricing';
import { aCampaignProduct, aProduct } from '../../src/test/builders';

const text = (value: Decimal | null) => value?.toFixed(2) ?? null;
const shown = (prices: ReturnType<typeof shownPrices>) => ({
  current: text(prices.current),
  old: text(prices.old),
  deposit: text(prices.deposit),
});
const steps = (list: ReturnType<typeof shownPriceSteps>) =>
  list.map((step) => ({ minQuantity: step.minQuantity, price: text(step.price) }));

/** 1.20 net a piece, 1.00 from 10, 0.90 from 50; 19 % VAT, 0.25 deposit. */
const stepped = aProduct({
  price: '1.20',
  taxRatePercent: '19',
  depositPrice: '0.25',
  priceTiers: [
    { minQuantity: '10', price: '1.00' },
    { minQuantity: '50', price: '0.90' },
  ],
  contractPrice: true,
});

describe('shownPricesAt: the prices per primary unit of a line of so many primary units', () => {
  it('is shownPrices at one unit and below the first step', () => {
    expect(shown(shownPricesAt(stepped, 'net', '1'))).toEqual(shown(shownPrices(stepped, 'net')));
    expect(shown(shownPricesAt(stepped, 'net', '9.5'))).toEqual({
      current: '1.20',
      old: null,
      deposit: '0.25',
    });
  });

  it('takes the step reached, the price at one unit struck through, on either basis', () => {
    expect(shown(shownPricesAt(stepped, 'net', '10'))).toEqual({
      current: '1.00',
      old: '1.20',
      deposit: '0.25',
    });
    // 0.90 × 1.19 = 1.071 → 1.07; 1.20 × 1.19 = 1.428 → 1.43; 0.25 × 1.19 = 0.2975 → 0.30
    expect(shown(shownPricesAt(stepped, 'gross', '120'))).toEqual({
      current: '1.07',
      old: '1.43',
      deposit: '0.30',
    });
  });

  it('without steps, every quantity is the one price', () => {
    const plain = aProduct({ price: '10.00' });
    expect(shown(shownPricesAt(plain, 'net', '1000'))).toEqual({
      current: '10.00',
      old: null,
      deposit: '0.00',
    });
  });
});

describe('shownPriceSteps: the steps a customer reads', () => {
  it('lists each step lowest first at the price a line of that many units pays, on the basis', () => {
    const unordered = { ...stepped, priceTiers: [...(stepped.priceTiers ?? [])].reverse() };
    expect(steps(shownPriceSteps(unordered, 'net'))).toEqual([
      { minQuantity: '10', price: '1.00' },
      { minQuantity: '50', price: '0.90' },
    ]);
    expect(steps(shownPriceSteps(stepped, 'gross'))).toEqual([
      { minQuantity: '10', price: '1.19' },
      { minQuantity: '50', price: '1.07' },
    ]);
    expect(text(lowestStepPrice(shownPriceSteps(stepped, 'net')))).toBe('0.90');
  });

  it('leaves out a step a running campaign undercuts, so no step shows a price nobody pays', () => {
    // the campaign's 0.95 beats the 10-piece step (1.00); the 50-piece step (0.90) beats the campaign
    const campaign = aCampaignProduct({ ...stepped, newPrice: '0.95' });
    expect(steps(shownPriceSteps(campaign, 'net'))).toEqual([{ minQuantity: '50', price: '0.90' }]);
  });

  it('is empty for a product without steps, with none, or without figures (a demo account)', () => {
    expect(shownPriceSteps(aProduct(), 'net')).toEqual([]);
    expect(shownPriceSteps(aProduct({ priceTiers: [] }), 'net')).toEqual([]);
    expect(shownPriceSteps({ ...stepped, price: null, depositPrice: null }, 'net')).toEqual([]);
    expect(lowestStepPrice([])).toBeNull();
  });
});
