import type { OrderPreview, OrderPreviewLine, OrderPreviewSuborder } from '../../services/api/orders';
import { someCartTotals } from './cart';
import { northWarehouse, olga } from './orders';

/** Two pieces of product 1 at 20.00 on the gross basis, no discount, deposit or tax. */
export function aPreviewLine(overrides: Partial<OrderPreviewLine> = {}): OrderPreviewLine {
  return {
    product: 1,
    campaign: null,
    quantity: '2',
    unit: 1,
    amount: '20.00',
    discountAmount: '0',
    depositAmount: '0',
    taxAmount: '0',
    ...overrides,
  };
}

/** The north warehouse's shipment of one line, without fees. */
export function aPreviewShipment(overrides: Partial<OrderPreviewSuborder> = {}): OrderPreviewSuborder {
  return {
    warehouse: northWarehouse,
    operator: olga,
    items: [aPreviewLine()],
    subtotal: '20.00',
    discountAmount: '0',
    depositTotal: '0',
    tax: '0',
    extraCharges: [],
    avoidableCharges: [],
    total: '20.00',
    ...overrides,
  };
}

/** The order of one shipment, for a customer paying tax (gross basis). */
export function anOrderPreview(overrides: Partial<OrderPreview> = {}): OrderPreview {
  return {
    totals: someCartTotals({ subtotal: '20.00', total: '20.00', totalWithoutTax: '20.00' }),
    taxApplies: true,
    priceBasis: 'gross',
    total: '20.00',
    suborders: [aPreviewShipment()],
    ...overrides,
  };
}

/**
 * A shipment holding one piece of each product at 0.10 net and 7 % (0.11 shown alone), with no fees
 * and zero sums: the cart's shares are then worked out per shipment.
 */
export const tenCentShipment = (id: number, products: number[]): OrderPreviewSuborder =>
  aPreviewShipment({
    warehouse: { id, name: `Warehouse ${id}` },
    operator: { id, name: `Operator ${id}`, phone: '+49 30 1' },
    items: products.map((product) =>
      aPreviewLine({ product, quantity: '1', unit: 1, amount: '0.11', taxAmount: '0.01' }),
    ),
    subtotal: '0.00',
    discountAmount: '0.00',
    depositTotal: '0.00',
    tax: '0.00',
    total: '0.00',
  });
