import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../src/domain/types';
import { cartMachine, REMOVE_MISSING_ITEM_MESSAGE } from '../../src/machines/cart.machine';
import {
  selectCartTotals,
  selectIsCartEmpty,
  selectIsInCart,
  selectItemCount,
  selectLineRefs,
  selectShownCartTotal,
  selectShowsDeposit,
  selectShowsDiscount,
} from '../../src/machines/cart.selectors';
import type { PortalApi } from '../../src/services/api';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { aProduct, units } from '../domain/fixtures';
import { aCartItem, unusedApi } from './cart-fixtures';

function createCart() {
  const fetchCart = controllableActor<CartItem[], { api: PortalApi }>();
  const actor = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } }), {
    input: { api: unusedApi },
  });
  const placed: number[] = [];
  actor.on('cart.orderPlaced', (e) => placed.push(e.orderId));
  actor.start();
  return { actor, fetchCart, placed };
}
let cart: ReturnType<typeof createCart>;
afterEach(() => cart.actor.stop());
const loaded = async (items: CartItem[]) => {
  cart = createCart();
  cart.actor.send({ type: 'cart.load' });
  cart.fetchCart.next().resolve(items);
  await settle();
};

describe('cart (spec point 4 "Cart")', () => {
  it('is loaded lazily: nothing is fetched until cart.load, and load is a no-op once loaded', async () => {
    cart = createCart();
    expect(cart.fetchCart.calls).toHaveLength(0);
    expect(selectIsCartEmpty(cart.actor.getSnapshot())).toBe(false);
    cart.actor.send({ type: 'cart.load' });
    cart.fetchCart.next().resolve([aCartItem(7)]);
    await settle();
    cart.actor.send({ type: 'cart.load' });
    expect(cart.fetchCart.calls).toHaveLength(0);
    expect(selectItemCount(cart.actor.getSnapshot())).toBe(1);
  });

  it('a fetch replaces all items and the lines follow', async () => {
    await loaded([aCartItem(7), aCartItem(8)]);
    expect(selectLineRefs(cart.actor.getSnapshot()).map((l) => l.productId)).toEqual([7, 8]);
    cart.actor.send({ type: 'cart.fetch' });
    cart.fetchCart.next().resolve([aCartItem(8, '9')]);
    await settle();
    const s = cart.actor.getSnapshot();
    expect(s.context.items.map((i) => [i.product.id, i.quantity])).toEqual([[8, '9']]);
    const [line] = selectLineRefs(s);
    expect(line?.ref.getSnapshot().context.quantity).toBe(9);
    expect(Object.keys(s.children).filter((id) => id.startsWith('line.'))).toEqual(['line.8']);
  });

  it('adding a product already in the cart is refused; removing a missing one gives the spec message', async () => {
    await loaded([aCartItem(7)]);
    cart.actor.send({ type: 'cart.itemAdded', item: aCartItem(7, '5') });
    expect(cart.actor.getSnapshot().context.itemError).toEqual({ code: 'alreadyInCart', productId: 7 });
    expect(cart.actor.getSnapshot().context.items[0]?.quantity).toBe('2');
    cart.actor.send({ type: 'cart.itemRemoved', productId: 9 });
    expect(cart.actor.getSnapshot().context.itemError).toEqual({
      code: 'notInCart',
      productId: 9,
      message: 'Attempting to remove non-existent cart item',
    });
    expect(REMOVE_MISSING_ITEM_MESSAGE).toBe('Attempting to remove non-existent cart item');
  });

  it('the ordering helper layer replaces quantity and unit of a product already in the cart', async () => {
    await loaded([aCartItem(7)]);
    cart.actor.send({ type: 'cart.itemSaved', item: aCartItem(7, '3', 2) });
    cart.actor.send({ type: 'cart.itemSaved', item: aCartItem(8, '1') });
    expect(cart.actor.getSnapshot().context.items.map((i) => [i.product.id, i.quantity, i.unit])).toEqual([
      [7, '3', 2],
      [8, '1', 1],
    ]);
    expect(selectIsInCart(cart.actor.getSnapshot(), 8)).toBe(true);
  });

  it('totals are recomputed after each change, with decimals, and the shown total follows tax_applies', async () => {
    const taxed = { ...aProduct({ id: 5, price: '0.10', taxRatePercent: '19', depositPrice: '0.08' }) };
    const discounted = aProduct({ id: 6, price: '2.00', oldPrice: '2.50' });
    await loaded([{ id: 1, product: taxed, quantity: '3', unit: 1 }]);
    // 3 × 0.10 = 0.30; deposit 0.24; tax (0.10 + 0.08) × 0.19 × 3 = 0.1026 → 0.10
    expect(selectCartTotals(cart.actor.getSnapshot(), units)).toEqual({
      subtotal: '0.30',
      discountAmount: '0.00',
      tax: '0.10',
      depositTotal: '0.24',
      total: '0.64',
      totalWithoutTax: '0.54',
    });
    expect(selectShowsDiscount(cart.actor.getSnapshot(), units)).toBe(false);
    expect(selectShowsDeposit(cart.actor.getSnapshot(), units)).toBe(true);
    cart.actor.send({ type: 'cart.itemAdded', item: { id: 2, product: discounted, quantity: '2', unit: 1 } });
    expect(selectCartTotals(cart.actor.getSnapshot(), units)).toMatchObject({
      subtotal: '5.30',
      discountAmount: '1.00',
    });
    expect(selectShowsDiscount(cart.actor.getSnapshot(), units)).toBe(true);
    expect(selectShownCartTotal(cart.actor.getSnapshot(), units, true)).toBe('4.64');
    expect(selectShownCartTotal(cart.actor.getSnapshot(), units, false)).toBe('4.54');
  });

  it('totals wait (null) while a line unit is not among the loaded units', async () => {
    await loaded([aCartItem(7, '1', 2)]);
    expect(selectCartTotals(cart.actor.getSnapshot(), [])).toBeNull();
  });

  it('placing an order refetches the cart and announces the order', async () => {
    await loaded([aCartItem(7)]);
    cart.actor.send({ type: 'cart.orderPlaced', orderId: 77 });
    expect(cart.actor.getSnapshot().value).toBe('reloading');
    expect(cart.placed).toEqual([77]);
    cart.fetchCart.next().resolve([]);
    await settle();
    expect(selectIsCartEmpty(cart.actor.getSnapshot())).toBe(true);
  });

  it('a failed refetch keeps the items on screen', async () => {
    await loaded([aCartItem(7)]);
    cart.actor.send({ type: 'cart.fetch' });
    cart.fetchCart.next().reject(new Error('offline'));
    await settle();
    expect(cart.actor.getSnapshot().value).toBe('rejected');
    expect(selectItemCount(cart.actor.getSnapshot())).toBe(1);
  });
});
