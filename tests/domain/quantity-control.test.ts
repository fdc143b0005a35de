import { describe, expect, it } from 'vitest';
import {
  isValidQuantityText,
  maxQuantityFor,
  quantityControlAt,
  quantityControlStatus,
  quantityDecreased,
  quantityIncreased,
  quantityMessageKey,
  quantityWithin,
  typeQuantity,
} from '../../src/domain/quantity-control';
import { boxedProduct, units } from '../../src/test/builders';

describe('the one quantity control (product dialog and cart line)', () => {
  it('shows a quantity as its number, and no quantity as an empty input', () => {
    expect(quantityControlAt(3)).toEqual({ quantity: 3, quantityText: '3' });
    expect(quantityControlAt(null)).toEqual({ quantity: null, quantityText: '' });
  });

  it('typed text: a valid quantity is clamped to the maximum and shown as the number; anything else as typed', () => {
    expect(typeQuantity(' 7 ', 5)).toEqual({ quantity: 5, quantityText: '5' });
    expect(typeQuantity('٣', null)).toEqual({ quantity: 3, quantityText: '3' });
    expect(typeQuantity('2.5', 5)).toEqual({ quantity: null, quantityText: '2.5' });
    expect(typeQuantity('0', 5)).toEqual({ quantity: null, quantityText: '0' });
    expect(isValidQuantityText('4', 5)).toBe(true);
    expect(isValidQuantityText('', 5)).toBe(false);
  });

  it('plus and minus stay within 1..max; from an invalid value minus gives 1 and plus gives 2', () => {
    expect(quantityIncreased(5, 5)).toEqual(quantityControlAt(5));
    expect(quantityDecreased(1, 5)).toEqual(quantityControlAt(1));
    expect(quantityIncreased(null, 5)).toEqual(quantityControlAt(2));
    expect(quantityDecreased(null, 5)).toEqual(quantityControlAt(1));
    // a disabled control (maximum 0) leaves the value
    expect(quantityIncreased(2, 0)).toEqual(quantityControlAt(2));
  });

  it('a quantity is brought into 1..max', () => {
    expect(quantityWithin(9, 4)).toBe(4);
    expect(quantityWithin(0, 4)).toBe(1);
    expect(quantityWithin(3, null)).toBe(3);
  });

  it('the maximum is the stock in the unit; no limit while the units are unknown or the chain is broken', () => {
    // 100 pieces: 100 pieces, 8 whole boxes of 12
    expect(maxQuantityFor(boxedProduct, 1, units)).toBe(100);
    expect(maxQuantityFor(boxedProduct, 2, units)).toBe(8);
    expect(maxQuantityFor(boxedProduct, 2, null)).toBeNull();
    expect(maxQuantityFor(boxedProduct, 99, units)).toBeNull();
  });

  it('status and message of the control', () => {
    expect(quantityControlStatus('3', 5)).toBe('valid');
    expect(quantityControlStatus('x', 5)).toBe('invalid');
    expect(quantityControlStatus('3', 0)).toBe('disabled');
    expect(quantityMessageKey('invalid')).toBe('quantity.invalidAmount');
    expect(quantityMessageKey('valid')).toBeNull();
  });
});
