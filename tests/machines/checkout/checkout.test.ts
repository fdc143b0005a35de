import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { submissionItem } from '../../../src/machines/cart/cart.calls';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import {
  bindCheckout,
  checkoutMachine,
  type PlaceOrderInput,
  type PreviewOrderInput,
} from '../../../src/machines/checkout/checkout.machine';
import {
  selectCanConfirm,
  selectDateError,
  selectDeliveryDate,
  selectIsCheckoutBusy,
  selectMinDeliveryDate,
  selectPlacedOrderId,
} from '../../../src/machines/checkout/checkout.selectors';
import type { OrderPreview } from '../../../src/services/api/orders';
import { networkError } from '../../../src/test/api-errors';
import { aCampaignProduct, aCartItem, boxedProduct } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };
const campaignLine = aCartItem({ id: 300, product: aCampaignProduct({ id: 30 }), quantity: '1' });

let keys = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 20, 12, 0) });
  vi.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(() => `key-${++keys}-0-0-0`);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
const emptyPreview: OrderPreview = {
  totals: {
    subtotal: '0',
    discountAmount: '0',
    tax: '0',
    depositTotal: '0',
    total: '0',
    totalWithoutTax: '0',
  },
  taxApplies: true,
  priceBasis: 'gross',
  total: '0',
  suborders: [],
};

function createCheckout(items: CartItem[] = [aCartItem({ id: 107, product: product7, quantity: '2' })]) {
  const previewOrder = controllableActor<OrderPreview, PreviewOrderInput>();
  const placeOrder = controllableActor<number, PlaceOrderInput>();
  const machine = checkoutMachine.provide({
    actors: { previewOrder: previewOrder.logic, placeOrder: placeOrder.logic },
    actions: { reportOrder: () => undefined },
  });
  const actor = createActor(machine).start();
  // as the cart does after every change of its lines
  actor.send({ type: 'checkout.itemsChanged', items: items.map(submissionItem) });
  /** Order button, then the preview answers: the confirmation dialog is open */
  const toConfirmation = async () => {
    actor.send({ type: 'checkout.submitted' });
    previewOrder.next().resolve(emptyPreview);
    await settle();
  };
  return { actor, previewOrder, placeOrder, toConfirmation };
}
let checkout: ReturnType<typeof createCheckout>;
afterEach(() => checkout.actor.stop());

describe('checkout', () => {
  it('defaults the delivery date to today + 7 days, which is also the minimum', () => {
    checkout = createCheckout();
    const s = checkout.actor.getSnapshot();
    expect(selectDeliveryDate(s)).toBe('2026-11-27');
    expect(selectMinDeliveryDate(s)).toBe('2026-11-27');
  });

  it('an emptied date shows cart.deliveryDateError and sends nothing', () => {
    checkout = createCheckout();
    checkout.actor.send({ type: 'checkout.dateChanged', date: '' });
    checkout.actor.send({ type: 'checkout.submitted' });
    expect(checkout.actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(selectDateError(checkout.actor.getSnapshot())).toBe('cart.deliveryDateError');
    expect(checkout.previewOrder.calls).toHaveLength(0);
    expect(checkout.placeOrder.calls).toHaveLength(0);
  });

  it('a date before the minimum is refused with cart.invalidDeliveryDate', () => {
    checkout = createCheckout();
    checkout.actor.send({ type: 'checkout.dateChanged', date: '2026-11-26' });
    checkout.actor.send({ type: 'checkout.submitted' });
    expect(selectDateError(checkout.actor.getSnapshot())).toBe('cart.invalidDeliveryDate');
    expect(checkout.previewOrder.calls).toHaveLength(0);
  });

  it('an empty cart cannot be ordered', () => {
    checkout = createCheckout([]);
    checkout.actor.send({ type: 'checkout.submitted' });
    expect(checkout.actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(checkout.previewOrder.calls).toHaveLength(0);
  });

  it('sends date, pre-order flag, note, the campaign of campaign lines and every cart line it shows', async () => {
    checkout = createCheckout([aCartItem({ id: 107, product: product7, quantity: '2' }), campaignLine]);
    checkout.actor.send({ type: 'checkout.dateChanged', date: '2026-12-01' });
    checkout.actor.send({ type: 'checkout.preorderChanged', isPreorder: true });
    checkout.actor.send({ type: 'checkout.noteChanged', note: 'Ring twice' });
    await checkout.toConfirmation();
    checkout.actor.send({ type: 'checkout.confirmed' });
    expect(checkout.placeOrder.calls[0]?.input.submission).toEqual({
      items: [
        { product: 7, quantity: '2', unit: 1, cartItem: 107 },
        { product: 30, quantity: '1', unit: 1, campaign: 9, cartItem: 300 },
      ],
      // the server refuses the order when the cart holds other lines by then (another tab added one)
      cartLines: [107, 300],
      expectedDeliveryDate: '2026-12-01',
      isPreorder: true,
      customerNote: 'Ring twice',
    });
  });

  it('a double click on confirm places ONE order', async () => {
    checkout = createCheckout();
    await checkout.toConfirmation();
    checkout.actor.send({ type: 'checkout.confirmed' });
    checkout.actor.send({ type: 'checkout.confirmed' });
    checkout.actor.send({ type: 'checkout.submitted' });
    expect(checkout.placeOrder.calls).toHaveLength(1);
    expect(selectIsCheckoutBusy(checkout.actor.getSnapshot())).toBe(true);
    expect(selectCanConfirm(checkout.actor.getSnapshot())).toBe(false);
    checkout.placeOrder.next().resolve(501);
    await settle();
    expect(selectPlacedOrderId(checkout.actor.getSnapshot())).toBe(501);
  });

  it('a failed order keeps everything and Retry resends the same order with the same Idempotency-Key', async () => {
    checkout = createCheckout();
    await checkout.toConfirmation();
    checkout.actor.send({ type: 'checkout.confirmed' });
    const first = checkout.placeOrder.next();
    first.reject(networkError);
    await settle();
    expect(checkout.actor.getSnapshot().value).toBe('submitFailed');
    checkout.actor.send({ type: 'checkout.retried' });
    const second = checkout.placeOrder.next();
    expect(second.input.idempotencyKey).toBe(first.input.idempotencyKey);
    expect(second.input.submission).toEqual(first.input.submission);
  });

  it('a new attempt after the customer changed the order gets a new key; an unchanged one keeps it', async () => {
    checkout = createCheckout();
    await checkout.toConfirmation();
    checkout.actor.send({ type: 'checkout.confirmed' });
    const first = checkout.placeOrder.next();
    first.reject(networkError);
    await settle();
    checkout.actor.send({ type: 'checkout.cancelled' });
    await checkout.toConfirmation();
    checkout.actor.send({ type: 'checkout.confirmed' });
    const unchanged = checkout.placeOrder.next();
    expect(unchanged.input.idempotencyKey).toBe(first.input.idempotencyKey);
    unchanged.reject(networkError);
    await settle();
    checkout.actor.send({ type: 'checkout.cancelled' });
    checkout.actor.send({ type: 'checkout.noteChanged', note: 'Back door' });
    await checkout.toConfirmation();
    checkout.actor.send({ type: 'checkout.confirmed' });
    expect(checkout.placeOrder.next().input.idempotencyKey).not.toBe(first.input.idempotencyKey);
  });

  it('a failed preview still lets the customer order (without the split)', async () => {
    checkout = createCheckout();
    checkout.actor.send({ type: 'checkout.submitted' });
    checkout.previewOrder.next().reject(networkError);
    await settle();
    expect(checkout.actor.getSnapshot().value).toBe('previewFailed');
    checkout.actor.send({ type: 'checkout.confirmed' });
    expect(checkout.placeOrder.calls).toHaveLength(1);
  });
});

describe('checkout inside the cart', () => {
  it('success refetches the cart; failure keeps the items as they are', async () => {
    const items = [aCartItem({ id: 107, product: product7, quantity: '2' })];
    const placeOrder = controllableActor<number, PlaceOrderInput>();
    const fetchCart = controllableActor<CartItem[], void>();
    const cart = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fetchCart.logic,
          checkout: checkoutMachine.provide({
            actors: { previewOrder: fromPromise(async () => emptyPreview), placeOrder: placeOrder.logic },
          }),
        },
      }),
      // as the app spawns it: the checkout reports to the cart by this systemId
      { systemId: 'cart' },
    ).start();
    cart.send({ type: 'cart.load' });
    fetchCart.next().resolve(items);
    await settle();
    const checkoutRef = cart.getSnapshot().children.checkout;
    if (!checkoutRef) throw new Error('no checkout child');
    checkoutRef.send({ type: 'checkout.submitted' });
    await settle();
    checkoutRef.send({ type: 'checkout.confirmed' });
    placeOrder.next().reject(networkError);
    await settle();
    expect(checkoutRef.getSnapshot().value).toBe('submitFailed');
    expect(cart.getSnapshot().context.items).toEqual(items);
    expect(fetchCart.calls).toHaveLength(0);

    checkoutRef.send({ type: 'checkout.retried' });
    placeOrder.next().resolve(808);
    await settle();
    expect(checkoutRef.getSnapshot().value).toBe('succeeded');
    expect(cart.getSnapshot().value).toBe('reloading');
    fetchCart.next().resolve([]);
    await settle();
    expect(cart.getSnapshot().context.items).toEqual([]);
    cart.stop();
  });
});

describe('bindCheckout', () => {
  it('binds the preview and the order to the API, with the attempt key', async () => {
    const calls: string[] = [];
    const api = {
      previewOrder: async () => {
        calls.push('preview');
        return emptyPreview;
      },
      placeOrder: async (_submission: unknown, key: string) => {
        calls.push(`order ${key}`);
        return 42;
      },
    };
    const actor = createActor(bindCheckout(testPorts(api as never))).start();
    actor.send({ type: 'checkout.itemsChanged', items: [{ product: 7, quantity: '2', unit: 1 }] });
    actor.send({ type: 'checkout.submitted' });
    await settle();
    actor.send({ type: 'checkout.confirmed' });
    await settle();
    expect(calls).toEqual(['preview', `order key-${keys}-0-0-0`]);
    expect(selectPlacedOrderId(actor.getSnapshot())).toBe(42);
    actor.stop();
  });
});
