import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import type { Database, OrderEventsTable } from '../db/schema';
import { suborderReference } from '../orders/suborder-reference';
import { moneyText, quantityText } from '../queries/decimals';

export type OrderEventType = OrderEventsTable['type'];

const decimal = (description: string) => z.string().check(z.describe(description));
const supplierKey = z.nullable(z.string()).check(z.describe("the supplier's own key; null when it has none"));

const deliveryAddressWire = z
  .object({
    id: z.nullable(z.int()).check(z.describe('the company address it was copied from; null once removed')),
    name: z.string(),
    line1: z.string(),
    line2: z.string(),
    suburb: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  })
  .check(z.describe('the copy of the delivery address the order keeps'));

export const orderLineWire = z.object({
  line_id: z.int().check(z.describe('the order line; suborder reports name it')),
  product: z.object({
    id: z.int(),
    external_id: supplierKey,
    stock_code: z.string(),
    name: z.string(),
  }),
  quantity: decimal('in the unit, e.g. "2" or "0.5"'),
  unit: z.object({
    id: z.int(),
    name: z.string(),
    gtin: z
      .nullable(z.string())
      .check(z.describe("the GTIN printed on the product's unit; null when unknown")),
  }),
  amount: decimal('the goods of the line on the price basis, two places; the deposit is not in it'),
  deposit_amount: z
    .nullable(z.string())
    .check(
      z.describe(
        'the deposit the line carries on the price basis, two places ("0.00" for goods without one), taxed at the line\'s rate; null on lines from before it was stored',
      ),
    ),
  tax_rate_percent: z
    .nullable(z.string())
    .check(
      z.describe(
        'the VAT rate the line and its deposit are taxed at, e.g. "7"; null on lines from before it was stored',
      ),
    ),
});

const orderExtraChargeWire = z.object({
  code: z
    .nullable(z.string())
    .check(
      z.describe(
        'a stable code: "delivery_fee", "cold_chain_surcharge", "minimum_order_fee"; null on charges from before it was stored',
      ),
    ),
  name: z.string().check(z.describe('the charge as the order named it, in English')),
  amount: decimal('the charge on the price basis (with its VAT on `gross`), two places'),
  tax_rate_percent: z
    .nullable(z.string())
    .check(
      z.describe('the VAT rate the charge is taxed at, e.g. "19"; null on charges from before it was stored'),
    ),
  tax_amount: z
    .nullable(z.string())
    .check(
      z.describe(
        'the VAT contained in `amount`, two places ("0.00" on `net`); null on charges from before it was stored',
      ),
    ),
});

export const orderSuborderWire = z.object({
  reference: z
    .string()
    .check(z.describe('how the suborder is named in `POST /suborders/{reference}/events` ("SO-45")')),
  warehouse: z.object({ id: z.int(), name: z.string() }),
  estimated_delivery_date: z.nullable(z.string()).check(z.describe('yyyy-mm-dd')),
  total: decimal(
    "the suborder's total, two places: its lines' amounts and deposits and its extra charges, what the buyer is charged for it",
  ),
  lines: z.array(orderLineWire),
  extra_charges: z
    .array(orderExtraChargeWire)
    .check(
      z.describe(
        "the suborder's charges on top of its goods (a delivery fee, a surcharge); empty when there are none",
      ),
    ),
});

/** The order as it stands after the change. Money and quantities are decimal text, never JSON numbers. */
export const eventOrderWire = z.object({
  id: z.int(),
  version: z.int().check(z.describe('1 when placed; each change or cancel moves it on')),
  cancelled: z.boolean(),
  created_at: z.string(),
  expected_delivery_date: z.string().check(z.describe('yyyy-mm-dd')),
  customer_note: z.string(),
  price_basis: z
    .nullable(z.enum(['net', 'gross']))
    .check(z.describe('the basis of every figure; null on orders from before it was stored')),
  company: z.object({ id: z.int(), external_id: supplierKey, name: z.string() }),
  user: z.object({ id: z.int(), external_id: supplierKey, email: z.string(), name: z.string() }),
  delivery_address: z.nullable(deliveryAddressWire),
  totals: z
    .object({
      subtotal: z.nullable(z.string()),
      tax: z.nullable(z.string()),
      deposit_total: z.nullable(z.string()),
      total: z.string(),
    })
    .check(z.describe('two places; all but total null on orders from before the figures were stored')),
  suborders: z.array(orderSuborderWire).check(z.describe('one per warehouse')),
});

/**
 * The body of an order event as a webhook receives it and the pull answers it, in Standard
 * Webhooks' shape (`type`, `timestamp`, `data`): the whole order after it was placed, changed or
 * cancelled.
 */
export const orderEventPayloadWire = z
  .object({
    type: z.enum(['order.placed', 'order.amended', 'order.cancelled']),
    timestamp: z.string().check(z.describe('when the order was placed, changed or cancelled (ISO 8601)')),
    data: z.object({ order: eventOrderWire }),
  })
  .check(z.describe('An order event: the order as it stands after it was placed, changed or cancelled.'));

export type OrderEventPayload = z.infer<typeof orderEventPayloadWire>;

const moneyOrNull = (value: string | null) => (value === null ? null : moneyText(value));
/** A rate as short as it is exact ("7.00" → "7"). */
const rateOrNull = (value: string | null) => (value === null ? null : quantityText(value));

/**
 * The event's body, read from the database inside the transaction that changed the order, so it
 * shows exactly what that transaction commits.
 */
export async function orderEventPayload(
  trx: Kysely<Database>,
  { orderId, type, now }: { orderId: number; type: OrderEventType; now: Date },
): Promise<OrderEventPayload> {
  const order = await trx
    .selectFrom('orders as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.version',
      'o.cancelled_at',
      'o.created_at',
      'o.expected_delivery_date',
      'o.customer_note',
      'o.price_basis',
      'o.subtotal',
      'o.tax',
      'o.deposit_total',
      'o.total',
      'c.id as company_id',
      'c.external_id as company_external_id',
      'c.name as company_name',
      'u.id as user_id',
      'u.external_id as user_external_id',
      'u.email as user_email',
      'u.first_name',
      'u.last_name',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const address = await trx
    .selectFrom('order_delivery_addresses')
    .select(['address_id', 'name', 'line1', 'line2', 'suburb', 'city', 'state', 'postal_code', 'country'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const suborders = await trx
    .selectFrom('suborders as s')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .select([
      's.id',
      's.external_id',
      's.total',
      's.estimated_delivery_date',
      'w.id as warehouse_id',
      'w.name as warehouse_name',
    ])
    .where('s.order_id', '=', orderId)
    .orderBy('s.warehouse_id')
    .orderBy('s.id')
    .execute();
  const lines = await trx
    .selectFrom('order_items as i')
    .innerJoin('suborders as s', 's.id', 'i.suborder_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('units as un', 'un.id', 'i.unit_id')
    .leftJoin('product_units as pu', (join) =>
      join.onRef('pu.product_id', '=', 'i.product_id').onRef('pu.unit_id', '=', 'i.unit_id'),
    )
    .select([
      'i.id',
      'i.suborder_id',
      'i.quantity',
      'i.amount',
      'i.deposit_amount',
      'i.tax_rate_percent',
      'p.id as product_id',
      'p.external_id as product_external_id',
      'p.stock_code',
      'p.name as product_name',
      'un.id as unit_id',
      'un.name as unit_name',
      'pu.gtin',
    ])
    .where('s.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  const charges = await trx
    .selectFrom('extra_charges as x')
    .innerJoin('suborders as s', 's.id', 'x.suborder_id')
    .select(['x.suborder_id', 'x.code', 'x.name', 'x.amount', 'x.tax_rate_percent', 'x.tax_amount'])
    .where('s.order_id', '=', orderId)
    .orderBy('x.id')
    .execute();

  return {
    type,
    timestamp: now.toISOString(),
    data: {
      order: {
        id: order.id,
        version: order.version,
        cancelled: order.cancelled_at !== null,
        created_at: order.created_at,
        expected_delivery_date: order.expected_delivery_date,
        customer_note: order.customer_note,
        price_basis: order.price_basis,
        company: { id: order.company_id, external_id: order.company_external_id, name: order.company_name },
        user: {
          id: order.user_id,
          external_id: order.user_external_id,
          email: order.user_email,
          name: `${order.first_name} ${order.last_name}`.trim(),
        },
        delivery_address: address
          ? {
              id: address.address_id,
              name: address.name,
              line1: address.line1,
              line2: address.line2,
              suburb: address.suburb,
              city: address.city,
              state: address.state,
              postal_code: address.postal_code,
              country: address.country,
            }
          : null,
        totals: {
          subtotal: moneyOrNull(order.subtotal),
          tax: moneyOrNull(order.tax),
          deposit_total: moneyOrNull(order.deposit_total),
          total: moneyText(order.total),
        },
        suborders: suborders.map((suborder) => ({
          reference: suborderReference(suborder),
          warehouse: { id: suborder.warehouse_id, name: suborder.warehouse_name },
          estimated_delivery_date: suborder.estimated_delivery_date,
          total: moneyText(suborder.total),
          lines: lines
            .filter((line) => line.suborder_id === suborder.id)
            .map((line) => ({
              line_id: line.id,
              product: {
                id: line.product_id,
                external_id: line.product_external_id,
                stock_code: line.stock_code,
                name: line.product_name,
              },
              quantity: quantityText(line.quantity),
              unit: { id: line.unit_id, name: line.unit_name, gtin: line.gtin },
              amount: moneyText(line.amount),
              deposit_amount: moneyOrNull(line.deposit_amount),
              tax_rate_percent: rateOrNull(line.tax_rate_percent),
            })),
          extra_charges: charges
            .filter((charge) => charge.suborder_id === suborder.id)
            .map((charge) => ({
              code: charge.code,
              name: charge.name,
              amount: moneyText(charge.amount),
              tax_rate_percent: rateOrNull(charge.tax_rate_percent),
              tax_amount: moneyOrNull(charge.tax_amount),
            })),
        })),
      },
    },
  };
}
