import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartLineMachine } from '../../../src/machines/cart/cart-line.machine';
import { selectLineFigures } from '../../../src/machines/cart/cart-line.selectors';
import { aProduct, box, piece } from '../../../src/test/builders';

/** 1.20 net a piece, 1.00 from 24 pieces, 0.90 from 48; 19 % VAT; 12 pieces a box. */
const stepped = aProduct({
  id: 5,
  price: '1.20',
  taxRatePercent: '19',
  unitAmounts: [{ unit: 2, amount: '12' }],
  quantityInStock: 1000,
  priceTiers: [
    { minQuantity: '24', price: '1.00' },
    { minQuantity: '48', price: '0.90' },
  ],
  contractPrice: true,
});

let actor: Actor<typeof cartLineMachine> | undefined;
afterEach(() => actor?.stop());

function figuresOf(item: CartItem, basis: 'gross' | 'net') {
  actor = createActor(cartLineMachine, { input: { item, units: [piece, box] } }).start();
  return selectLineFigures(actor.getSnapshot(), basis);
}

describe('a cart line shows the unit price it is charged at (its price step)', () => {
  it('below the first step: the price at one unit, nothing struck through', () => {
    expect(figuresOf({ id: 1, product: stepped, quantity: '23', unit: 1 }, 'net')).toMatchObject({
      unitPrice: '1.20',
      oldUnitPrice: null,
      amount: '27.60',
    });
  });

  it('2 boxes are 24 pieces: the 24-piece step, the price at one unit struck through', () => {
    expect(figuresOf({ id: 2, product: stepped, quantity: '2', unit: 2 }, 'net')).toMatchObject({
      unitPrice: '1.00',
      oldUnitPrice: '1.20',
      amount: '24.00',
    });
  });

  it('4 boxes reach the 48-piece step, on the gross basis too', () => {
    expect(figuresOf({ id: 3, product: stepped, quantity: '4', unit: 2 }, 'gross')).toMatchObject({
      // 0.90 × 1.19 = 1.071 → 1.07; 1.20 × 1.19 = 1.428 → 1.43
      unitPrice: '1.07',
      oldUnitPrice: '1.43',
    });
  });
});
