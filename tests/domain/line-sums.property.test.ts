import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartTotalsLine,
  computeCartTotals,
  priceDocument,
  priceLine,
  sumAmounts,
} from '../../src/domain/cart-totals';
import { currentUnitPrice, type PriceBasis } from '../../src/domain/pricing';
import { priceShipments } from '../../src/domain/shipment-figures';
import { aCampaignProduct, aProduct } from '../../src/test/builders';

// "every figure on a screen adds up to the cent to the totals shown beneath it". These
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
        // the lines as the document shows them (each carrying its share of its rate's VAT)
        const figures = priceDocument(lines, [], b).lines;
        expect(sumAmounts(figures.map((f) => f.goods))).toBe(totals.subtotal);
        expect(sumAmounts(figures.map((f) => f.deposit))).toBe(totals.depositTotal);
        expect(sumAmounts([totals.subtotal, totals.depositTotal])).toBe(totals.total);
        expect(sumAmounts([totals.totalWithoutTax, totals.tax])).toBe(totals.total);
      }),
      { numRuns: 500 },
    );
  });

  it('any split into shipments adds up to the order: each shipment sums its lines, the shipments sum to the order', () => {
    fc.assert(
      fc.property(cart, basis, (lines, b) => {
        const split = [1, 2, 3].map((warehouse) => ({
          lines: lines.filter((line) => line.warehouse === warehouse),
          charges: [],
        }));
        const order = priceShipments(split, b);
        const shipments = split.map((shipment) => computeCartTotals(shipment.lines, b));
        for (const key of ['subtotal', 'depositTotal', 'tax', 'total', 'discountAmount'] as const)
          expect(sumAmounts(shipments.map((s) => s[key]))).toBe(order.goods[key]);
        expect(order.total.toFixed(2)).toBe(order.goods.total);
      }),
      { numRuns: 300 },
    );
  });

  it("a line's net is its quantity times the net price of the ordered unit, so it can be checked by hand", () => {
    fc.assert(
      fc.property(cartLine, (line) => {
        const cents = (value: Decimal.Value) =>
          new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
        const unitNet = cents(currentUnitPrice(line.product).times(line.unitMultiplier).toString());
        const unitDeposit = cents(new Decimal(line.product.depositPrice ?? '0').times(line.unitMultiplier));
        const figures = priceLine(line, 'net');
        expect(figures.goods.toFixed(2)).toBe(unitNet.times(line.quantity).toFixed(2));
        expect(figures.deposit.toFixed(2)).toBe(unitDeposit.times(line.quantity).toFixed(2));
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

// Decision 007: VAT per rate. For random carts of seeded products (every seeded rate, packs from 1 to
// 1,000 pieces, fees at their rate), the VAT shown for each rate is round(rate × net of that rate), and
// the gross figures shown still add up.
const seededRate = fc.constantFrom('7.00', '19.00');
const seededProduct = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    price: cents(1, 5_000),
    taxRatePercent: seededRate,
    depositPrice: fc.constantFrom('0.00', '0.25'),
    campaign: fc.option(cents(1, 5_000), { nil: null }),
  })
  .map(({ id, price, taxRatePercent, depositPrice, campaign }) =>
    campaign === null
      ? aProduct({ id, price, taxRatePercent, depositPrice })
      : aCampaignProduct({ id, price, taxRatePercent, depositPrice, newPrice: campaign }),
  );
const packedLine = fc.record({
  product: seededProduct,
  quantity: fc.integer({ min: 1, max: 60 }).map(String),
  unitMultiplier: fc.integer({ min: 1, max: 1_000 }).map(String),
});
const fee = fc.record({ amount: cents(1, 2_000), taxRatePercent: fc.constantFrom('19.00', '7.00') });
const shipment = fc.record({
  lines: fc.array(packedLine, { minLength: 0, maxLength: 12 }),
  charges: fc.array(fee, { maxLength: 2 }),
});

const roundHalfEven = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);

/** Each rate's net recomputed by hand from the price list: quantity × (pack size × net price). */
function netsByRate(
  lines: readonly CartTotalsLine[],
  charges: readonly { amount: string; taxRatePercent: string }[],
) {
  const nets = new Map<string, Decimal>();
  const add = (rate: string, net: Decimal) =>
    nets.set(
      new Decimal(rate).toString(),
      (nets.get(new Decimal(rate).toString()) ?? new Decimal(0)).plus(net),
    );
  for (const line of lines) {
    const unit = (perPiece: string) => new Decimal(perPiece).times(line.unitMultiplier).toDecimalPlaces(2);
    const price = 'newPrice' in line.product ? line.product.newPrice : line.product.price;
    add(line.product.taxRatePercent, unit(price ?? 'x').times(line.quantity));
    add(line.product.taxRatePercent, unit(line.product.depositPrice ?? 'x').times(line.quantity));
  }
  for (const charge of charges) add(charge.taxRatePercent, new Decimal(charge.amount));
  return nets;
}

describe('VAT per rate equals round(rate × net of that rate) (fast-check)', () => {
  it("a cart or a shipment with its fees: each rate's VAT, and the gross lines add up to it", () => {
    fc.assert(
      fc.property(shipment, ({ lines, charges }) => {
        const document = priceDocument(lines, charges, 'gross');
        const nets = netsByRate(lines, charges);
        const shown = document.taxes.map((rate) => [
          rate.ratePercent,
          rate.net.toFixed(2),
          rate.tax.toFixed(2),
        ]);
        const expected = [...nets.entries()]
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([rate, net]) => [rate, net.toFixed(2), roundHalfEven(net.times(rate).dividedBy(100))]);
        expect(shown).toEqual(expected);
        const taxes = [...document.lines.map((l) => l.tax), ...document.charges.map((c) => c.tax)];
        expect(sumAmounts(taxes)).toBe(sumAmounts(document.taxes.map((rate) => rate.tax)));
        const gross = [
          ...document.lines.flatMap((l) => [l.goods, l.deposit]),
          ...document.charges.map((c) => c.amount),
        ];
        expect(sumAmounts(gross)).toBe(sumAmounts(document.taxes.map((rate) => rate.gross)));
        // each amount's share is within a cent of its exact VAT: a line's goods and deposit within two
        document.lines.forEach((figures) => {
          const exact = figures.net.times(figures.ratePercent).dividedBy(100);
          expect(figures.tax.minus(exact).abs().lessThan('0.02')).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('an order of shipments: each shipment keeps the rule, and the order is the sum of its shipments', () => {
    fc.assert(
      fc.property(fc.array(shipment, { minLength: 1, maxLength: 3 }), basis, (shipments, b) => {
        const priced = priceShipments(shipments, b);
        priced.shipments.forEach((figures, index) => {
          const input = shipments[index] as (typeof shipments)[number];
          const expected = [...netsByRate(input.lines, input.charges).entries()]
            .sort(([x], [y]) => Number(x) - Number(y))
            .map(([rate, net]) => [rate, roundHalfEven(net.times(rate).dividedBy(100))]);
          expect(figures.taxes.map((rate) => [rate.ratePercent, rate.tax.toFixed(2)])).toEqual(
            b === 'gross' ? expected : [],
          );
        });
        expect(priced.tax.toFixed(2)).toBe(sumAmounts(priced.shipments.map((s) => s.tax)));
        expect(priced.total.toFixed(2)).toBe(sumAmounts(priced.shipments.map((s) => s.total)));
        expect(sumAmounts(priced.taxes.map((rate) => rate.tax))).toBe(priced.tax.toFixed(2));
        expect(b === 'gross' || priced.tax.toFixed(2) === '0.00', 'no VAT on the net basis').toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
