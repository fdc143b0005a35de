import type { Insertable } from 'kysely';
import { toDecimal } from '../../src/domain/decimal';
import { centsText, priceBasisFor } from '../../src/domain/pricing';
import type { Product } from '../../src/domain/types';
import type {
  ExtraChargesTable,
  OrderItemsTable,
  OrdersTable,
  ProductsTable,
  ProductUnitsTable,
  SuborderEventsTable,
  SubordersTable,
} from '../db/schema';
import { priceOrder } from '../orders/order-pricing';
import { orderBreakdown } from '../orders/store-order';
import { companyIds, companyRows, userIds } from './accounts';
import { seededRandom } from './random';
import { operatorRows } from './warehouses';

interface OrderPlan {
  companyId: number;
  userId: number;
  daysAgo: number;
  finalized: boolean;
  /**
   * the ERP reported its delivered suborders: a timeline, an ETA, a delivery note. Only delivered
   * ones: a suborder an ERP reported on is not the retention rule's to close, and the demo's open
   * orders close as they always did.
   */
  reported?: true;
}

const orderPlans: OrderPlan[] = [
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 84, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 63, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.colleague ?? 2, daysAgo: 49, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 35, finalized: true },
  {
    companyId: companyIds.lindenhof,
    userId: userIds.buyer ?? 1,
    daysAgo: 21,
    finalized: true,
    reported: true,
  },
  {
    companyId: companyIds.lindenhof,
    userId: userIds.colleague ?? 2,
    daysAgo: 12,
    finalized: true,
    reported: true,
  },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 4, finalized: false },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 1, finalized: false },
  { companyId: companyIds.bosporus, userId: userIds.other ?? 3, daysAgo: 30, finalized: true },
  { companyId: companyIds.bosporus, userId: userIds.other ?? 3, daysAgo: 2, finalized: false },
];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export interface SeededOrders {
  orders: Insertable<OrdersTable>[];
  suborders: Insertable<SubordersTable>[];
  items: Insertable<OrderItemsTable>[];
  charges: Insertable<ExtraChargesTable>[];
  /** the ERP's reports of the reported orders' suborders (their timelines) */
  events: Insertable<SuborderEventsTable>[];
}

const HOUR = 3_600_000;

/**
 * What an ERP would have reported of a shipped or delivered suborder placed at `placedAt`: received
 * within minutes, confirmed, picked the next morning, shipped with an ETA on its delivery day and a
 * delivery note, and (when delivered) arrived shortly after the ETA, every line in full.
 */
function reportedTimeline(
  suborderId: number,
  status: 'shipped' | 'delivered',
  placedAt: Date,
  deliveryDay: string,
) {
  const at = (hours: number) => new Date(placedAt.getTime() + hours * HOUR).toISOString();
  const eta = `${deliveryDay}T${String(8 + (suborderId % 4)).padStart(2, '0')}:30:00.000Z`;
  const deliveryNote = `LS-${260_000 + suborderId}`;
  const steps: [type: string, occurredAt: string, details: Record<string, unknown>][] = [
    ['received', at(0.3), { previous_state: 'processing' }],
    ['confirmed', at(2), { previous_state: 'received' }],
    ['picking', at(18), { previous_state: 'confirmed' }],
    ['shipped', at(21), { previous_state: 'picking', eta, delivery_note_number: deliveryNote }],
  ];
  if (status === 'delivered')
    steps.push([
      'delivered',
      new Date(Date.parse(eta) + 25 * 60_000).toISOString(),
      { previous_state: 'shipped' },
    ]);
  const events: Insertable<SuborderEventsTable>[] = steps.map(([type, occurredAt, details]) => ({
    suborder_id: suborderId,
    type,
    state: type,
    occurred_at: occurredAt,
    recorded_at: occurredAt,
    details: JSON.stringify(details),
    event_key: null,
  }));
  return { eta, deliveryNote, events };
}

/** The seeded product as the domain prices it (names and codes do not matter to pricing). */
function domainProduct(row: Insertable<ProductsTable>): Product {
  return {
    id: row.id ?? 0,
    name: row.name,
    description: row.description,
    image: '',
    brand: { id: row.brand_id, name: '' },
    category: { id: row.category_id, name: '' },
    price: row.price,
    oldPrice: row.old_price ?? null,
    taxIncluded: row.tax_included === 1,
    taxRatePercent: row.tax_rate_percent,
    depositPrice: row.deposit_price,
    stockCode: row.stock_code,
    barcode: row.barcode,
    quantityInStock: row.quantity_in_stock,
    unitAmounts: [],
  };
}

const taxAppliesTo = (companyId: number) =>
  companyRows.find((company) => company.id === companyId)?.tax_applies === 1;

/**
 * Past orders priced exactly as the server prices a new one (`priceOrder`, decision 005): on the
 * company's price basis, at the product's own price (no campaign), one suborder per warehouse with
 * its operator and fees, so every seeded order's lines add up to its suborders and totals.
 */
export function buildOrders(
  products: readonly Insertable<ProductsTable>[],
  productUnits: readonly Insertable<ProductUnitsTable>[],
  now: Date,
): SeededOrders {
  const result: SeededOrders = { orders: [], suborders: [], items: [], charges: [], events: [] };
  const inStock = products.filter((p) => p.quantity_in_stock > 0).slice(0, 300);
  const unitsOf = (productId: number) => productUnits.filter((u) => u.product_id === productId);

  orderPlans.forEach((plan, orderIndex) => {
    const random = seededRandom(1000 + orderIndex);
    const orderId = orderIndex + 1;
    const createdAt = new Date(now.getTime() - plan.daysAgo * 86_400_000);
    const lines = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
      const product = inStock[Math.floor(random() * inStock.length)];
      if (!product?.id) throw new Error('no product to order');
      const [single, box] = unitsOf(product.id);
      const byBox = random() < 0.5 && box !== undefined;
      const unit = (byBox ? box : single) ?? single;
      if (!unit) throw new Error(`product ${product.id} has no units`);
      const quantity = 1 + Math.floor(random() * (byBox ? 4 : 12));
      return { product, unit, quantity };
    });
    const unique = [...new Map(lines.map((line) => [line.product.id, line])).values()];
    const basis = priceBasisFor(taxAppliesTo(plan.companyId));
    const priced = priceOrder(
      unique.map(({ product, unit, quantity }) => ({
        product: domainProduct(product),
        quantity: String(quantity),
        multiplier: toDecimal(unit.amount),
        warehouseId: product.warehouse_id,
        unitId: unit.unit_id,
      })),
      basis,
    );

    for (const suborder of priced.suborders) {
      const suborderId = result.suborders.length + 1;
      const status = plan.finalized ? 'delivered' : orderIndex % 2 === 0 ? 'processing' : 'shipped';
      const estimatedDeliveryDate =
        plan.finalized || orderIndex % 2 === 1
          ? isoDay(new Date(createdAt.getTime() + 2 * 86_400_000))
          : null;
      const reported =
        plan.reported && status !== 'processing' && estimatedDeliveryDate !== null
          ? reportedTimeline(suborderId, status, createdAt, estimatedDeliveryDate)
          : undefined;
      if (reported) result.events.push(...reported.events);
      const operators = operatorRows.filter((o) => o.warehouse_id === suborder.warehouseId);
      const operator = operators[orderIndex % operators.length];
      if (!operator) throw new Error(`warehouse ${suborder.warehouseId} has no operator`);
      for (const { line, goods, deposit, tax } of suborder.lines)
        result.items.push({
          id: result.items.length + 1,
          suborder_id: suborderId,
          product_id: line.product.id,
          amount: centsText(goods),
          deposit_amount: centsText(deposit),
          tax_amount: centsText(tax),
          tax_rate_percent: line.product.taxRatePercent,
          tax_included: line.product.taxIncluded ? 1 : 0,
          quantity: line.quantity,
          unit_id: line.unitId,
          is_fulfilled: plan.finalized ? 1 : 0,
          campaign_id: null,
          ...(reported && status === 'delivered' ? { delivered_quantity: line.quantity } : {}),
        });
      for (const charge of suborder.extraCharges)
        result.charges.push({
          id: result.charges.length + 1,
          suborder_id: suborderId,
          code: charge.code,
          name: charge.name,
          amount: charge.amount,
          tax_rate_percent: charge.taxRatePercent,
          tax_amount: charge.tax,
        });
      result.suborders.push({
        id: suborderId,
        order_id: orderId,
        warehouse_id: suborder.warehouseId,
        operator_id: operator.id,
        total: centsText(suborder.total),
        status,
        created_at: createdAt.toISOString(),
        estimated_delivery_date: estimatedDeliveryDate,
        ...(reported ? { eta: reported.eta, delivery_note_number: reported.deliveryNote } : {}),
      });
    }
    result.orders.push({
      id: orderId,
      company_id: plan.companyId,
      user_id: plan.userId,
      total: centsText(priced.total),
      created_at: createdAt.toISOString(),
      is_finalized: plan.finalized ? 1 : 0,
      finalized_at: plan.finalized ? new Date(createdAt.getTime() + 3 * 86_400_000).toISOString() : null,
      expected_delivery_date: isoDay(new Date(createdAt.getTime() + 7 * 86_400_000)),
      is_preorder: 0,
      customer_note: orderIndex === 1 ? 'Please deliver through the back entrance (Hofeinfahrt).' : '',
      // stored as an order placed through the API stores it: its fees' VAT in the tax
      ...orderBreakdown(priced),
    });
  });
  return result;
}
