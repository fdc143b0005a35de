import type { CartItem, CartTotals } from '../../domain/types';
import { aProduct } from './catalogue';

/** Two pieces of aProduct. */
export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return { id: 101, product: aProduct(), quantity: '2', unit: 1, ...overrides };
}

/**
 * A cart of the given lines, numbered 101, 102, … unless a line names its id. One item per line given
 * (a tuple), so a test can name the lines: `const [oil, cans] = aCart({…}, {…})`.
 */
export function aCart<const Lines extends Partial<CartItem>[]>(
  ...lines: Lines
): { [K in keyof Lines]: CartItem } {
  return lines.map((line, index) => aCartItem({ id: 101 + index, ...line })) as {
    [K in keyof Lines]: CartItem;
  };
}

/** All zero: a test gives the figures it reads. */
export function someCartTotals(overrides: Partial<CartTotals> = {}): CartTotals {
  return {
    subtotal: '0.00',
    discountAmount: '0.00',
    tax: '0.00',
    depositTotal: '0.00',
    total: '0.00',
    totalWithoutTax: '0.00',
    ...overrides,
  };
}
