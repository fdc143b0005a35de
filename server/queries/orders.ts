import type { Kysely } from 'kysely';
import { type Decimal, toDecimal, toDecimalString } from '../../src/domain/decimal';
import { type RateFigures, rateTaxesText, sumRateFigures } from '../../src/domain/tax-per-rate';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import type { Database } from '../db/schema';
import { financeDocumentsOfOrders } from '../finance-documents/finance-document-queries';
import type { CatalogueLanguage as Language } from '../i18n/request-language';
import { chunked, inChunks } from '../orders/catalogue-snapshot';
import { orderDeliveryAddresses } from '../orders/delivery-address';
import { chargeName } from '../orders/extra-charges';
import { amendabilities, amendableUntil, storedAddress } from '../orders/order-cutoff';
import { orderVersionsOf } from '../orders/order-versions';
import { CANCELLED_SUBORDER_STATUS } from '../orders/store-order';
import { suborderReports } from '../suborders/suborder-answers';
import { moneyText, quantityText } from './decimals';
import { selectProducts, toProductWires } from './products';

/** The stored cart figures as money text; none for an order placed before they were stored. */
function breakdownOf(order: {
  subtotal: string | null;
  discount_amount: string | null;
  tax: string | null;
  deposit_total: string | null;
  total_without_tax: string | null;
}) {
  const { subtotal, discount_amount, tax, deposit_total, total_without_tax } = order;
  if (
    subtotal === null ||
    discount_amount === null ||
    tax === null ||
    deposit_total === null ||
    total_without_tax === null
  )
    return {};
  return {
    subtotal: moneyText(subtotal),
    discount_amount: moneyText(discount_amount),
    tax: moneyText(tax),
    deposit_total: moneyText(deposit_total),
    total_without_tax: moneyText(total_without_tax),
  };
}

/**
 * Order rows as orderWire (with its optional delivery fields), suborders, items and charges in a few
 * queries. Charges are named in `language` by their code (older rows: the stored name); products
 * carry today's campaign price like every product answer, while the item's figures are as ordered.
 */
export async function toOrderWires(
  db: Kysely<Database>,
  options: { now: Date; language: Language },
  orders: readonly {
    id: number;
    total: string;
    created_at: string;
    is_finalized: number;
    finalized_at: string | null;
    expected_delivery_date: string;
    is_preorder: number;
    customer_note: string;
    subtotal: string | null;
    discount_amount: string | null;
    tax: string | null;
    deposit_total: string | null;
    total_without_tax: string | null;
    price_basis: 'gross' | 'net' | null;
    company_id: number;
    version: number;
    cancelled_at: string | null;
  }[],
) {
  if (orders.length === 0) return [];
  const suborders = await inChunks(
    orders.map((order) => order.id),
    (chunk) =>
      db
        .selectFrom('suborders as s')
        .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
        .innerJoin('operators as o', 'o.id', 's.operator_id')
        .select([
          's.id',
          's.order_id',
          's.total',
          's.status',
          's.created_at',
          's.estimated_delivery_date',
          's.external_id',
          's.eta',
          's.delivery_note_number',
          'w.id as warehouse_id',
          'w.name as warehouse_name',
          'o.id as operator_id',
          'o.name as operator_name',
          'o.phone as operator_phone',
        ])
        .where('s.order_id', 'in', chunk)
        .orderBy('s.warehouse_id')
        .orderBy('s.id')
        .execute(),
  );
  // Which of these orders have an issued invoice: the client offers "View invoice" only for them.
  const invoiced = new Set(
    (
      await inChunks(
        orders.map((order) => order.id),
        (chunk) =>
          db
            .selectFrom('invoices')
            .select('order_id')
            .where('order_id', 'in', chunk)
            .where('kind', '=', 'invoice')
            .execute(),
      )
    ).map((row) => row.order_id),
  );
  // The invoices and credit notes the supplier's ERP sent for these orders (server/finance-documents/).
  const erpDocuments = await financeDocumentsOfOrders(
    db,
    orders.map((order) => order.id),
  );
  const suborderIds = suborders.map((suborder) => suborder.id);
  const items = await inChunks(suborderIds, (chunk) =>
    db.selectFrom('order_items').selectAll().where('suborder_id', 'in', chunk).orderBy('id').execute(),
  );
  const charges = await inChunks(suborderIds, (chunk) =>
    db.selectFrom('extra_charges').selectAll().where('suborder_id', 'in', chunk).orderBy('id').execute(),
  );
  // What the ERP reported: timelines, ETA, delivery note, delivered lines (server/suborders/).
  const reported = await suborderReports(db, suborderIds, items, options.language);
  const deliveryAddresses = await orderDeliveryAddresses(
    db,
    orders.map((order) => order.id),
  );
  const versions = await orderVersionsOf(
    db,
    orders.map((order) => order.id),
  );
  const amendability = await amendabilities(
    db,
    orders.map((order) => {
      const earlier = versions.get(order.id) ?? [];
      return {
        id: order.id,
        companyId: order.company_id,
        cancelledAt: order.cancelled_at,
        isFinalized: order.is_finalized === 1,
        invoiced: invoiced.has(order.id),
        expectedDeliveryDate: order.expected_delivery_date,
        suborders: suborders
          .filter((suborder) => suborder.order_id === order.id)
          .map((suborder) => ({
            warehouseId: suborder.warehouse_id,
            status: suborder.status,
            estimatedDeliveryDate: suborder.estimated_delivery_date,
          })),
        address: storedAddress(deliveryAddresses.get(order.id)),
        storedAt: earlier.at(-1)?.replaced_at ?? order.created_at,
      };
    }),
    options.now,
  );
  // The callers read one company's orders: its products are priced for it.
  const viewer = orders[0] ? { companyId: orders[0].company_id } : null;
  const products = new Map<number, ProductWire>();
  for (const chunk of chunked([...new Set(items.map((item) => item.product_id))])) {
    const wires = await toProductWires(
      db,
      await selectProducts(db).where('p.id', 'in', chunk).execute(),
      options.now,
      viewer,
    );
    for (const wire of wires) products.set(wire.id, wire);
  }

  return orders.map((order) => ({
    id: order.id,
    total: moneyText(order.total),
    created_at: order.created_at,
    is_finalized: order.is_finalized === 1,
    finalized_at: order.finalized_at,
    expected_delivery_date: order.expected_delivery_date,
    is_preorder: order.is_preorder === 1,
    customer_note: order.customer_note,
    // "View invoice" answers the ERP's invoice when it sent one with its PDF
    has_invoice: invoiced.has(order.id) || erpDocuments.withInvoicePdf.has(order.id),
    documents: erpDocuments.documents.get(order.id) ?? [],
    ...deliveryAddressOf(deliveryAddresses.get(order.id)),
    ...breakdownOf(order),
    ...(order.price_basis === null ? {} : { price_basis: order.price_basis }),
    ...orderTaxes(
      order.price_basis,
      suborders.filter((suborder) => suborder.order_id === order.id),
      items,
      charges,
    ),
    suborders: suborders
      .filter((suborder) => suborder.order_id === order.id)
      .map((suborder) => ({
        id: suborder.id,
        warehouse: { id: suborder.warehouse_id, name: suborder.warehouse_name },
        operator: { id: suborder.operator_id, name: suborder.operator_name, phone: suborder.operator_phone },
        total: moneyText(suborder.total),
        status: suborder.status,
        created_at: suborder.created_at,
        items: items
          .filter((item) => item.suborder_id === suborder.id)
          .flatMap((item) => {
            const product = products.get(item.product_id);
            return product
              ? [
                  {
                    product,
                    amount: moneyText(item.amount),
                    tax_amount: moneyText(item.tax_amount),
                    ...(item.deposit_amount === null
                      ? {}
                      : { deposit_amount: moneyText(item.deposit_amount) }),
                    ...(item.tax_rate_percent === null
                      ? {}
                      : { tax_rate_percent: moneyText(item.tax_rate_percent) }),
                    tax_included: item.tax_included === 1,
                    quantity: quantityText(item.quantity),
                    unit: item.unit_id,
                    is_fulfilled: item.is_fulfilled === 1,
                    campaign: item.campaign_id,
                    ...reported.item(item),
                  },
                ]
              : [];
          }),
        extra_charges: charges
          .filter((charge) => charge.suborder_id === suborder.id)
          .map((charge) => ({
            ...(charge.code === null ? {} : { code: charge.code }),
            name: chargeName(charge.code, options.language, charge.name),
            amount: moneyText(charge.amount),
            ...(charge.tax_rate_percent === null || charge.tax_amount === null
              ? {}
              : {
                  net_amount: moneyText(toDecimalString(toDecimal(charge.amount).minus(charge.tax_amount))),
                  tax_rate_percent: moneyText(charge.tax_rate_percent),
                  tax_amount: moneyText(charge.tax_amount),
                }),
          })),
        estimated_delivery_date: suborder.estimated_delivery_date,
        ...reported.suborder(suborder),
      })),
    // Changing the order until its cut-off (docs/api.md "Order changes"); the spec profile has none.
    version: order.version,
    cancelled_at: order.cancelled_at,
    amendable_until: amendableUntil(amendability.get(order.id)),
    versions: versions.get(order.id) ?? [],
  }));
}

/** The order's copy of its delivery address; none for an order placed without one. */
const deliveryAddressOf = <Address>(address: Address | undefined) =>
  address === undefined ? {} : { delivery_address: address };

/**
 * The order's VAT per rate (decision 007), from its stored lines: each suborder's lines of a rate
 * carry shares summing to round(rate × net) of that suborder, so the sums per rate are the
 * invoices' figures. Only for orders whose every line and fee stored its rate, on the gross basis.
 */
function orderTaxes(
  basis: 'gross' | 'net' | null,
  suborders: readonly { id: number }[],
  items: readonly {
    suborder_id: number;
    amount: string;
    deposit_amount: string | null;
    tax_amount: string;
    tax_rate_percent: string | null;
  }[],
  charges: readonly {
    suborder_id: number;
    amount: string;
    tax_amount: string | null;
    tax_rate_percent: string | null;
  }[],
) {
  if (basis !== 'gross') return {};
  const perSuborder: RateFigures[][] = [];
  for (const suborder of suborders) {
    const rates = new Map<string, RateFigures>();
    const add = (rate: string | null, gross: Decimal, tax: string | null) => {
      if (rate === null || tax === null) return false;
      const key = toDecimal(rate).toString();
      const known = rates.get(key);
      const taxed = toDecimal(tax);
      rates.set(key, {
        ratePercent: key,
        net: (known?.net ?? toDecimal('0')).plus(gross.minus(taxed)),
        tax: (known?.tax ?? toDecimal('0')).plus(taxed),
        gross: (known?.gross ?? toDecimal('0')).plus(gross),
      });
      return true;
    };
    for (const item of items.filter((row) => row.suborder_id === suborder.id))
      if (
        !add(item.tax_rate_percent, toDecimal(item.amount).plus(item.deposit_amount ?? '0'), item.tax_amount)
      )
        return {};
    for (const charge of charges.filter((row) => row.suborder_id === suborder.id))
      if (!add(charge.tax_rate_percent, toDecimal(charge.amount), charge.tax_amount)) return {};
    perSuborder.push([...rates.values()]);
  }
  return { taxes: rateTaxesText(sumRateFigures(perSuborder)) };
}

export type OrderAnswer = Awaited<ReturnType<typeof toOrderWires>>[number];

const orderColumns = [
  'id',
  'total',
  'created_at',
  'is_finalized',
  'finalized_at',
  'expected_delivery_date',
  'is_preorder',
  'customer_note',
  'subtotal',
  'discount_amount',
  'tax',
  'deposit_total',
  'total_without_tax',
  'price_basis',
  'company_id',
  'version',
  'cancelled_at',
] as const;

/** The company's orders, newest first. */
export async function companyOrders(
  db: Kysely<Database>,
  options: { now: Date; language: Language },
  companyId: number,
  limit?: number,
) {
  let query = db
    .selectFrom('orders')
    .select(orderColumns)
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return toOrderWires(db, options, await query.execute());
}

/** One order of the company, or undefined (also for another company's order). */
export async function companyOrder(
  db: Kysely<Database>,
  options: { now: Date; language: Language },
  companyId: number,
  orderId: number,
) {
  const row = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [order] = await toOrderWires(db, options, [row]);
  return order;
}

/** Is there a suborder with this id (of any company: the supplier's systems see them all)? */
export async function suborderExists(db: Kysely<Database>, suborderId: number): Promise<boolean> {
  const row = await db.selectFrom('suborders').select('id').where('id', '=', suborderId).executeTakeFirst();
  return row !== undefined;
}

/** Was this suborder's order cancelled (docs/api.md "Order changes")? */
export async function suborderCancelled(db: Kysely<Database>, suborderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('suborders')
    .select('id')
    .where('id', '=', suborderId)
    .where('status', '=', CANCELLED_SUBORDER_STATUS)
    .executeTakeFirst();
  return row !== undefined;
}
