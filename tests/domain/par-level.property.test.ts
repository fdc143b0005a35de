import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from '../../src/domain/decimal';
import {
  inShelfOrder,
  parLevelError,
  parseCount,
  quantityToOrder,
  shelfPositionError,
} from '../../src/domain/par-level';

// counts and par levels as the buyer types them: up to three places
const thousandths = (max: number) =>
  fc.integer({ min: 0, max: max * 1000 }).map((n) => (n / 1000).toFixed(3));
const line = fc.record({
  parLevel: thousandths(5000),
  onHand: thousandths(5000),
  unitSize: fc.oneof(
    fc.integer({ min: 1, max: 48 }).map(String),
    fc.integer({ min: 1, max: 5000 }).map((n) => (n / 1000).toFixed(3)),
  ),
});

describe('quantity to order from a par level (properties)', () => {
  it('orders whole units only', () => {
    fc.assert(
      fc.property(line, (l) => {
        expect(toDecimal(quantityToOrder(l)).isInteger()).toBe(true);
      }),
    );
  });

  it('never orders less than what is missing', () => {
    fc.assert(
      fc.property(line, (l) => {
        const ordered = toDecimal(quantityToOrder(l)).times(l.unitSize);
        const missing = toDecimal(l.parLevel).minus(l.onHand);
        expect(ordered.gte(missing)).toBe(true);
      }),
    );
  });

  it('never orders a whole unit more than needed', () => {
    fc.assert(
      fc.property(line, (l) => {
        const ordered = toDecimal(quantityToOrder(l)).times(l.unitSize);
        const missing = toDecimal(l.parLevel).minus(l.onHand);
        const oneLess = ordered.minus(l.unitSize);
        // one unit fewer would leave the shelf short (or nothing is ordered at all)
        expect(ordered.isZero() || oneLess.lt(missing)).toBe(true);
      }),
    );
  });

  it('orders nothing when the shelf holds the par level or more', () => {
    fc.assert(
      fc.property(line, thousandths(100), (l, extra) => {
        const onHand = toDecimal(l.parLevel).plus(extra).toFixed();
        expect(quantityToOrder({ ...l, onHand })).toBe('0');
      }),
    );
  });
});

describe('quantity to order (examples)', () => {
  it('rounds up to the unit: par 10 pieces, 3 on hand, a box of 6 is 2 boxes', () => {
    expect(quantityToOrder({ parLevel: '10', onHand: '3', unitSize: '6' })).toBe('2');
  });

  it('is exact where a float is not: par 0.3 kg, 0.1 on hand, 0.1 kg packs is 2 packs', () => {
    expect(quantityToOrder({ parLevel: '0.3', onHand: '0.1', unitSize: '0.1' })).toBe('2');
  });

  it('refuses a unit that holds nothing', () => {
    expect(() => quantityToOrder({ parLevel: '5', onHand: '0', unitSize: '0' })).toThrow(RangeError);
  });
});

describe('typed counts, par levels and shelves', () => {
  it('reads a count with a dot or a comma, and refuses negative or junk', () => {
    expect([
      parseCount('2,5'),
      parseCount(' 3 '),
      parseCount('-1'),
      parseCount('abc'),
      parseCount('1.2345'),
    ]).toEqual(['2.5', '3', null, null, null]);
  });

  it('words what is wrong with a par level or shelf, and takes empty text as none', () => {
    expect([parLevelError(''), parLevelError('12'), parLevelError('x'), parLevelError('100000')]).toEqual([
      null,
      null,
      'orderGuide.parInvalid',
      'orderGuide.parTooHigh',
    ]);
    expect([
      shelfPositionError(''),
      shelfPositionError('4'),
      shelfPositionError('0'),
      shelfPositionError('1.5'),
    ]).toEqual([null, null, 'orderGuide.shelfInvalid', 'orderGuide.shelfInvalid']);
  });

  it('walks lines by shelf, lines without a shelf last in list order', () => {
    const lines = [
      { id: 1, shelfPosition: null },
      { id: 2, shelfPosition: 3 },
      { id: 3, shelfPosition: 1 },
      { id: 4, shelfPosition: null },
      { id: 5, shelfPosition: 3 },
    ];
    expect(inShelfOrder(lines).map((l) => l.id)).toEqual([3, 2, 5, 1, 4]);
  });
});
