import { describe, expect, it } from 'vitest';
import {
  cartLinesOf,
  changeRowQuantity,
  changeRowUnit,
  codesToLookUp,
  dropRow,
  mergedProductRows,
  type QuickOrderSourceRow,
  validateQuickOrderRows,
} from '../../src/domain/quick-order';
import type { Product } from '../../src/domain/types';
import { aProduct, box, boxedProduct, pallet, piece, units } from '../../src/test/builders';

/** 12 pieces a box, 40 boxes a pallet; 100 pieces in stock. */
const cheese: Product = { ...boxedProduct, id: 7, name: 'Gouda', stockCode: 'DAI-7', quantityInStock: 100 };
const soldOut = aProduct({ id: 8, name: 'Brie', stockCode: 'DAI-8', quantityInStock: 0 });
const lookup = {
  productsByCode: new Map([
    ['DAI-7', cheese],
    ['dai 7', cheese],
    ['DAI-8', soldOut],
  ]),
  units,
};

function row(
  rowNumber: number,
  stockCode: string,
  quantity: number | null,
  unitText = '',
): QuickOrderSourceRow {
  return {
    rowNumber,
    sourceRowNumbers: [rowNumber],
    stockCode,
    quantityText: quantity === null ? 'lots' : String(quantity),
    quantity,
    unitText,
    problems: quantity === null ? ['invalidQuantity'] : [],
  };
}
const check = (...rows: QuickOrderSourceRow[]) => validateQuickOrderRows(rows, lookup);
const problemsOf = (...rows: QuickOrderSourceRow[]) => check(...rows).map((r) => r.problems);

describe('quick-order row validation', () => {
  it('accepts a known code with a whole quantity, in the primary unit when the unit is empty', () => {
    const [checked] = check(row(2, 'DAI-7', 3));
    expect(checked?.problems).toEqual([]);
    expect(checked?.unit).toEqual(piece);
    expect(checked?.product?.name).toBe('Gouda');
  });

  it('reads the unit by name, plural, any case, or id', () => {
    for (const text of ['box', 'Boxes', 'BOX', ' boxes ', '2'])
      expect(check(row(2, 'DAI-7', 1, text))[0]?.unit, text).toEqual(box);
  });

  it('says invalid stock code for a code no product has', () => {
    expect(problemsOf(row(2, 'NOPE-1', 1))).toEqual([['invalidStock']]);
  });

  it('says invalid product quantity for text or nothing in the quantity', () => {
    expect(problemsOf(row(2, 'DAI-7', null))).toEqual([['invalidQuantity']]);
  });

  it('says invalid unit value for a unit the product is not sold in', () => {
    expect(problemsOf(row(2, 'DAI-7', 1, 'crate'), row(3, 'DAI-7', 1, '99'))).toEqual([
      ['invalidUnit'],
      ['invalidUnit'],
    ]);
  });

  it('says out of stock for a product with no stock', () => {
    expect(problemsOf(row(2, 'DAI-8', 1))).toEqual([['productOutOfStock']]);
  });

  it('says not enough stock with the most that can be ordered in the row’s unit', () => {
    const [checked] = check(row(2, 'DAI-7', 9, 'box'));
    expect(checked?.problems).toEqual(['notEnoughStock']);
    // 100 pieces are 8 full boxes of 12
    expect(checked?.maxQuantity).toBe(8);
    expect(check(row(2, 'DAI-7', 1, 'pallet'))[0]?.maxQuantity).toBe(0);
  });

  it('lists every problem of a row at once', () => {
    expect(problemsOf(row(2, 'NOPE', null))).toEqual([['invalidStock', 'invalidQuantity']]);
  });

  it('checks rows of one product against their shared stock', () => {
    // 5 boxes (60) and 50 pieces: 110 of 100 pieces
    expect(problemsOf(row(2, 'DAI-7', 5, 'box'), row(3, 'dai 7', 50))).toEqual([
      ['notEnoughStock'],
      ['notEnoughStock'],
    ]);
  });
});

describe('fixing rows in the preview', () => {
  it('a corrected quantity is checked again', () => {
    const rows = check(row(2, 'DAI-7', null));
    const fixed = changeRowQuantity(rows, 2, '4', units);
    expect(fixed[0]?.problems).toEqual([]);
    expect(fixed[0]?.quantity).toBe(4);
    expect(changeRowQuantity(fixed, 2, '4.5', units)[0]?.problems).toEqual(['invalidQuantity']);
  });

  it('a chosen unit is checked again, stock included', () => {
    const rows = check(row(2, 'DAI-7', 3, 'crate'));
    expect(changeRowUnit(rows, 2, box.id, units)[0]?.problems).toEqual([]);
    expect(changeRowUnit(rows, 2, pallet.id, units)[0]).toMatchObject({
      problems: ['notEnoughStock'],
      maxQuantity: 0,
    });
  });

  it('dropping a row frees the stock it shared with another', () => {
    const rows = check(row(2, 'DAI-7', 5, 'box'), row(3, 'DAI-7', 50));
    expect(dropRow(rows, 3, units).map((r) => [r.rowNumber, r.problems])).toEqual([[2, []]]);
  });
});

describe('cart lines', () => {
  it('makes one line per product, summing rows in one unit', () => {
    const lines = cartLinesOf(check(row(2, 'DAI-7', 2, 'box'), row(3, 'dai 7', 3, 'boxes')), units);
    expect(lines.map((l) => [l.product.id, l.quantity, l.unit.name, l.rowNumbers])).toEqual([
      [7, 5, 'box', [2, 3]],
    ]);
    expect(mergedProductRows(check(row(2, 'DAI-7', 2, 'box'), row(3, 'dai 7', 3)), units)).toEqual([
      { product: cheese, rowNumbers: [2, 3] },
    ]);
  });

  it('counts rows in different units in the primary unit, losing nothing', () => {
    const lines = cartLinesOf(check(row(2, 'DAI-7', 1, 'box'), row(3, 'DAI-7', 3)), units);
    expect(lines.map((l) => [l.quantity, l.unit.name])).toEqual([[15, 'piece']]);
  });

  it('leaves invalid rows out', () => {
    expect(cartLinesOf(check(row(2, 'NOPE', 1), row(3, 'DAI-8', 1)), units)).toEqual([]);
  });

  it('looks each usable code up once', () => {
    expect(
      codesToLookUp([row(2, ' A ', 1), row(3, 'A', 1), row(4, '', 1), row(5, 'x'.repeat(65), 1)]),
    ).toEqual(['A']);
  });
});
