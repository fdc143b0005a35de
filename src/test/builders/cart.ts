import type { CartItem, CartTotals } from '../../domain/types';
import { aProduct } from './catalogue';

/** Two pieces of aProduct. */
export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return { id: 101, product: aProduct(), quantity: '2', unit: 1, ...overrides };
}

/** A cart of the given lines, numbered 101, 102, … unless a line names its id. */
export function aCart(...lines: Partial<CartItem>[]): CartItem[] {
  return lines.map((line, index) => aCartItem({ id: 101 + index, ...line }));
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
