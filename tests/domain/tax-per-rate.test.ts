import { describe, expect, it } from 'vitest';
import { computeCartTotals, priceDocument } from '../../src/domain/cart-totals';
import { toDecimal } from '../../src/domain/decimal';
import { priceShipments } from '../../src/domain/shipment-figures';
import { allocateTaxes, vatOn } from '../../src/domain/tax-per-rate';
import { aCampaignProduct } from '../../src/test/builders';

// The three cases of decision 007's table, from the seeded net prices.
/** Alpenhof Ayran 250 ml: 0.42 net a piece, 0.34 in the breakfast campaign, 20 a box, 60 boxes a pallet, 7 % */
const ayran = aCampaignProduct({ id: 79, price: '0.42', newPrice: '0.34', taxRatePercent: '7.00' });
/** Quellgold Mineralwasser still 0,5 l: 0.36 in the drinks campaign, 0.25 deposit, 10 a crate, 19 % */
const water = aCampaignProduct({
  id: 2,
  price: '0.42',
  newPrice: '0.36',
  taxRatePercent: '19.00',
  depositPrice: '0.25',
});

describe('the worked examples of decision 007', () => {
  it('2 boxes of Ayran: net 13.60, VAT 0.95 (7 %), gross 14.55', () => {
    expect(computeCartTotals([{ product: ayran, quantity: '2', unitMultiplier: '20' }], 'gross')).toEqual({
      subtotal: '14.55',
      discountAmount: '3.43',
      tax: '0.95',
      depositTotal: '0.00',
      total: '14.55',
      totalWithoutTax: '13.60',
    });
  });

  it('3 pallets of Ayran: net 1,224.00, VAT 85.68, gross 1,309.68', () => {
    const totals = computeCartTotals([{ product: ayran, quantity: '3', unitMultiplier: '1200' }], 'gross');
    expect(totals).toMatchObject({ total: '1309.68', tax: '85.68', totalWithoutTax: '1224.00' });
  });

  it('50 crates of water: goods 180.00 and deposit 125.00 net, VAT 57.95 (19 %), gross 362.95', () => {
    const totals = computeCartTotals([{ product: water, quantity: '50', unitMultiplier: '10' }], 'gross');
    expect(totals).toMatchObject({
      subtotal: '214.20',
      depositTotal: '148.75',
      tax: '57.95',
      total: '362.95',
      totalWithoutTax: '305.00',
    });
  });

  it('a delivery fee is a line at its own rate: 9.90 net is 11.78 with 19 % VAT, and its VAT is in the total', () => {
    const priced = priceShipments(
      [
        {
          lines: [{ product: ayran, quantity: '2', unitMultiplier: '20' }],
          charges: [{ amount: '9.90', taxRatePercent: '19.00' }],
        },
      ],
      'gross',
    );
    const [shipment] = priced.shipments;
    expect(shipment?.charges.map((c) => [c.net.toFixed(2), c.tax.toFixed(2), c.amount.toFixed(2)])).toEqual([
      ['9.90', '1.88', '11.78'],
    ]);
    expect(
      priced.taxes.map((r) => [r.ratePercent, r.net.toFixed(2), r.tax.toFixed(2), r.gross.toFixed(2)]),
    ).toEqual([
      ['7', '13.60', '0.95', '14.55'],
      ['19', '9.90', '1.88', '11.78'],
    ]);
    expect(priced.tax.toFixed(2)).toBe('2.83');
    expect(priced.total.toFixed(2)).toBe('26.33');
  });

  it('on the net basis (VAT not charged) the same lines and fees carry no VAT: goods plus fees', () => {
    const priced = priceShipments(
      [
        {
          lines: [{ product: ayran, quantity: '2', unitMultiplier: '20' }],
          charges: [{ amount: '9.90', taxRatePercent: '19.00' }],
        },
      ],
      'net',
    );
    expect(priced.total.toFixed(2)).toBe('23.50');
    expect(priced.tax.toFixed(2)).toBe('0.00');
    expect(priced.taxes).toEqual([]);
  });
});

describe('allocateTaxes', () => {
  it('gives each rate round(rate × its net) and shares it so every amount is within a cent of its own VAT', () => {
    // two lines of 0.10 at 7 %: 0.007 each, 0.014 together → 0.01, not the 0.02 of two rounded lines
    const amounts = ['0.10', '0.10'].map((net) => ({ net: toDecimal(net), ratePercent: '7.00' }));
    const { shares, rates } = allocateTaxes(amounts);
    expect(shares.map((share) => share.toFixed(2))).toEqual(['0.01', '0.00']);
    expect(rates.map((rate) => [rate.ratePercent, rate.net.toFixed(2), rate.tax.toFixed(2)])).toEqual([
      ['7', '0.20', '0.01'],
    ]);
  });

  it('rounds half to even (decision 003)', () => {
    expect(vatOn(toDecimal('0.50'), '5').toFixed(2)).toBe('0.02');
    expect(vatOn(toDecimal('1.50'), '5').toFixed(2)).toBe('0.08');
  });

  it('a document of one line gets exactly its own VAT', () => {
    const { lines } = priceDocument([{ product: ayran, quantity: '7', unitMultiplier: '1' }], [], 'gross');
    expect(lines[0]?.tax.toFixed(2)).toBe('0.17');
  });
});
