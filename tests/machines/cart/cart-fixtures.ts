import type { CartItem, Order, OrderItem } from '../../../src/domain/types';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { aCampaignProduct, aProduct, boxedProduct } from '../../domain/fixtures';

/** A line of product `productId` (12 pieces a box: unit 1 piece, 2 box). */
export function aCartItem(productId: number, quantity = '2', unit = 1, id = 100 + productId): CartItem {
  return { id, product: { ...boxedProduct, id: productId, name: `Product ${productId}` }, quantity, unit };
}

export const campaignItem: CartItem = {
  id: 300,
  product: aCampaignProduct({ id: 30 }),
  quantity: '1',
  unit: 1,
};

export const httpError = (status: number, code: string | null = null) =>
  new ApiError({ kind: 'http', call: 'test call', status, code }, `HTTP ${status}`);
export const networkError = new ApiError({ kind: 'network', call: 'test call' }, 'no answer');

/** Machines only pass the api on to actors the tests replace. */
export const unusedApi = {} as PortalApi;

export function anOrderItem(productId: number, quantity = '2'): OrderItem {
  return {
    product: aProduct({ id: productId, name: `Product ${productId}` }),
    price: '10.00',
    taxPrice: '0.70',
    taxIncluded: false,
    quantity,
    unit: 1,
    fulfilled: false,
    campaign: null,
  };
}

export function anOrder(id: number, items: OrderItem[] = [anOrderItem(7)], isFinalized = false): Order {
  return {
    id,
    total: '20.00',
    createdAt: '2026-11-20T10:00:00+01:00',
    isFinalized,
    finalizedAt: isFinalized ? '2026-11-25T10:00:00+01:00' : null,
    suborders: [
      {
        id: id * 10,
        warehouse: { id: 1, name: 'North' },
        operator: { id: 4, name: 'Olga', phone: '+49 30 1234' },
        total: '20.00',
        status: 'open',
        createdAt: '2026-11-20T10:00:00+01:00',
        items,
        extraCharges: [],
        estimatedDeliveryDate: null,
      },
    ],
  };
}
