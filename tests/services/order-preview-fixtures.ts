import type { OrderPreviewSuborder } from '../../src/services/api/orders';

/**
 * A shipment of the server's order preview holding one piece of each product at 0.10 net and 7 %
 * (0.11 shown alone), with no fees: the cart's shares are then worked out per shipment.
 */
export const tenCentShipment = (id: number, products: number[]): OrderPreviewSuborder => ({
  warehouse: { id, name: `Warehouse ${id}` },
  operator: { id, name: `Operator ${id}`, phone: '+49 30 1' },
  items: products.map((product) => ({
    product,
    campaign: null,
    quantity: '1',
    unit: 1,
    amount: '0.11',
    discountAmount: '0',
    depositAmount: '0',
    taxAmount: '0.01',
  })),
  subtotal: '0.00',
  discountAmount: '0.00',
  depositTotal: '0.00',
  tax: '0.00',
  extraCharges: [],
  avoidableCharges: [],
  total: '0.00',
});
