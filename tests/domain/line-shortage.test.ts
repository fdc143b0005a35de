import { describe, expect, it } from 'vitest';
import { lineShortage } from '../../src/domain/substitutes';
import { boxedProduct, units } from '../../src/test/builders';

// A line is short when it wants more primary units than are in stock; "Keep the shortage" then
// leaves the most of the line's own unit that the stock covers.
describe('lineShortage', () => {
  const inStock = (quantityInStock: number | null) => ({ ...boxedProduct, quantityInStock });

  it('is none while the stock covers the line, and none when stock is withheld', () => {
    expect(lineShortage(inStock(24), '2', 2, units)).toBeNull();
    expect(lineShortage(inStock(null), '2', 2, units)).toBeNull();
  });

  it('counts a box line in pieces and says how many whole boxes the stock covers', () => {
    expect(lineShortage(inStock(30), '3', 2, units)).toEqual({ wanted: 36, inStock: 30, inStockOfUnit: 2 });
  });

  it('covers not one box when fewer pieces than a box are left, and none of a sold-out product', () => {
    expect(lineShortage(inStock(11), '1', 2, units)).toEqual({ wanted: 12, inStock: 11, inStockOfUnit: 0 });
    expect(lineShortage(inStock(0), '5', 1, units)).toEqual({ wanted: 5, inStock: 0, inStockOfUnit: 0 });
  });
});
