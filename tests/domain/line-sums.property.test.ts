import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartTotalsLine, computeCartTotals, priceLine, sumAmounts } from '../../src/domain/cart-totals';
import { type PriceBasis, shownPrices } from '../../src/domain/pricing';
import { aCampaignProduct, aProduct } from './fixtures';

// Issue 8: "every figure on a screen adds up to the cent to the totals shown beneath it". These
// properties check it for random carts the way the drawer shows them: the line amounts (goods), the
// summary's goods, deposit and total, and any split of the lines into shipments.

const cents = (min: number, max: number) => fc.integer({ min, max }).map((n) => (n / 100).toFixed(2));
const rate = fc.constantFrom('0', '7', '10', '19', '20', '25', '8.5');
// net prices as a supplier keeps them: up to four decimals
const netPrice = fc.integer({ min: 1, max: 5_000_000 }).map((n) => (n / 10_000).toFixed(4));

const product = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    price: netPrice,
    taxRatePercent: rate,
    depositPrice: fc.oneof(fc.constant('0.00'), cents(1, 150)),
    campaign: fc.option(netPrice, { nil: null }),
    oldPrice: fc.option(netPrice, { nil: null }),
  })
  .map(({ id, price, taxRatePercent, depositPrice, campaign, oldPrice }) =>
    campaign === null
      ? aProduct({ id, price, taxRatePercent, depositPrice, oldPrice })
      : aCampaignProduct({ id, price, taxRatePercent, depositPrice, newPrice: campaign }),
  );

const cartLine: fc.Arbitrary<CartTotalsLine & { warehouse: number }> = fc.record({
  product,
  quantity: fc.integer({ min: 1, max: 500 }).map(String),
  unitMultiplier: fc.constantFrom('1', '6', '12', '24', '480'),
  warehouse: fc.integer({ min: 1, max: 3 }),
});

const basis = fc.constantFrom<PriceBasis>('gross', 'net');
const cart = fc.array(cartLine, { minLength: 0, maxLength: 40 });

describe('lines shown add up to the totals shown (fast-check)', () => {
  it('the line amounts sum to the goods, and goods + deposit to the total, to the cent', () => {
    fc.assert(
      fc.property(cart, basis, (lines, b) => {
        const totals = computeCartTotals(lines, b);
        const figures = lines.map((line) => priceLine(line, b));
        expect(sumAmounts(figures.map((f) => f.goods))).toBe(totals.subtotal);
        expect(sumAmounts(figures.map((f) => f.deposit))).toBe(totals.depositTotal);
        expect(sumAmounts([totals.subtotal, totals.depositTotal])).toBe(totals.total);
        expect(sumAmounts([totals.totalWithoutTax, totals.tax])).toBe(totals.total);
      }),
      { numRuns: 500 },
    );
  });

  it('any split into shipments adds up to the cart: each shipment sums its lines, the shipments sum to the cart', () => {
    fc.assert(
      fc.property(cart, basis, (lines, b) => {
        const whole = computeCartTotals(lines, b);
        const shipments = [1, 2, 3].map((warehouse) =>
          computeCartTotals(
            lines.filter((line) => line.warehouse === warehouse),
            b,
          ),
        );
        for (const key of ['subtotal', 'depositTotal', 'tax', 'total', 'discountAmount'] as const)
          expect(sumAmounts(shipments.map((s) => s[key]))).toBe(whole[key]);
      }),
      { numRuns: 300 },
    );
  });

  it('a line is its quantity times the unit price shown, so the customer can check it by hand', () => {
    fc.assert(
      fc.property(cartLine, basis, (line, b) => {
        const shown = shownPrices(line.product, b);
        const pieces = String(Number(line.quantity) * Number(line.unitMultiplier));
        const figures = priceLine(line, b);
        expect(figures.goods.toFixed(2)).toBe(shown.current.times(pieces).toFixed(2));
        expect(figures.deposit.toFixed(2)).toBe(shown.deposit.times(pieces).toFixed(2));
      }),
      { numRuns: 300 },
    );
  });

  it('the net basis carries no tax; the gross basis never shows less than the net one', () => {
    fc.assert(
      fc.property(cart, (lines) => {
        const net = computeCartTotals(lines, 'net');
        const gross = computeCartTotals(lines, 'gross');
        expect(net.tax).toBe('0.00');
        expect(net.total).toBe(net.totalWithoutTax);
        expect(Number(gross.total) >= Number(net.total)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
