import type { CartItem, Order } from '../../../../src/domain/types';
import type { OrderPreview } from '../../../../src/machines/checkout/checkout.machine';
import { aProduct, boxedProduct } from '../../../domain/fixtures';

/** 2 pieces of oil (10.00 each) and 1 box of 12 cans (1.50 each). */
export const oil: CartItem = {
  id: 101,
  product: { ...boxedProduct, id: 7, name: 'Sunflower oil 1 l', image: '/media/oil.jpg' },
  quantity: '2',
  unit: 1,
};
export const cans: CartItem = {
  id: 102,
  product: { ...boxedProduct, id: 8, name: 'Tomato cans', price: '1.50' },
  quantity: '1',
  unit: 2,
};
/** A product on offer (old price 12.00, now 10.00) with a 0.25 deposit. */
export const water: CartItem = {
  id: 103,
  product: aProduct({ id: 9, name: 'Still water', oldPrice: '12.00', depositPrice: '0.25' }),
  quantity: '1',
  unit: 1,
};

export const twoWarehouses: OrderPreview = {
  totals: {
    subtotal: '38.00',
    discountAmount: '0.00',
    tax: '0.00',
    depositTotal: '0.00',
    total: '38.00',
    totalWithoutTax: '38.00',
  },
  taxApplies: true,
  priceBasis: 'gross',
  total: '43.00',
  suborders: [
    {
      warehouse: { id: 1, name: 'North warehouse' },
      operator: { id: 4, name: 'Olga Operator', phone: '+49 30 1234' },
      items: [
        {
          product: 7,
          campaign: null,
          quantity: '2',
          unit: 1,
          amount: '20.00',
          discountAmount: '0',
          depositAmount: '0',
          taxAmount: '0',
        },
      ],
      subtotal: '20.00',
      discountAmount: '0',
      depositTotal: '0',
      tax: '0',
      extraCharges: [{ name: 'Delivery fee', amount: '5.00' }],
      avoidableCharges: [{ code: 'delivery_fee', name: 'Delivery fee', amount: '5.00', missing: '230.00' }],
      total: '25.00',
    },
    {
      warehouse: { id: 2, name: 'South cold store' },
      operator: { id: 5, name: 'Sven Operator', phone: '+49 89 5678' },
      items: [
        {
          product: 8,
          campaign: null,
          quantity: '1',
          unit: 2,
          amount: '18.00',
          discountAmount: '0',
          depositAmount: '0',
          taxAmount: '0',
        },
      ],
      subtotal: '18.00',
      discountAmount: '0',
      depositTotal: '0',
      tax: '0',
      extraCharges: [],
      avoidableCharges: [],
      total: '18.00',
    },
  ],
};

export function anOrder(id: number, createdAt: string, isFinalized = false): Order {
  return {
    id,
    total: `${id}.50`,
    createdAt,
    isFinalized,
    finalizedAt: isFinalized ? createdAt : null,
    suborders: [
      {
        id: id * 10,
        warehouse: { id: 1, name: 'North warehouse' },
        operator: { id: 4, name: 'Olga Operator', phone: '+49 30 1234' },
        total: `${id}.50`,
        status: 'in_preparation',
        createdAt,
        items: [
          {
            product: aProduct({ id: 7, name: 'Sunflower oil 1 l' }),
            price: '10.00',
            taxPrice: '0.70',
            taxIncluded: false,
            quantity: '2.000',
            unit: 1,
            fulfilled: false,
            campaign: null,
          },
        ],
        extraCharges: [{ name: 'Delivery fee', amount: '5.00' }],
        estimatedDeliveryDate: '2026-12-03',
      },
    ],
  };
}
