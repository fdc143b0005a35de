import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import {
  bindCart,
  cartMachine,
  lineId,
  REMOVE_MISSING_ITEM_MESSAGE,
} from '../../../src/machines/cart/cart.machine';
import {
  selectCartSummary,
  selectCartTotals,
  selectInvalidLineItem,
  selectIsCartEmpty,
  selectIsInCart,
  selectItemCount,
  selectLineRefs,
  selectQuoteRef,
} from '../../../src/machines/cart/cart.selectors';
import type { CartLineRef } from '../../../src/machines/cart/cart-line.machine';
import { selectLineMax } from '../../../src/machines/cart/cart-line.selectors';
import { unitsResource } from '../../../src/machines/catalogue/catalogue.resources';
import { bindResource } from '../../../src/machines/kernel/resource.machine';
import { aCartItem, aProduct, boxedProduct, units } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };
const product8 = { ...boxedProduct, id: 8, name: 'Product 8' };

/** `systemId: 'cart'` as the app registers it: lines report to the cart through it. */
function createCart(options: { systemId?: string } = {}) {
  const fetchCart = controllableActor<CartItem[], void>();
  const actor = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } }), options);
  const placed: number[] = [];
  actor.on('cart.orderPlaced', (e) => placed.push(e.orderId));
  actor.start();
  return { actor, fetchCart, placed };
}
let cart: ReturnType<typeof createCart>;
afterEach(() => cart.actor.stop());
const loaded = async (items: CartItem[], options: { systemId?: string } = {}) => {
  cart = createCart(options);
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
    cart.fetchCart.next().resolve([aCartItem({ id: 107, product: product7 })]);
    await settle();
    cart.actor.send({ type: 'cart.load' });
    expect(cart.fetchCart.calls).toHaveLength(0);
    expect(selectItemCount(cart.actor.getSnapshot())).toBe(1);
  });

  it('a fetch replaces all items and the lines follow', async () => {
    await loaded([aCartItem({ id: 107, product: product7 }), aCartItem({ id: 108, product: product8 })]);
    expect(selectLineRefs(cart.actor.getSnapshot()).map((l) => l.productId)).toEqual([7, 8]);
    cart.actor.send({ type: 'cart.fetch' });
    cart.fetchCart.next().resolve([aCartItem({ id: 108, product: product8, quantity: '9' })]);
    await settle();
    const s = cart.actor.getSnapshot();
    expect(s.context.items.map((i) => [i.product.id, i.quantity])).toEqual([[8, '9']]);
    const [line] = selectLineRefs(s);
    expect(line?.ref.getSnapshot().context.quantity).toBe(9);
    expect(Object.keys(s.children).filter((id) => id.startsWith('line.'))).toEqual(['line.8']);
  });

  it('adding a product already in the cart is refused; removing a missing one gives the spec message', async () => {
    await loaded([aCartItem({ id: 107, product: product7 })]);
    cart.actor.send({
      type: 'cart.itemAdded',
      item: aCartItem({ id: 107, product: product7, quantity: '5' }),
    });
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
    await loaded([aCartItem({ id: 107, product: product7 })]);
    cart.actor.send({
      type: 'cart.itemSaved',
      item: aCartItem({ id: 107, product: product7, quantity: '3', unit: 2 }),
    });
    cart.actor.send({
      type: 'cart.itemSaved',
      item: aCartItem({ id: 108, product: product8, quantity: '1' }),
    });
    expect(cart.actor.getSnapshot().context.items.map((i) => [i.product.id, i.quantity, i.unit])).toEqual([
      [7, '3', 2],
      [8, '1', 1],
    ]);
    expect(selectIsInCart(cart.actor.getSnapshot(), 8)).toBe(true);
  });

  it('totals are recomputed after each change on the customer basis, and add up', async () => {
    const taxed = { ...aProduct({ id: 5, price: '0.10', taxRatePercent: '19', depositPrice: '0.08' }) };
    const discounted = aProduct({ id: 6, price: '2.00', oldPrice: '2.50' });
    await loaded([{ id: 1, product: taxed, quantity: '3', unit: 1 }]);
    // gross (decision 007): net 0.30 + 0.24 deposit = 0.54 at 19 %, VAT round(0.1026) = 0.10, shared
    // as 0.06 on the goods (exact 0.057) and 0.04 on the deposit (exact 0.0456)
    expect(selectCartTotals(cart.actor.getSnapshot(), units, 'gross')).toEqual({
      subtotal: '0.36',
      discountAmount: '0.00',
      tax: '0.10',
      depositTotal: '0.28',
      total: '0.64',
      totalWithoutTax: '0.54',
    });
    expect(selectCartTotals(cart.actor.getSnapshot(), units, 'net')).toEqual({
      subtotal: '0.30',
      discountAmount: '0.00',
      tax: '0.00',
      depositTotal: '0.24',
      total: '0.54',
      totalWithoutTax: '0.54',
    });
    expect(selectCartSummary(cart.actor.getSnapshot(), units, 'gross')).toMatchObject({
      showsDiscount: false,
      showsDeposit: true,
    });
    cart.actor.send({ type: 'cart.itemAdded', item: { id: 2, product: discounted, quantity: '2', unit: 1 } });
    // 2 × 2.00 at 0 % VAT; the regular 2.50 makes a saving of 1.00, already in the goods
    expect(selectCartSummary(cart.actor.getSnapshot(), units, 'gross')).toMatchObject({
      totals: { subtotal: '4.36', discountAmount: '1.00', total: '4.64' },
      showsDiscount: true,
    });
    expect(selectCartTotals(cart.actor.getSnapshot(), units, 'net')).toMatchObject({
      subtotal: '4.30',
      total: '4.54',
    });
  });

  it('tells its quote every change of the lines, as order lines, and an empty list when cleared', async () => {
    await loaded([aCartItem({ id: 107, product: product7, quantity: '2' })]);
    const quoteLines = () => selectQuoteRef(cart.actor.getSnapshot())?.getSnapshot().context.items;
    expect(quoteLines()).toEqual([{ product: 7, quantity: '2', unit: 1, cartItem: 107 }]);
    cart.actor.send({
      type: 'cart.itemSaved',
      item: aCartItem({ id: 108, product: product8, quantity: '5', unit: 2 }),
    });
    expect(quoteLines()).toEqual([
      { product: 7, quantity: '2', unit: 1, cartItem: 107 },
      { product: 8, quantity: '5', unit: 2, cartItem: 108 },
    ]);
    cart.actor.send({ type: 'cart.itemRemoved', productId: 7 });
    expect(quoteLines()).toEqual([{ product: 8, quantity: '5', unit: 2, cartItem: 108 }]);
    cart.actor.send({ type: 'cart.clear' });
    expect(quoteLines()).toEqual([]);
  });

  it('totals wait (null) while a line unit is not among the loaded units', async () => {
    await loaded([aCartItem({ id: 107, product: product7, quantity: '1', unit: 2 })]);
    expect(selectCartTotals(cart.actor.getSnapshot(), [], 'gross')).toBeNull();
  });

  it('placing an order refetches the cart and announces the order', async () => {
    await loaded([aCartItem({ id: 107, product: product7 })]);
    cart.actor.send({ type: 'cart.orderPlaced', orderId: 77 });
    expect(cart.actor.getSnapshot().value).toBe('reloading');
    expect(cart.placed).toEqual([77]);
    cart.fetchCart.next().resolve([]);
    await settle();
    expect(selectIsCartEmpty(cart.actor.getSnapshot())).toBe(true);
  });

  it('a failed refetch keeps the items on screen', async () => {
    await loaded([aCartItem({ id: 107, product: product7 })]);
    cart.actor.send({ type: 'cart.fetch' });
    cart.fetchCart.next().reject(new Error('offline'));
    await settle();
    expect(cart.actor.getSnapshot().value).toBe('rejected');
    expect(selectItemCount(cart.actor.getSnapshot())).toBe(1);
  });
});

describe('cart bound and in a system', () => {
  const lineOf = (actor: { getSnapshot: () => { children: unknown } }, productId: number) =>
    (actor.getSnapshot().children as Record<string, CartLineRef>)[lineId(productId)]!;

  it('bindCart binds the fetch to the API; the checkout hears the lines', async () => {
    const stocked = aCartItem({ id: 107, product: product7, quantity: '2' });
    const actor = createActor(bindCart(testPorts({ cartItems: async () => [stocked] })), {
      systemId: 'cart',
    });
    actor.start();
    actor.send({ type: 'cart.load' });
    await settle();
    expect(selectItemCount(actor.getSnapshot())).toBe(1);
    const checkout = actor.getSnapshot().children.checkout;
    expect(checkout?.getSnapshot().context.items).toEqual([
      { product: 7, quantity: '2', unit: 1, cartItem: 107 },
    ]);
    actor.stop();
    // cart is assigned for the afterEach
    cart = { actor, fetchCart: controllableActor(), placed: [] } as never;
  });

  it('passes the units resource value (system id units) to its lines, which count their maximum in it', async () => {
    // a parent with the units resource and the cart, as the app has them
    const stocked = aCartItem({ id: 107, product: product7, quantity: '1', unit: 2 });
    const host = createActor(
      createMachine({
        invoke: [
          { id: 'units', systemId: 'units', src: bindResource(unitsResource, async () => units) },
          {
            id: 'cart',
            systemId: 'cart',
            src: cartMachine.provide({ actors: { fetchCart: fromPromise(async () => [stocked]) } }),
          },
        ],
      }),
    ).start();
    const cartRef = host.getSnapshot().children.cart as unknown as ReturnType<typeof createCart>['actor'];
    cartRef.send({ type: 'cart.load' });
    await settle();
    expect(selectLineMax(lineOf(cartRef, 7).getSnapshot())).toBeNull();
    (host.getSnapshot().children.units as { send: (e: { type: string }) => void }).send({
      type: 'resource.load',
    });
    await settle();
    expect(cartRef.getSnapshot().context.units).toEqual(units);
    // 100 pieces are 8 whole boxes of 12
    expect(selectLineMax(lineOf(cartRef, 7).getSnapshot())).toBe(8);
    cartRef.send({
      type: 'cart.itemAdded',
      item: aCartItem({ id: 108, product: product8, quantity: '1', unit: 2 }),
    });
    expect(selectLineMax(lineOf(cartRef, 8).getSnapshot())).toBe(8);
    host.stop();
    cart = { actor: host, fetchCart: controllableActor(), placed: [] } as never;
  });
});

describe('cart: a line showing text that is no quantity', () => {
  const lineOf = (productId: number) =>
    (cart.actor.getSnapshot().children as Record<string, CartLineRef>)[lineId(productId)] as CartLineRef;
  const checkoutWaits = () => cart.actor.getSnapshot().children.checkout?.getSnapshot().context.linesInvalid;

  it('holds up the order until the text is fixed', async () => {
    await loaded(
      [
        aCartItem({ id: 107, product: product7, quantity: '2' }),
        aCartItem({ id: 108, product: product8, quantity: '1' }),
      ],
      { systemId: 'cart' },
    );
    cart.actor.send({ type: 'cart.unitsLoaded', units });
    lineOf(7).send({ type: 'line.quantityTyped', text: 'abc' });
    expect(selectInvalidLineItem(cart.actor.getSnapshot())?.product.id).toBe(7);
    expect(checkoutWaits()).toBe(true);

    lineOf(7).send({ type: 'line.quantityTyped', text: '3' });
    expect(selectInvalidLineItem(cart.actor.getSnapshot())).toBeNull();
    expect(checkoutWaits()).toBe(false);
  });

  it('no longer holds it up once another tab or a refetch moved the quantity and the text is gone', async () => {
    await loaded([aCartItem({ id: 107, product: product7, quantity: '2' })], { systemId: 'cart' });
    cart.actor.send({ type: 'cart.unitsLoaded', units });
    lineOf(7).send({ type: 'line.quantityTyped', text: '-' });
    expect(checkoutWaits()).toBe(true);

    cart.actor.send({ type: 'cart.fetch' });
    cart.fetchCart.next().resolve([aCartItem({ id: 107, product: product7, quantity: '5' })]);
    await settle();
    expect(lineOf(7).getSnapshot().context.quantity).toBe(5);
    expect(selectInvalidLineItem(cart.actor.getSnapshot())).toBeNull();
    expect(checkoutWaits()).toBe(false);
  });
});
