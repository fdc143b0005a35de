import Decimal from 'decimal.js';
import type { Insertable } from 'kysely';
import type {
  ExtraChargesTable,
  OrderItemsTable,
  OrdersTable,
  ProductsTable,
  ProductUnitsTable,
  SubordersTable,
} from '../db/schema';
import { companyIds, userIds } from './accounts';
import { seededRandom } from './random';
import { operatorRows } from './warehouses';

interface OrderPlan {
  companyId: number;
  userId: number;
  daysAgo: number;
  finalized: boolean;
}

const orderPlans: OrderPlan[] = [
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 84, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 63, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.colleague ?? 2, daysAgo: 49, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 35, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 21, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.colleague ?? 2, daysAgo: 12, finalized: true },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 4, finalized: false },
  { companyId: companyIds.lindenhof, userId: userIds.buyer ?? 1, daysAgo: 1, finalized: false },
  { companyId: companyIds.bosporus, userId: userIds.other ?? 3, daysAgo: 30, finalized: true },
  { companyId: companyIds.bosporus, userId: userIds.other ?? 3, daysAgo: 2, finalized: false },
];

const DELIVERY_FEE_BELOW = new Decimal(250);
const money = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2).toFixed(2);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export interface SeededOrders {
  orders: Insertable<OrdersTable>[];
  suborders: Insertable<SubordersTable>[];
  items: Insertable<OrderItemsTable>[];
  charges: Insertable<ExtraChargesTable>[];
}

/**
 * Past orders priced the way the server prices a new one: net amount = price × pieces, deposit
 * per piece, tax on amount plus deposit, one suborder per warehouse with its operator and fees.
 */
export function buildOrders(
  products: readonly Insertable<ProductsTable>[],
  productUnits: readonly Insertable<ProductUnitsTable>[],
  now: Date,
): SeededOrders {
  const result: SeededOrders = { orders: [], suborders: [], items: [], charges: [] };
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
    const warehouses = [...new Set(unique.map((line) => line.product.warehouse_id))].sort();

    let orderTotal = new Decimal(0);
    // The seed sells at the current price, so its orders have no discount.
    const breakdown = { subtotal: new Decimal(0), deposit: new Decimal(0), tax: new Decimal(0) };
    for (const warehouseId of warehouses) {
      const suborderId = result.suborders.length + 1;
      const operators = operatorRows.filter((o) => o.warehouse_id === warehouseId);
      const operator = operators[orderIndex % operators.length];
      if (!operator) throw new Error(`warehouse ${warehouseId} has no operator`);
      let itemsTotal = new Decimal(0);
      for (const { product, unit, quantity } of unique.filter(
        (l) => l.product.warehouse_id === warehouseId,
      )) {
        const pieces = new Decimal(quantity).times(unit.amount);
        const amount = new Decimal(product.price).times(pieces);
        const deposit = new Decimal(product.deposit_price).times(pieces);
        const tax = amount.plus(deposit).times(product.tax_rate_percent).dividedBy(100);
        itemsTotal = itemsTotal.plus(money(amount)).plus(money(deposit)).plus(money(tax));
        breakdown.subtotal = breakdown.subtotal.plus(money(amount));
        breakdown.deposit = breakdown.deposit.plus(money(deposit));
        breakdown.tax = breakdown.tax.plus(money(tax));
        result.items.push({
          id: result.items.length + 1,
          suborder_id: suborderId,
          product_id: product.id ?? 0,
          amount: money(amount),
          tax_amount: money(tax),
          tax_included: product.tax_included,
          quantity: String(quantity),
          unit_id: unit.unit_id,
          is_fulfilled: plan.finalized ? 1 : 0,
          campaign_id: null,
        });
      }
      const charges: { name: string; amount: string }[] = [];
      if (itemsTotal.lessThan(DELIVERY_FEE_BELOW)) charges.push({ name: 'Delivery fee', amount: '9.90' });
      if (warehouseId === 2) charges.push({ name: 'Cold chain surcharge', amount: '4.50' });
      for (const charge of charges) {
        result.charges.push({ id: result.charges.length + 1, suborder_id: suborderId, ...charge });
        itemsTotal = itemsTotal.plus(charge.amount);
      }
      orderTotal = orderTotal.plus(itemsTotal);
      result.suborders.push({
        id: suborderId,
        order_id: orderId,
        warehouse_id: warehouseId,
        operator_id: operator.id,
        total: money(itemsTotal),
        status: plan.finalized ? 'delivered' : orderIndex % 2 === 0 ? 'processing' : 'in_delivery',
        created_at: createdAt.toISOString(),
        estimated_delivery_date:
          plan.finalized || orderIndex % 2 === 1
            ? isoDay(new Date(createdAt.getTime() + 2 * 86_400_000))
            : null,
      });
    }
    result.orders.push({
      id: orderId,
      company_id: plan.companyId,
      user_id: plan.userId,
      total: money(orderTotal),
      created_at: createdAt.toISOString(),
      is_finalized: plan.finalized ? 1 : 0,
      finalized_at: plan.finalized ? new Date(createdAt.getTime() + 3 * 86_400_000).toISOString() : null,
      expected_delivery_date: isoDay(new Date(createdAt.getTime() + 7 * 86_400_000)),
      is_preorder: 0,
      customer_note: orderIndex === 1 ? 'Please deliver through the back entrance (Hofeinfahrt).' : '',
      subtotal: money(breakdown.subtotal),
      discount_amount: money(0),
      tax: money(breakdown.tax),
      deposit_total: money(breakdown.deposit),
      total_without_tax: money(breakdown.subtotal.plus(breakdown.deposit)),
    });
  });
  return result;
}
