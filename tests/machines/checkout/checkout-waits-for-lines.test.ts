import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine, lineId } from '../../../src/machines/cart/cart.machine';
import {
  CART_QUANTITY_DEBOUNCE_MS,
  type CartLineRef,
  cartLineMachine,
  type SaveLineInput,
} from '../../../src/machines/cart/cart-line.machine';
import {
  checkoutMachine,
  type OrderPreview,
  type PreviewOrderInput,
} from '../../../src/machines/checkout/checkout.machine';
import {
  selectIsWaitingForSaves,
  selectLineSaveFailed,
} from '../../../src/machines/checkout/checkout.selectors';
import type { CartLineWritten } from '../../../src/services/api/cart';
import { httpError } from '../../../src/test/api-errors';
import { aCartItem, boxedProduct, units } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };

afterEach(() => vi.useRealTimers());

/** The cart as the app runs it (systemId `cart`, its lines and checkout), with the calls held by the test. */
async function cartWithLine(item: CartItem) {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: new Date(2026, 10, 20, 12, 0) });
  const fetchCart = controllableActor<CartItem[], void>();
  const saveLine = controllableActor<CartLineWritten, SaveLineInput>();
  const previewOrder = controllableActor<OrderPreview, PreviewOrderInput>();
  const machine = cartMachine.provide({
    actors: {
      fetchCart: fetchCart.logic,
      cartLine: cartLineMachine.provide({ actors: { saveLine: saveLine.logic } }),
      checkout: checkoutMachine.provide({ actors: { previewOrder: previewOrder.logic } }),
    },
  });
  const cart = createActor(machine, { systemId: 'cart' }).start();
  cart.send({ type: 'cart.unitsLoaded', units });
  cart.send({ type: 'cart.load' });
  fetchCart.next().resolve([item]);
  await vi.advanceTimersByTimeAsync(0);
  const line = (cart.getSnapshot().children as Record<string, CartLineRef>)[lineId(item.product.id)];
  const checkout = cart.getSnapshot().children.checkout;
  if (!line || !checkout) throw new Error('no line or checkout');
  return { cart, line, checkout, saveLine, previewOrder };
}

describe('the order waits for the lines’ changes', () => {
  it('a quantity changed just before Order is the quantity previewed', async () => {
    const { cart, line, checkout, saveLine, previewOrder } = await cartWithLine(
      aCartItem({ id: 107, product: product7, quantity: '2' }),
    );
    line.send({ type: 'line.increased' });
    checkout.send({ type: 'checkout.submitted' });
    expect(selectIsWaitingForSaves(checkout.getSnapshot())).toBe(true);
    expect(previewOrder.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(CART_QUANTITY_DEBOUNCE_MS);
    expect(selectIsWaitingForSaves(checkout.getSnapshot())).toBe(true);
    saveLine.next().resolve({ id: 107, quantity: '3', unit: 1 });
    await vi.advanceTimersByTimeAsync(0);

    expect(checkout.getSnapshot().value).toBe('previewing');
    expect(previewOrder.next().input.submission.items).toEqual([
      { product: 7, quantity: '3', unit: 1, cartItem: 107 },
    ]);
    cart.stop();
  });

  it('a refused change sends nothing and says so', async () => {
    const { cart, line, checkout, saveLine, previewOrder } = await cartWithLine(
      aCartItem({ id: 107, product: product7, quantity: '2' }),
    );
    line.send({ type: 'line.increased' });
    checkout.send({ type: 'checkout.submitted' });
    await vi.advanceTimersByTimeAsync(CART_QUANTITY_DEBOUNCE_MS);
    saveLine.next().reject(httpError(400));
    await vi.advanceTimersByTimeAsync(0);

    expect(selectLineSaveFailed(checkout.getSnapshot())).toBe(true);
    expect(checkout.getSnapshot().context.savesPending).toBe(false);
    expect(previewOrder.calls).toHaveLength(0);
    cart.stop();
  });

  it('with nothing on its way the order is worked out at once', async () => {
    const { cart, checkout, previewOrder } = await cartWithLine(
      aCartItem({ id: 107, product: product7, quantity: '2' }),
    );
    checkout.send({ type: 'checkout.submitted' });
    expect(checkout.getSnapshot().value).toBe('previewing');
    expect(previewOrder.calls).toHaveLength(1);
    cart.stop();
  });
});
