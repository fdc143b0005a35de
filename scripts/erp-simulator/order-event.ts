import * as z from 'zod/mini';

/**
 * The parts of the portal's order event (docs/integration.md, "Order events") the simulated ERP
 * reads. Other fields pass unread, so the portal may add some without breaking it.
 */
const decimalText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

const lineWire = z.object({
  line_id: z.number(),
  product: z.object({
    id: z.number(),
    external_id: z.nullable(z.string()),
    stock_code: z.string(),
    name: z.string(),
  }),
  quantity: decimalText,
  unit: z.object({ id: z.number(), name: z.string() }),
  amount: decimalText,
  /** the line's deposit on the price basis; null (or absent, from an older portal) when not stored */
  deposit_amount: z.optional(z.nullable(decimalText)),
  /** null on lines from before the rate was stored */
  tax_rate_percent: z.nullable(decimalText),
});

const chargeWire = z.object({
  name: z.string(),
  /** on the price basis: with its VAT on gross */
  amount: decimalText,
  /** null on charges from before the rate was stored (they carried no VAT) */
  tax_rate_percent: z.nullable(decimalText),
});

const suborderWire = z.object({
  reference: z.string(),
  warehouse: z.object({ id: z.number(), name: z.string() }),
  estimated_delivery_date: z.nullable(z.string()),
  lines: z.array(lineWire),
  /** the delivery fee and surcharges on top of the goods; none from an older portal */
  extra_charges: z._default(z.array(chargeWire), []),
});

export const orderEventWire = z.object({
  type: z.enum(['order.placed', 'order.amended', 'order.cancelled']),
  timestamp: z.string(),
  data: z.object({
    order: z.object({
      id: z.number(),
      version: z.number(),
      cancelled: z.boolean(),
      expected_delivery_date: z.nullable(z.string()),
      /** null on orders from before it was stored: net, as they were */
      price_basis: z.nullable(z.enum(['net', 'gross'])),
      company: z.object({ id: z.number(), external_id: z.nullable(z.string()), name: z.string() }),
      suborders: z.array(suborderWire),
    }),
  }),
});

export type OrderEvent = z.infer<typeof orderEventWire>;
export type EventOrder = OrderEvent['data']['order'];
export type EventSuborder = EventOrder['suborders'][number];
export type EventLine = EventSuborder['lines'][number];
export type EventCharge = EventSuborder['extra_charges'][number];
