import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, stockFigure } from '../../src/domain/stock';

describe('stock figure of a product row', () => {
  it('says nothing when the figure is withheld (a demo account)', () => {
    expect(stockFigure(null)).toEqual({ kind: 'withheld' });
  });

  it('is out of stock at zero, below zero and below one whole unit', () => {
    expect(stockFigure(0)).toEqual({ kind: 'outOfStock' });
    expect(stockFigure(-3)).toEqual({ kind: 'outOfStock' });
    expect(stockFigure(0.5)).toEqual({ kind: 'outOfStock' });
  });

  it('reads "only N left" up to the threshold, and a count above it', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
    expect(stockFigure(1)).toEqual({ kind: 'low', count: 1 });
    expect(stockFigure(5)).toEqual({ kind: 'low', count: 5 });
    expect(stockFigure(6)).toEqual({ kind: 'inStock', count: 6 });
    expect(stockFigure(24)).toEqual({ kind: 'inStock', count: 24 });
  });

  it('counts whole units only', () => {
    expect(stockFigure(5.9)).toEqual({ kind: 'low', count: 5 });
    expect(stockFigure(24.75)).toEqual({ kind: 'inStock', count: 24 });
  });
});
