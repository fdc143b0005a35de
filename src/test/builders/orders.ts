import type {
  ExtraCharge,
  Operator,
  Order,
  OrderFinanceDocument,
  OrderItem,
  Suborder,
  Warehouse,
} from '../../domain/types';
import { aProduct } from './catalogue';

export const northWarehouse: Warehouse = { id: 1, name: 'North warehouse' };
export const olga: Operator = { id: 4, name: 'Olga Operator', phone: '+49 30 1234' };

/** Two pieces of aProduct at 10.00 with 0.70 tax, not yet delivered. */
export function anOrderLine(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    product: aProduct(),
    price: '10.00',
    taxPrice: '0.70',
    taxIncluded: false,
    quantity: '2.000',
    unit: 1,
    fulfilled: false,
    campaign: null,
    ...overrides,
  };
}

export function anExtraCharge(overrides: Partial<ExtraCharge> = {}): ExtraCharge {
  return { name: 'Delivery fee', amount: '5.00', ...overrides };
}

/** One line from the north warehouse with a delivery fee, in preparation. */
export function aSuborder(overrides: Partial<Suborder> = {}): Suborder {
  return {
    id: 10,
    warehouse: northWarehouse,
    operator: olga,
    total: '25.00',
    status: 'in_preparation',
    createdAt: '2026-11-20T10:00:00Z',
    items: [anOrderLine()],
    extraCharges: [anExtraCharge()],
    estimatedDeliveryDate: '2026-12-03',
    ...overrides,
  };
}

/** An open order of one suborder, without the optional figures older servers leave out. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    total: '25.00',
    createdAt: '2026-11-20T10:00:00Z',
    isFinalized: false,
    finalizedAt: null,
    suborders: [aSuborder()],
    ...overrides,
  };
}

/** An ERP invoice of the order, issued and not yet paid, with its PDF. */
export function aFinanceDocument(overrides: Partial<OrderFinanceDocument> = {}): OrderFinanceDocument {
  return {
    id: 3,
    kind: 'invoice',
    number: 'RE-2026-0042',
    issuedOn: '2026-11-27',
    dueOn: '2026-12-11',
    grossTotal: '25.00',
    openBalance: '25.00',
    file: 'netb2b/finance-documents/3/file/',
    ...overrides,
  };
}
