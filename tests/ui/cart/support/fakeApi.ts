import { vi } from 'vitest';
import type { CartItem, Order, Product, Unit } from '../../../../src/domain/types';
import type { OrderPreview } from '../../../../src/machines/checkout/checkout.machine';
import type { PortalApi } from '../../../../src/services/api';
import { units as fixtureUnits } from '../../../../src/test/builders';

export interface FakeApiData {
  cart?: CartItem[];
  /** what the header search finds, whatever the query */
  found?: Product[];
  orders?: Order[];
  units?: Unit[];
  preview?: OrderPreview;
  orderId?: number;
}

const never = () => new Promise<never>(() => {});

/**
 * The portal API as the real machines call it, answering from plain data. Every method is a vi.fn,
 * so a test can replace one answer (`api.placeOrder.mockRejectedValueOnce(...)`) or count the calls;
 * methods a test does not care about never settle.
 */
export function fakeApi(data: FakeApiData = {}) {
  let cart = [...(data.cart ?? [])];
  const methods = {
    cartItems: vi.fn(async () => cart),
    addCartItem: vi.fn(async (line: { product: number; quantity: string; unit: number }) => ({
      id: 900 + line.product,
      quantity: line.quantity,
      unit: line.unit,
    })),
    updateCartItem: vi.fn(async (id: number, line: { quantity: string; unit: number }) => ({
      id,
      quantity: line.quantity,
      unit: line.unit,
    })),
    removeCartItem: vi.fn(async () => undefined),
    previewOrder: vi.fn(async () => data.preview ?? never()),
    placeOrder: vi.fn(async (_submission: unknown, _idempotencyKey: string) => {
      cart = [];
      return data.orderId ?? 42;
    }),
    orders: vi.fn(async () => data.orders ?? []),
    order: vi.fn(async (id: number) => {
      const found = data.orders?.find((order) => order.id === id);
      if (!found) throw new Error(`no order ${id}`);
      return found;
    }),
    invoice: vi.fn(async () => new Blob(['<h1>Invoice</h1>'], { type: 'text/html' })),
    productUnits: vi.fn(async () => data.units ?? fixtureUnits),
    customerCurrency: vi.fn(async () => ({ symbol: '€' })),
    searchProducts: vi.fn(async () => data.found ?? []),
    // none: the home shows its sections once the notifications and announcements above them have settled
    announcements: vi.fn(async () => []),
    notifications: vi.fn(async () => []),
  };
  const api = new Proxy(methods, {
    get: (target, name) => (name in target ? target[name as keyof typeof target] : vi.fn(never)),
  }) as typeof methods & PortalApi;
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;
