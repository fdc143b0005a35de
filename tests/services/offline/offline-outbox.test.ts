import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  nextQueuedOrder,
  sendCartChanges,
  sendQueuedOrder,
} from '../../../src/machines/connectivity/outbox-calls';
import type { PortalApi } from '../../../src/services/api';
import type { CartApi, CartLineWrite } from '../../../src/services/api/cart';
import { ApiError } from '../../../src/services/api/errors';
import { installOfflineLayer, withOfflineCart } from '../../../src/services/offline/offline-cart';
import { browserOutbox, type Outbox, type QueuedOrder } from '../../../src/services/offline/outbox';
import { httpError, networkError } from '../../../src/test/api-errors';
import { aProduct } from '../../../src/test/builders/catalogue';

// each test its own empty database (idb opens the global one)
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
const freshOutbox = (): Outbox => {
  const outbox = browserOutbox();
  if (!outbox) throw new Error('no IndexedDB');
  return outbox;
};
const line = (product: number, quantity: string): CartLineWrite => ({
  product,
  campaign: null,
  quantity,
  unit: 1,
});
const butter = aProduct({ id: 1, name: 'Butter', price: '4.20', taxRatePercent: '7', quantityInStock: 80 });

function cartApiThat(overrides: Partial<CartApi> = {}): CartApi {
  return {
    cartItems: vi.fn(async () => []),
    addCartItem: vi.fn(async (write: CartLineWrite) => ({
      id: 10 + write.product,
      quantity: write.quantity,
      unit: write.unit,
    })),
    updateCartItem: vi.fn(async (id: number, write: CartLineWrite) => ({
      id,
      quantity: write.quantity,
      unit: write.unit,
    })),
    removeCartItem: vi.fn(async () => undefined),
    addCartItemsBulk: vi.fn(async () => []),
    ...overrides,
  };
}

describe('the outbox', () => {
  it('keeps each user’s changes in the order they were made, apart from another user’s', async () => {
    const outbox = freshOutbox();
    await outbox.recordCartChange('anna', { kind: 'put', line: line(1, '2') });
    await outbox.recordCartChange('ben', { kind: 'put', line: line(2, '1') });
    await outbox.recordCartChange('anna', { kind: 'remove', product: 3 });
    const changes = await outbox.cartChanges('anna');
    expect(changes.map((stored) => stored.change)).toEqual([
      { kind: 'put', line: line(1, '2') },
      { kind: 'remove', product: 3 },
    ]);
    expect(await outbox.cartChanges('ben')).toHaveLength(1);
  });

  it('tells its listeners of every change', async () => {
    const outbox = freshOutbox();
    const heard = vi.fn();
    outbox.subscribe(heard);
    await outbox.recordCartChange('anna', { kind: 'remove', product: 3 });
    await outbox.queueOrder(queued('k1'));
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

function queued(key: string, overrides: Partial<QueuedOrder> = {}): QueuedOrder {
  return {
    key,
    owner: 'anna',
    queuedAt: '2026-11-28T09:00:00.000Z',
    submission: {
      items: [{ product: 1, quantity: '2', unit: 1 }],
      expectedDeliveryDate: '2026-12-10',
      isPreorder: false,
      customerNote: '',
    },
    lines: [{ id: 5, product: butter, quantity: '2', unit: 1 }],
    addressId: null,
    approved: false,
    ...overrides,
  };
}

describe('the cart calls offline', () => {
  it('keep a change made while the browser is offline and answer as the server would', async () => {
    const outbox = freshOutbox();
    const api = cartApiThat();
    let online = false;
    const undo = installOfflineLayer({ outbox, owner: () => 'anna', isOnline: () => online });
    const cart = withOfflineCart(api);
    const written = await cart.addCartItem(line(7, '3'));
    // a stand-in id below zero until the server stores the line; nothing was sent
    expect(written.id).toBeLessThan(0);
    expect(api.addCartItem).not.toHaveBeenCalled();
    await cart.removeCartItem(written.id);
    expect((await outbox.cartChanges('anna')).map((stored) => stored.change)).toEqual([
      { kind: 'put', line: line(7, '3') },
      { kind: 'remove', product: 7 },
    ]);
    online = true;
    await cart.addCartItem(line(8, '1'));
    expect(api.addCartItem).toHaveBeenCalledTimes(1);
    undo();
  });

  it('leave a server that does not answer while the browser is online a failure', async () => {
    const outbox = freshOutbox();
    const undo = installOfflineLayer({ outbox, owner: () => 'anna', isOnline: () => true });
    const cart = withOfflineCart(
      cartApiThat({ addCartItem: vi.fn(async () => Promise.reject(networkError)) }),
    );
    await expect(cart.addCartItem(line(7, '3'))).rejects.toBe(networkError);
    expect(await outbox.cartChanges('anna')).toEqual([]);
    undo();
  });
});

describe('sending what was kept', () => {
  it('sends the cart changes in order onto the server’s lines and reports the refused ones', async () => {
    const outbox = freshOutbox();
    await outbox.recordCartChange('anna', { kind: 'put', line: line(1, '3') });
    await outbox.recordCartChange('anna', { kind: 'put', line: line(2, '1') });
    await outbox.recordCartChange('anna', { kind: 'remove', product: 2 });
    await outbox.recordCartChange('anna', { kind: 'put', line: line(9, '500') });
    const calls: string[] = [];
    const api = {
      cartItems: async () => [{ id: 41, product: butter, quantity: '2', unit: 1 }],
      updateCartItem: async (id: number, write: CartLineWrite) => {
        calls.push(`PUT ${id} ${write.quantity}`);
        return { id, quantity: write.quantity, unit: 1 };
      },
      addCartItem: async (write: CartLineWrite) => {
        calls.push(`POST ${write.product}`);
        if (write.product === 9)
          throw new ApiError({ kind: 'http', call: 'POST', status: 400, detail: 'Not enough stock.' }, 'x');
        return { id: 50 + write.product, quantity: write.quantity, unit: 1 };
      },
      removeCartItem: async (id: number) => {
        calls.push(`DELETE ${id}`);
      },
    } as unknown as PortalApi;
    const refused = await sendCartChanges(api, outbox, 'anna');
    expect(calls).toEqual(['PUT 41 3', 'POST 2', 'DELETE 52', 'POST 9']);
    expect(refused).toEqual([{ productId: 9, name: null, detail: 'Not enough stock.' }]);
    expect(await outbox.cartChanges('anna')).toEqual([]);
  });

  it('stops at a lost connection and keeps what was not sent', async () => {
    const outbox = freshOutbox();
    await outbox.recordCartChange('anna', { kind: 'put', line: line(1, '3') });
    await outbox.recordCartChange('anna', { kind: 'put', line: line(2, '1') });
    const api = {
      cartItems: async () => [],
      addCartItem: vi
        .fn()
        .mockResolvedValueOnce({ id: 11, quantity: '3', unit: 1 })
        .mockRejectedValueOnce(networkError),
    } as unknown as PortalApi;
    await expect(sendCartChanges(api, outbox, 'anna')).rejects.toBe(networkError);
    expect((await outbox.cartChanges('anna')).map((stored) => stored.change)).toEqual([
      { kind: 'put', line: line(2, '1') },
    ]);
  });

  const checkingApi = (current: typeof butter) =>
    ({
      cartItems: async () => [{ id: 5, product: current, quantity: '2', unit: 1 }],
      productUnits: async () => [{ id: 1, base: null, name: 'piece', namePlural: 'pieces', isPrimary: true }],
      deliveryCalendar: async () => Promise.reject(httpError(501)),
    }) as unknown as PortalApi;

  it('finds an order ready when nothing changed, and sends it once with its key', async () => {
    const outbox = freshOutbox();
    await outbox.queueOrder(queued('k1'));
    const next = await nextQueuedOrder(
      checkingApi(butter),
      outbox,
      'anna',
      'gross',
      new Date('2026-11-28T10:00:00Z'),
    );
    expect(next).toMatchObject({ kind: 'ready', order: { key: 'k1' } });
    const placeOrder = vi.fn(async (_submission: unknown, _key: string) => 77);
    const orderId = await sendQueuedOrder({ placeOrder } as unknown as PortalApi, outbox, queued('k1'));
    expect([orderId, placeOrder.mock.calls[0]?.[1]]).toEqual([77, 'k1']);
    expect(await outbox.queuedOrders('anna')).toEqual([]);
  });

  it('shows a new price and a missed day for review instead of sending', async () => {
    const outbox = freshOutbox();
    await outbox.queueOrder(
      queued('k1', { submission: { ...queued('k1').submission, expectedDeliveryDate: '2026-11-29' } }),
    );
    const next = await nextQueuedOrder(
      checkingApi({ ...butter, price: '5.00' }),
      outbox,
      'anna',
      'gross',
      new Date('2026-11-28T10:00:00Z'),
    );
    expect(next).toMatchObject({
      kind: 'changed',
      changes: [
        { kind: 'dayMissed', date: '2026-11-29' },
        { kind: 'priceChanged', productId: 1, was: '4.49', now: '5.35' },
      ],
    });
  });
});
