import { describe, expect, it } from 'vitest';
import { canSendAsIs, queuedOrderChanges } from '../../src/domain/queued-order-review';
import type { Unit } from '../../src/domain/types';
import { aProduct } from '../../src/test/builders/catalogue';

const units: Unit[] = [
  { id: 1, base: null, name: 'piece', namePlural: 'pieces', isPrimary: true },
  { id: 2, base: 1, name: 'box', namePlural: 'boxes', isPrimary: false },
];
const oil = aProduct({
  id: 1,
  name: 'Olive oil',
  price: '10.00',
  taxRatePercent: '19',
  quantityInStock: 100,
  unitAmounts: [{ unit: 2, amount: '6' }],
});
const line = { id: 5, product: oil, quantity: '2', unit: 2 };

describe('a waiting order checked before it is sent', () => {
  it('has no changes when price, stock and day are as confirmed', () => {
    const changes = queuedOrderChanges({
      lines: [line],
      current: new Map([[1, oil]]),
      units,
      basis: 'net',
      dayRefusal: null,
    });
    expect(changes).toEqual([]);
  });

  it('names a new price on the buyer’s basis, per primary unit', () => {
    const changes = queuedOrderChanges({
      lines: [line],
      current: new Map([[1, { ...oil, price: '11.00' }]]),
      units,
      basis: 'gross',
      dayRefusal: null,
    });
    expect(changes).toEqual([
      { kind: 'priceChanged', productId: 1, name: 'Olive oil', was: '11.90', now: '13.09' },
    ]);
    expect(canSendAsIs(changes)).toBe(true);
  });

  it('counts stock in primary units: two boxes of six want twelve', () => {
    const changes = queuedOrderChanges({
      lines: [line],
      current: new Map([[1, { ...oil, quantityInStock: 11 }]]),
      units,
      basis: 'net',
      dayRefusal: null,
    });
    expect(changes).toEqual([
      { kind: 'shortOfStock', productId: 1, name: 'Olive oil', wanted: 12, inStock: 11 },
    ]);
    expect(canSendAsIs(changes)).toBe(false);
  });

  it('says a line left the cart, and a day past its cut-off blocks sending as it is', () => {
    const changes = queuedOrderChanges({
      lines: [line],
      current: new Map(),
      units,
      basis: 'net',
      dayRefusal: { date: '2026-12-01', messageKey: 'deliveryDays.reason.cutoffPassed' },
    });
    expect(changes).toEqual([
      { kind: 'dayMissed', date: '2026-12-01', messageKey: 'deliveryDays.reason.cutoffPassed' },
      { kind: 'notInCart', productId: 1, name: 'Olive oil' },
    ]);
    expect(canSendAsIs(changes)).toBe(false);
  });
});
