// Edges: a product's stock in its primary unit (a whole or decimal count; null when withheld) in, a figure out.

/** At most this many left reads "Only N left" (a buyer ordering daily wants to see scarcity early). */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * What a product row says about stock: nothing when the server withholds the figure (a demo
 * account, spec point 6), "Out of stock", "Only N left" at or below the threshold, else "N in stock".
 * Stock counts the product's primary unit, so the figure is in that unit; a fraction left (half a
 * piece of a cut product) shows as the whole units below it, and less than one is out of stock.
 */
export type StockFigure =
  | { kind: 'withheld' }
  | { kind: 'outOfStock' }
  | { kind: 'low'; count: number }
  | { kind: 'inStock'; count: number };

export function stockFigure(quantityInStock: number | null): StockFigure {
  if (quantityInStock === null) return { kind: 'withheld' };
  const count = Math.floor(quantityInStock);
  if (!(count > 0)) return { kind: 'outOfStock' };
  return count <= LOW_STOCK_THRESHOLD ? { kind: 'low', count } : { kind: 'inStock', count };
}
