import { describe, expect, it } from 'vitest';
import type { Unit } from '../../src/domain/types';
import {
  amountPerUnit,
  maxQuantityInUnit,
  orderableUnits,
  primaryUnitOf,
  UnitLoopError,
  UnitNotFoundError,
  unitChain,
  unitDisplayName,
  unitMultiplier,
  unitsPerPack,
} from '../../src/domain/units';
import { aProduct, aUnit, box, boxedProduct, pallet, piece, units } from '../../src/test/builders';

const multiplier = (unitId: number, product = boxedProduct, all: Unit[] = units) =>
  unitMultiplier(product, unitId, all).toFixed();

describe('unitMultiplier', () => {
  it('is 1 for the primary unit, even when the product lists no amount for it', () => {
    expect(multiplier(piece.id)).toBe('1');
    expect(multiplier(piece.id, aProduct({ unitAmounts: [] }))).toBe('1');
  });

  it('ignores an amount given for the primary unit itself', () => {
    const product = aProduct({
      unitAmounts: [
        { unit: piece.id, amount: '5' },
        { unit: box.id, amount: '6' },
      ],
    });
    expect(multiplier(piece.id, product)).toBe('1');
    expect(multiplier(box.id, product)).toBe('6');
  });

  it('follows one link: a box of 12 pieces is 12', () => {
    expect(multiplier(box.id)).toBe('12');
  });

  it('multiplies along the chain: a pallet of 40 boxes of 12 is 480', () => {
    expect(multiplier(pallet.id)).toBe('480');
  });

  it('keeps fractional amounts exact (a crate of 2.5 kg)', () => {
    const kg = aUnit({ id: 10, base: null, name: 'kg', namePlural: 'kg', isPrimary: true });
    const crate = aUnit({ id: 11, base: 10, name: 'crate', namePlural: 'crates', isPrimary: false });
    const product = aProduct({ unitAmounts: [{ unit: 11, amount: '2.5' }] });
    expect(unitMultiplier(product, 11, [kg, crate]).toFixed()).toBe('2.5');
  });

  it('stops at a unit marked primary even if it has a base of its own', () => {
    const gram = aUnit({ id: 20, base: null, name: 'g', namePlural: 'g', isPrimary: false });
    const kg = aUnit({ id: 21, base: 20, name: 'kg', namePlural: 'kg', isPrimary: true });
    const sack = aUnit({ id: 22, base: 21, name: 'sack', namePlural: 'sacks', isPrimary: false });
    const product = aProduct({
      unitAmounts: [
        { unit: 22, amount: '25' },
        { unit: 21, amount: '1000' },
      ],
    });
    expect(unitMultiplier(product, 22, [gram, kg, sack]).toFixed()).toBe('25');
  });

  it('throws UnitNotFoundError for a unit id nobody knows', () => {
    expect(() => multiplier(99)).toThrow(UnitNotFoundError);
    expect(() => multiplier(99)).toThrow('unit not found for product');
  });

  it('throws UnitNotFoundError for a unit the product has no amount for', () => {
    const product = aProduct({ id: 5, unitAmounts: [{ unit: box.id, amount: '12' }] });
    try {
      unitMultiplier(product, pallet.id, units);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnitNotFoundError);
      expect(error).toMatchObject({ unitId: pallet.id, productId: 5 });
    }
  });

  it('throws UnitNotFoundError when a base unit is missing from the unit list', () => {
    expect(() => unitMultiplier(boxedProduct, pallet.id, [pallet, piece])).toThrow(UnitNotFoundError);
  });

  it('throws UnitLoopError with the spec message when the chain loops', () => {
    const a = aUnit({ id: 30, base: 31, isPrimary: false });
    const b = aUnit({ id: 31, base: 30, isPrimary: false });
    const product = aProduct({
      id: 4,
      unitAmounts: [
        { unit: 30, amount: '2' },
        { unit: 31, amount: '3' },
      ],
    });
    expect(() => unitMultiplier(product, 30, [a, b])).toThrow(UnitLoopError);
    expect(() => unitMultiplier(product, 30, [a, b])).toThrow(
      /^infinite loop while trying to list unit amounts$/,
    );
    try {
      unitMultiplier(product, 30, [a, b]);
    } catch (error) {
      expect(error).toMatchObject({ chain: [30, 31, 30], productId: 4 });
    }
  });

  it('detects a unit that is its own base', () => {
    const self = aUnit({ id: 40, base: 40, isPrimary: false });
    const product = aProduct({ unitAmounts: [{ unit: 40, amount: '2' }] });
    expect(() => unitMultiplier(product, 40, [self])).toThrow(UnitLoopError);
  });

  it('detects a loop further down the chain', () => {
    const top = aUnit({ id: 50, base: 51, isPrimary: false });
    const mid = aUnit({ id: 51, base: 52, isPrimary: false });
    const low = aUnit({ id: 52, base: 51, isPrimary: false });
    const product = aProduct({
      unitAmounts: [
        { unit: 50, amount: '2' },
        { unit: 51, amount: '2' },
        { unit: 52, amount: '2' },
      ],
    });
    expect(() => unitMultiplier(product, 50, [top, mid, low])).toThrow(UnitLoopError);
  });

  it('rejects an amount that is not decimal text', () => {
    const product = aProduct({ unitAmounts: [{ unit: box.id, amount: 'twelve' }] });
    expect(() => unitMultiplier(product, box.id, units)).toThrow('not a decimal number');
  });
});

describe('unitChain, amountPerUnit, unitsPerPack', () => {
  it('lists the steps from a unit down to the primary unit', () => {
    const steps = unitChain(boxedProduct, pallet.id, units);
    expect(steps.map((step) => [step.unit.name, step.amount.toFixed(), step.base.name])).toEqual([
      ['pallet', '40', 'box'],
      ['box', '12', 'piece'],
    ]);
    expect(unitChain(boxedProduct, piece.id, units)).toEqual([]);
  });

  it('amount per unit: how many of its base unit one unit holds', () => {
    const perBox = amountPerUnit(boxedProduct, box.id, units);
    expect(perBox?.amount.toFixed()).toBe('12');
    expect(perBox?.base).toBe(piece);
    expect(amountPerUnit(boxedProduct, pallet.id, units)?.base).toBe(box);
    expect(amountPerUnit(boxedProduct, piece.id, units)).toBeNull();
  });

  it('units per pack: boxes per pallet, pieces per pallet, across links', () => {
    expect(unitsPerPack(boxedProduct, pallet.id, box.id, units).toFixed()).toBe('40');
    expect(unitsPerPack(boxedProduct, pallet.id, piece.id, units).toFixed()).toBe('480');
    expect(unitsPerPack(boxedProduct, box.id, box.id, units).toFixed()).toBe('1');
  });
});

describe('primaryUnitOf and orderableUnits', () => {
  it('finds the unit the chain ends at', () => {
    expect(primaryUnitOf(boxedProduct, units)).toBe(piece);
  });

  it('falls back to the unit marked primary for a product without unit amounts', () => {
    expect(primaryUnitOf(aProduct({ unitAmounts: [] }), units)).toBe(piece);
    expect(primaryUnitOf(aProduct({ unitAmounts: [] }), [box])).toBeNull();
  });

  it('lists the units a product can be ordered in, smallest first, whatever the server order', () => {
    const product = aProduct({
      unitAmounts: [
        { unit: pallet.id, amount: '40' },
        { unit: box.id, amount: '12' },
      ],
    });
    expect(orderableUnits(product, units)).toEqual([piece, box, pallet]);
  });

  it('offers only the primary unit when the product has no other', () => {
    expect(orderableUnits(aProduct({ unitAmounts: [] }), units)).toEqual([piece]);
  });

  it('skips unit amounts whose unit is unknown', () => {
    const product = aProduct({
      unitAmounts: [
        { unit: 99, amount: '3' },
        { unit: box.id, amount: '12' },
      ],
    });
    expect(orderableUnits(product, units)).toEqual([piece, box]);
  });
});

describe('unitDisplayName', () => {
  it('uses the singular for exactly one in English, the plural otherwise', () => {
    expect(unitDisplayName(box, 1, 'en')).toBe('box');
    expect(unitDisplayName(box, '1.00', 'en')).toBe('box');
    expect(unitDisplayName(box, 0, 'en')).toBe('boxes');
    expect(unitDisplayName(box, 2, 'en')).toBe('boxes');
    expect(unitDisplayName(box, '1.5', 'en')).toBe('boxes');
  });

  const plainBox = { name: 'box', namePlural: 'boxes' };
  const casier = { name: 'casier', namePlural: 'casiers' };
  const kiste = { name: 'Kiste', namePlural: 'Kisten' };
  /** Arabic: the singular after 1 and from 11 on (كرتونًا، كرتون), the plural from 3 to 10 */
  const karton = { name: 'كرتون', namePlural: 'كراتين' };

  // A unit named beside a count follows the count's plural form in the language (as i18next picks a
  // text's form), not English's "one is singular, the rest plural".
  it.each([
    ['en', plainBox, 1, 'box'],
    ['en', plainBox, 2, 'boxes'],
    ['en', plainBox, '1.5', 'boxes'],
    ['en', plainBox, '1.000', 'box'],
    ['en', plainBox, 0, 'boxes'],
    ['en-GB', plainBox, 1, 'box'],
    ['en', plainBox, 'many', 'boxes'],
    ['de', kiste, 1, 'Kiste'],
    ['de', kiste, 4, 'Kisten'],
    // French counts 0 and 1.5 in the singular
    ['fr', casier, 0, 'casier'],
    ['fr', casier, '1.5', 'casier'],
    ['fr', casier, 2, 'casiers'],
    ['ar', karton, 1, 'كرتون'],
    ['ar', karton, 3, 'كراتين'],
    ['ar', karton, 10, 'كراتين'],
    ['ar', karton, 11, 'كرتون'],
    ['ar', karton, 100, 'كرتون'],
  ] as const)('%s: %s × %s → %s', (language, unit, count, name) => {
    expect(unitDisplayName(unit, count, language)).toBe(name);
  });
});

describe('maxQuantityInUnit (spec point 4: stock converted to the chosen unit)', () => {
  const stocked = (quantityInStock: number) => ({ ...boxedProduct, quantityInStock });

  it('counts whole units only: 1000 pieces are 83 boxes of 12 and 2 pallets of 40 boxes', () => {
    expect(maxQuantityInUnit(stocked(1000), piece.id, units)).toBe(1000);
    expect(maxQuantityInUnit(stocked(1000), box.id, units)).toBe(83);
    expect(maxQuantityInUnit(stocked(1000), pallet.id, units)).toBe(2);
  });

  it('is 0 when the stock does not fill one unit, and never negative', () => {
    expect(maxQuantityInUnit(stocked(11), box.id, units)).toBe(0);
    expect(maxQuantityInUnit(stocked(-5), piece.id, units)).toBe(0);
  });

  it('fails like the conversion for a unit the product is not sold in', () => {
    expect(() => maxQuantityInUnit(stocked(10), 999, units)).toThrow(UnitNotFoundError);
  });
});
