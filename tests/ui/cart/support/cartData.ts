import type { Order } from '../../../../src/domain/types';
import type { OrderPreview } from '../../../../src/services/api/orders';
import {
  aCart,
  anExtraCharge,
  anOrder,
  anOrderLine,
  anOrderPreview,
  aPreviewLine,
  aPreviewShipment,
  aProduct,
  aSuborder,
  boxedProduct,
  northWarehouse,
  olga,
  someCartTotals,
} from '../../../../src/test/builders';

/**
 * The lines the cart tests fill the cart from: 2 pieces of oil (10.00 each), 1 box of 12 cans (1.50 each),
 * and a product on offer (old price 12.00, now 10.00) with a 0.25 deposit.
 */
export const [oil, cans, water] = aCart(
  {
    id: 101,
    product: { ...boxedProduct, id: 7, name: 'Sunflower oil 1 l', image: '/media/oil.jpg' },
    quantity: '2',
    unit: 1,
  },
  {
    id: 102,
    product: { ...boxedProduct, id: 8, name: 'Tomato cans', price: '1.50' },
    quantity: '1',
    unit: 2,
  },
  {
    id: 103,
    product: aProduct({ id: 9, name: 'Still water', oldPrice: '12.00', depositPrice: '0.25' }),
    quantity: '1',
    unit: 1,
  },
);

/** The oil from the north warehouse (with a fee 230.00 short of falling away), the cans from the south. */
export const twoWarehouses: OrderPreview = anOrderPreview({
  totals: someCartTotals({ subtotal: '38.00', total: '38.00', totalWithoutTax: '38.00' }),
  taxApplies: true,
  priceBasis: 'gross',
  total: '43.00',
  suborders: [
    aPreviewShipment({
      warehouse: northWarehouse,
      operator: olga,
      items: [aPreviewLine({ product: 7, quantity: '2', unit: 1, amount: '20.00' })],
      subtotal: '20.00',
      extraCharges: [anExtraCharge({ name: 'Delivery fee', amount: '5.00' })],
      avoidableCharges: [{ code: 'delivery_fee', name: 'Delivery fee', amount: '5.00', missing: '230.00' }],
      total: '25.00',
    }),
    aPreviewShipment({
      warehouse: { id: 2, name: 'South cold store' },
      operator: { id: 5, name: 'Sven Operator', phone: '+49 89 5678' },
      items: [aPreviewLine({ product: 8, quantity: '1', unit: 2, amount: '18.00' })],
      subtotal: '18.00',
      total: '18.00',
    }),
  ],
});

/** Order `id` for `id`.50: two pieces of oil from the north warehouse, in preparation, with a delivery fee. */
export function placedOrder(id: number, createdAt: string, isFinalized = false): Order {
  return anOrder({
    id,
    total: `${id}.50`,
    createdAt,
    isFinalized,
    finalizedAt: isFinalized ? createdAt : null,
    suborders: [
      aSuborder({
        id: id * 10,
        warehouse: northWarehouse,
        operator: olga,
        total: `${id}.50`,
        status: 'in_preparation',
        createdAt,
        items: [
          anOrderLine({
            product: aProduct({ id: 7, name: 'Sunflower oil 1 l' }),
            price: '10.00',
            taxPrice: '0.70',
            quantity: '2.000',
            unit: 1,
          }),
        ],
        extraCharges: [anExtraCharge({ name: 'Delivery fee', amount: '5.00' })],
        estimatedDeliveryDate: '2026-12-03',
      }),
    ],
  });
}
