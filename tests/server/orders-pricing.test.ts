import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { CheckedLine } from '../../server/orders/line-rules';
import { priceOrder } from '../../server/orders/order-pricing';
import { priceShipments } from '../../src/domain/shipment-figures';
import type { CampaignProduct, Product } from '../../src/domain/types';

function product(overrides: Partial<Product> & { id: number }): Product {
  return {
    name: `Product ${overrides.id}`,
    description: '',
    image: '',
    brand: { id: 1, name: 'Brand' },
    category: { id: 1, name: 'Category' },
    price: '1.00',
    oldPrice: null,
    taxIncluded: false,
    taxRatePercent: '19.00',
    depositPrice: '0.00',
    stockCode: `P-${overrides.id}`,
    barcode: '',
    quantityInStock: 1_000_000,
    unitAmounts: [],
    ...overrides,
  };
}

function line(
  p: Product | CampaignProduct,
  warehouseId: number,
  quantity: number,
  multiplier = 1,
): CheckedLine {
  return {
    productId: p.id,
    product: p,
    wire: {} as CheckedLine['wire'],
    warehouseId,
    campaignId: 'campaignId' in p ? p.campaignId : null,
    quantity: String(quantity),
    unitId: 1,
    multiplier: new Decimal(multiplier),
    pieces: new Decimal(quantity).times(multiplier),
  };
}

const sum = (values: readonly Decimal[]) =>
  values.reduce((total, value) => total.plus(value), new Decimal(0));

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('priceOrder', () => {
  it('splits by warehouse and its figures add up to computeCartTotals to the cent, for many random carts', () => {
    const next = random(20261121);
    for (let cart = 0; cart < 200; cart += 1) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 8) }, (_, index) => {
        const price = new Decimal(Math.floor(next() * 5000) + 1).dividedBy(100);
        const base = product({
          id: index + 1,
          price: price.toFixed(2),
          oldPrice: next() < 0.3 ? price.times(1.2).toDecimalPlaces(2).toFixed(2) : null,
          taxRatePercent: next() < 0.5 ? '7.00' : '19.00',
          depositPrice: next() < 0.3 ? '0.25' : '0.00',
        });
        const inCampaign = next() < 0.2;
        const item: Product | CampaignProduct = inCampaign
          ? { ...base, campaignId: 1, newPrice: price.times(0.85).toDecimalPlaces(2).toFixed(2) }
          : base;
        return line(item, 1 + Math.floor(next() * 3), 1 + Math.floor(next() * 20), next() < 0.5 ? 1 : 12);
      });
      for (const basis of ['gross', 'net'] as const) {
        const priced = priceOrder(lines, basis);
        const toTotalsLine = (l: CheckedLine) => ({
          product: l.product,
          quantity: l.quantity,
          unitMultiplier: l.multiplier,
        });
        const warehouses = [...new Set(lines.map((l) => l.warehouseId))].sort((a, b) => a - b);
        const client = priceShipments(
          warehouses.map((warehouseId, index) => ({
            lines: lines.filter((l) => l.warehouseId === warehouseId).map(toTotalsLine),
            charges: (priced.suborders[index]?.extraCharges ?? []).map((c) => ({
              amount: c.net,
              taxRatePercent: c.taxRatePercent,
            })),
          })),
          basis,
        );
        const expected = client.goods;
        expect(priced.totals).toEqual(expected);
        expect(priced.total.toFixed(2)).toBe(client.total.toFixed(2));
        expect(priced.tax.toFixed(2)).toBe(client.tax.toFixed(2));
        const all = priced.suborders.flatMap((s) => s.lines);
        expect(sum(all.map((l) => l.goods)).toFixed(2)).toBe(expected.subtotal);
        expect(sum(all.map((l) => l.discount)).toFixed(2)).toBe(expected.discountAmount);
        expect(sum(all.map((l) => l.deposit)).toFixed(2)).toBe(expected.depositTotal);
        expect(sum(all.map((l) => l.tax)).toFixed(2)).toBe(expected.tax);
        if (basis === 'net') expect(expected.tax).toBe('0.00');
        for (const s of priced.suborders) {
          expect(sum(s.lines.map((l) => l.goods)).toFixed(2)).toBe(s.goods.toFixed(2));
          expect(sum(s.lines.map((l) => l.deposit)).toFixed(2)).toBe(s.deposit.toFixed(2));
          expect(s.goodsTotal.toFixed(2)).toBe(s.goods.plus(s.deposit).toFixed(2));
          const own = sum(s.extraCharges.map((c) => new Decimal(c.amount)));
          expect(s.total.toFixed(2)).toBe(s.goodsTotal.plus(own).toFixed(2));
        }
        expect(sum(priced.suborders.map((s) => s.goodsTotal)).toFixed(2)).toBe(expected.total);
        const charges = sum(
          priced.suborders.flatMap((s) => s.extraCharges.map((c) => new Decimal(c.amount))),
        );
        expect(priced.total.minus(charges).toFixed(2)).toBe(expected.total);
        // VAT per rate of each suborder (one invoice) is round(rate × its net), fees included
        for (const s of priced.suborders) {
          const nets = new Map<string, Decimal>();
          const add = (rate: string, net: Decimal.Value) =>
            nets.set(
              new Decimal(rate).toString(),
              (nets.get(new Decimal(rate).toString()) ?? new Decimal(0)).plus(net),
            );
          for (const l of s.lines) add(l.line.product.taxRatePercent, l.figures.net);
          for (const c of s.extraCharges) add(c.taxRatePercent, c.net);
          const wanted =
            basis === 'gross'
              ? [...nets.entries()]
                  .sort(([a], [b]) => Number(a) - Number(b))
                  .map(([rate, net]) => [
                    rate,
                    net.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2),
                  ])
              : [];
          expect(s.taxes.map((r) => [r.ratePercent, r.tax.toFixed(2)])).toEqual(wanted);
          const shares = sum([
            ...s.lines.map((l) => l.tax),
            ...s.extraCharges.map((c) => new Decimal(c.tax)),
          ]);
          expect(shares.toFixed(2)).toBe(sum(s.taxes.map((r) => r.tax)).toFixed(2));
        }
        expect(priced.total.toFixed(2)).toBe(sum(priced.suborders.map((s) => s.total)).toFixed(2));
      }
      const priced = priceOrder(lines, 'gross');
      const warehouses = priced.suborders.map((s) => s.warehouseId);
      expect(warehouses).toEqual([...new Set(lines.map((l) => l.warehouseId))].sort());
      for (const suborder of priced.suborders)
        expect(suborder.lines.every((l) => l.line.warehouseId === suborder.warehouseId)).toBe(true);
    }
  });

  it('on the net basis charges no tax; on the gross basis VAT is rate × net of the rate (decision 007)', () => {
    const lines = [line(product({ id: 1, price: '3.33', depositPrice: '0.15' }), 1, 7)];
    const net = priceOrder(lines, 'net');
    expect(net.suborders[0]?.tax.toFixed(2)).toBe('0.00');
    expect(net.totals).toMatchObject({
      subtotal: '23.31',
      depositTotal: '1.05',
      tax: '0.00',
      total: '24.36',
    });
    expect(net.suborders[0]?.goodsTotal.toFixed(2)).toBe(net.totals.totalWithoutTax);
    // net 24.36 at 19 %: VAT 4.6284 → 4.63 (goods 23.31 → 4.4289, deposit 1.05 → 0.1995: shares 4.43 + 0.20)
    const gross = priceOrder(lines, 'gross');
    expect(gross.totals).toMatchObject({ subtotal: '27.74', depositTotal: '1.25', total: '28.99' });
    expect(gross.totals.tax).toBe('4.63');
    expect(gross.totals.totalWithoutTax).toBe('24.36');
  });

  it('2 boxes of Ayran with a delivery fee: 13.60 net at 7 % and the fee 9.90 net at 19 %', () => {
    const ayran = {
      ...product({ id: 79, price: '0.42', taxRatePercent: '7.00' }),
      campaignId: 1,
      newPrice: '0.34',
    };
    const priced = priceOrder([line(ayran, 1, 2, 20)], 'gross');
    const [suborder] = priced.suborders;
    expect(suborder?.goods.toFixed(2)).toBe('14.55');
    expect(suborder?.extraCharges).toEqual([
      {
        code: 'delivery_fee',
        name: 'Delivery fee',
        amount: '11.78',
        net: '9.90',
        taxRatePercent: '19.00',
        tax: '1.88',
      },
    ]);
    expect(priced.taxes.map((r) => [r.ratePercent, r.net.toFixed(2), r.tax.toFixed(2)])).toEqual([
      ['7', '13.60', '0.95'],
      ['19', '9.90', '1.88'],
    ]);
    expect(priced.tax.toFixed(2)).toBe('2.83');
    expect(priced.total.toFixed(2)).toBe('26.33');
    // without VAT (the private customer): goods plus the fee, no VAT anywhere
    const net = priceOrder([line(ayran, 1, 2, 20)], 'net');
    expect(net.total.toFixed(2)).toBe('23.50');
    expect(net.tax.toFixed(2)).toBe('0.00');
  });

  it('adds the delivery fee below 250.00 of goods and not from 250.00; the cold store adds its surcharge', () => {
    const under = priceOrder(
      [line(product({ id: 1, price: '249.99', taxRatePercent: '0.00' }), 1, 1)],
      'gross',
    );
    expect(under.suborders[0]?.extraCharges).toEqual([
      {
        code: 'delivery_fee',
        name: 'Delivery fee',
        amount: '11.78',
        net: '9.90',
        taxRatePercent: '19.00',
        tax: '1.88',
      },
    ]);
    expect(under.suborders[0]?.avoidableCharges).toEqual([
      {
        code: 'delivery_fee',
        name: 'Delivery fee',
        amount: '11.78',
        taxRatePercent: '19.00',
        missing: '0.01',
      },
    ]);
    expect(under.total.toFixed(2)).toBe('261.77');
    const exactly = priceOrder(
      [line(product({ id: 1, price: '250.00', taxRatePercent: '0.00' }), 1, 1)],
      'gross',
    );
    expect(exactly.suborders[0]?.extraCharges).toEqual([]);
    expect(exactly.suborders[0]?.avoidableCharges).toEqual([]);
    const cold = priceOrder([line(product({ id: 1, price: '300.00' }), 2, 1)], 'gross');
    expect(cold.suborders[0]?.extraCharges).toEqual([
      {
        code: 'cold_chain_surcharge',
        name: 'Cold chain surcharge',
        amount: '5.36',
        net: '4.50',
        taxRatePercent: '19.00',
        tax: '0.86',
      },
    ]);
    // the threshold compares goods + deposit on the basis: 220.00 net is 261.80 gross
    const basisMatters = [line(product({ id: 1, price: '220.00' }), 1, 1)];
    expect(priceOrder(basisMatters, 'net').suborders[0]?.extraCharges.map((c) => c.code)).toEqual([
      'delivery_fee',
    ]);
    expect(priceOrder(basisMatters, 'gross').suborders[0]?.extraCharges).toEqual([]);
    // deposit counts towards the threshold
    const withDeposit = [
      line(product({ id: 1, price: '240.00', depositPrice: '10.00', taxRatePercent: '0.00' }), 1, 1),
    ];
    expect(priceOrder(withDeposit, 'net').suborders[0]?.extraCharges).toEqual([]);
  });
});
