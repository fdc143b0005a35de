import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  createActor,
  fromCallback,
  fromPromise,
  type PromiseActorLogic,
} from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import {
  type AddToCartEmitted,
  type AddToCartEvent,
  addToCartMachine,
  bindAddToCart,
  type SaveInput,
  type WatchCartInput,
} from '../../../src/machines/product/add-to-cart.machine';
import {
  selectCanAdd,
  selectIsAdding,
  selectIsInCart,
} from '../../../src/machines/product/add-to-cart.selectors';
import type { PortalApi } from '../../../src/services/api';
import { httpError } from '../../../src/test/api-errors';
import { aCartItem, boxedProduct } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };

const item = aCartItem({ id: 107, product: product7, quantity: '1' });
const product = item.product;
// the cart watcher is the only actor the model would start: a silent one
const modelMachine = addToCartMachine.provide({
  actors: { watchCart: fromCallback<AddToCartEvent, WatchCartInput>(() => undefined) },
});

const model = modelFor(modelMachine, {
  input: { product },
  events: [
    { type: 'addToCart.requested', quantity: 1, unit: 1 },
    // refused by the guard: never a transition, never a request
    { type: 'addToCart.requested', quantity: 0, unit: 1 },
    { type: 'addToCart.cartChanged', inCart: true },
    { type: 'addToCart.cartChanged', inCart: false },
    { type: 'xstate.done.actor.saveToCart', output: item },
    { type: 'xstate.error.actor.saveToCart', error: httpError(500) },
  ],
  // `isOrderable` reads whether the product has stock; the other guards read events
  serializeState: (s) => JSON.stringify([s.value, s.context.product.quantityInStock]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('addToCart', modelMachine, paths);

/** The machine against a stand-in cart whose watcher the test drives, and a controllable save. */
function createSut() {
  const save = controllableActor<CartItem, SaveInput>();
  let report: ((event: AddToCartEvent) => void) | undefined;
  const cartEvents: Array<{ type: string }> = [];
  const machine = addToCartMachine.provide({
    actors: {
      saveToCart: save.logic,
      watchCart: fromCallback<AddToCartEvent, WatchCartInput>(({ sendBack }) => {
        report = sendBack;
      }),
    },
    actions: {
      loadCart: () => void cartEvents.push({ type: 'cart.load' }),
      saveInCart: (_, params: { item: CartItem }) =>
        void cartEvents.push({ type: `cart.itemSaved:${params.item.id}` }),
    },
  });
  const actor = createActor(machine, { input: { product } });
  const emitted: AddToCartEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const sendFromCart = (event: AddToCartEvent) => report?.(event);
  return { actor, save, emitted, cartEvents, sendFromCart, saves: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.save.next();
  if (outcome === 'resolve') {
    call.resolve(event.output as CartItem);
    sut.saves += 1;
  } else call.reject(event.error);
  await settle();
};
const executors = {
  'addToCart.requested': send,
  'addToCart.cartChanged': (step: { event: { type: string } }) =>
    sut.sendFromCart(step.event as AddToCartEvent),
  'xstate.done.actor.saveToCart': settleWith('resolve'),
  'xstate.error.actor.saveToCart': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);
  expect(sut.cartEvents[0]).toEqual({ type: 'cart.load' });
};

describe('add to cart machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        checking: (s) => {
          sameAsModel(s);
          expect(selectCanAdd(sut.actor.getSnapshot())).toBe(false);
        },
        'offered.idle': (s) => {
          sameAsModel(s);
          expect(selectCanAdd(sut.actor.getSnapshot())).toBe(true);
          expect(sut.actor.getSnapshot().can({ type: 'addToCart.requested', quantity: 0, unit: 1 })).toBe(
            false,
          );
        },
        adding: (s) => {
          sameAsModel(s);
          expect(selectIsAdding(sut.actor.getSnapshot())).toBe(true);
          expect(sut.save.calls).toHaveLength(1);
        },
        inCart: (s) => {
          sameAsModel(s);
          expect(selectIsInCart(sut.actor.getSnapshot())).toBe(true);
          expect(selectCanAdd(sut.actor.getSnapshot())).toBe(false);
          // every add that succeeded told the customer and the cart, once
          expect(sut.emitted.filter((event) => event.type === 'addToCart.added')).toHaveLength(sut.saves);
          expect(sut.cartEvents.slice(1)).toEqual(
            Array(sut.saves).fill({ type: `cart.itemSaved:${item.id}` }),
          );
        },
        'offered.failed': (s) => {
          sameAsModel(s);
          expect(sut.emitted.at(-1)).toMatchObject({ type: 'addToCart.failed', productId: 7 });
          expect(selectCanAdd(sut.actor.getSnapshot())).toBe(true);
        },
      },
    });
  });
});

describe('add to cart with the real cart', () => {
  function withCart(lines: CartItem[], failing = false) {
    const cart = createActor(
      cartMachine.provide({ actors: { fetchCart: fromPromise(async () => lines) } }),
    ).start();
    const calls: Array<{ kind: string; id?: number }> = [];
    const api = {
      addCartItem: async () => {
        calls.push({ kind: 'POST' });
        if (failing) throw httpError(500);
        return { id: 55, quantity: '2', unit: 1 };
      },
      updateCartItem: async (id: number) => {
        calls.push({ kind: 'PUT', id });
        return { id, quantity: '2', unit: 1 };
      },
    } as unknown as PortalApi;
    const actor = createActor(bindAddToCart(testPorts(api, cart)), { input: { product } });
    const emitted: AddToCartEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { cart, actor, api, calls, emitted };
  }
  const stopAll = (...actors: AnyActorRef[]) => {
    for (const a of actors) a.stop();
  };

  it('loads the cart lazily, adds with a spinner, announces the toast and then shows "in cart"', async () => {
    const t = withCart([]);
    await settle();
    expect(t.cart.getSnapshot().value).toBe('resolved');
    expect(t.actor.getSnapshot().value).toEqual({ offered: 'idle' });
    t.actor.send({ type: 'addToCart.requested', quantity: 2, unit: 1 });
    expect(selectIsAdding(t.actor.getSnapshot())).toBe(true);
    await settle();
    expect(t.calls).toEqual([{ kind: 'POST' }]);
    expect(t.emitted).toEqual([{ type: 'addToCart.added', productId: 7 }]);
    expect(t.actor.getSnapshot().value).toBe('inCart');
    expect(t.cart.getSnapshot().context.items.map((i) => [i.id, i.quantity])).toEqual([[55, '2']]);
    stopAll(t.actor, t.cart);
  });

  it('a failed add announces "Whoops" and offers the button again; the cart is unchanged', async () => {
    const t = withCart([], true);
    await settle();
    t.actor.send({ type: 'addToCart.requested', quantity: 1, unit: 1 });
    await settle();
    expect(t.emitted).toEqual([
      { type: 'addToCart.failed', productId: 7, error: expect.objectContaining({ status: 500 }) },
    ]);
    expect(t.actor.getSnapshot().value).toEqual({ offered: 'failed' });
    expect(selectCanAdd(t.actor.getSnapshot())).toBe(true);
    // the button follows the guard for the amount the dialog offers: none below one piece, none without a unit
    expect(selectCanAdd(t.actor.getSnapshot(), 3, 1)).toBe(true);
    expect(selectCanAdd(t.actor.getSnapshot(), 0, 1)).toBe(false);
    expect(selectCanAdd(t.actor.getSnapshot(), null, 1)).toBe(false);
    expect(selectCanAdd(t.actor.getSnapshot(), 2, null)).toBe(false);
    expect(t.cart.getSnapshot().context.items).toEqual([]);
    stopAll(t.actor, t.cart);
  });

  it('never sends a request for quantity 0 (no stock in the chosen unit)', async () => {
    const t = withCart([]);
    await settle();
    t.actor.send({ type: 'addToCart.requested', quantity: 0, unit: 2 });
    await settle();
    expect(t.actor.getSnapshot().value).toEqual({ offered: 'idle' });
    expect(t.calls).toEqual([]);
    expect(t.emitted).toEqual([]);
    stopAll(t.actor, t.cart);
  });

  it('never sends a request for a product out of stock, and cannot add it', async () => {
    const cart = createActor(
      cartMachine.provide({ actors: { fetchCart: fromPromise(async (): Promise<CartItem[]> => []) } }),
    ).start();
    const calls: string[] = [];
    const api = {
      addCartItem: async () => {
        calls.push('POST');
        return { id: 55, quantity: '1', unit: 1 };
      },
    } as unknown as PortalApi;
    const soldOut = { ...product, quantityInStock: 0 };
    const actor = createActor(bindAddToCart(testPorts(api, cart)), { input: { product: soldOut } }).start();
    await settle();
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'addToCart.requested', quantity: 1, unit: 1 });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ offered: 'idle' });
    expect(calls).toEqual([]);
    stopAll(actor, cart);
  });

  it('the bound save replaces the line the app cart already has (ordering helper layer)', async () => {
    const t = withCart([item]);
    await settle();
    const save = bindAddToCart(testPorts(t.api, t.cart)).implementations.actors
      .saveToCart as PromiseActorLogic<CartItem, SaveInput>;
    const saved = createActor(save, { input: { product, quantity: 2, unit: 1 } }).start();
    await settle();
    expect(t.calls).toEqual([{ kind: 'PUT', id: item.id }]);
    expect(saved.getSnapshot().output).toMatchObject({ id: item.id, quantity: '2' });
    stopAll(t.actor, t.cart);
  });

  it('a product already in the cart shows "in cart" at once; removing the line brings the button back', async () => {
    const t = withCart([item]);
    await settle();
    expect(t.actor.getSnapshot().value).toBe('inCart');
    t.cart.send({ type: 'cart.itemRemoved', productId: 7 });
    expect(t.actor.getSnapshot().value).toEqual({ offered: 'idle' });
    stopAll(t.actor, t.cart);
  });
});
