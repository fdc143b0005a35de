import * as z from 'zod/mini';
import type {
  CartItem,
  CartTotals,
  Order,
  OrderItem,
  OrderSubmission,
  Suborder,
} from '../../../domain/types';
import { campaignProductWire, productWire, toCampaignProduct, toProduct } from './catalog';
import { decimalString, id, isoDate, isoDateTime, namedRef } from './primitives';

export const cartItemWire = z.object({
  id,
  product: z.union([campaignProductWire, productWire]),
  quantity: decimalString,
  unit: id,
});
export type CartItemWire = z.infer<typeof cartItemWire>;
export const toCartItem = (w: CartItemWire): CartItem => ({
  id: w.id,
  product: 'campaign_id' in w.product ? toCampaignProduct(w.product) : toProduct(w.product),
  quantity: w.quantity,
  unit: w.unit,
});

/** Body of POST and PUT /netb2b/cart-items/. */
export const cartItemWriteWire = z.object({
  product: id,
  campaign: z.nullable(id),
  quantity: decimalString,
  unit: id,
});

export const cartTotalsWire = z.object({
  subtotal: decimalString,
  discount_amount: decimalString,
  tax: decimalString,
  deposit_total: decimalString,
  total: decimalString,
  total_without_tax: decimalString,
});
export const toCartTotals = (w: z.infer<typeof cartTotalsWire>): CartTotals => ({
  subtotal: w.subtotal,
  discountAmount: w.discount_amount,
  tax: w.tax,
  depositTotal: w.deposit_total,
  total: w.total,
  totalWithoutTax: w.total_without_tax,
});

export const orderItemWire = z.object({
  product: productWire,
  amount: decimalString,
  tax_amount: decimalString,
  tax_included: z.boolean(),
  quantity: decimalString,
  unit: id,
  is_fulfilled: z.boolean(),
  campaign: z.nullable(id),
});
export const toOrderItem = (w: z.infer<typeof orderItemWire>): OrderItem => ({
  product: toProduct(w.product),
  price: w.amount,
  taxPrice: w.tax_amount,
  taxIncluded: w.tax_included,
  quantity: w.quantity,
  unit: w.unit,
  fulfilled: w.is_fulfilled,
  campaign: w.campaign,
});

export const suborderWire = z.object({
  id,
  warehouse: namedRef,
  operator: z.object({ id, name: z.string(), phone: z.string() }),
  total: decimalString,
  status: z.string(),
  created_at: isoDateTime,
  items: z.array(orderItemWire),
  extra_charges: z.array(z.object({ name: z.string(), amount: decimalString })),
  estimated_delivery_date: z.nullable(isoDate),
});
export const toSuborder = (w: z.infer<typeof suborderWire>): Suborder => ({
  id: w.id,
  warehouse: w.warehouse,
  operator: w.operator,
  total: w.total,
  status: w.status,
  createdAt: w.created_at,
  items: w.items.map(toOrderItem),
  extraCharges: w.extra_charges,
  estimatedDeliveryDate: w.estimated_delivery_date,
});

export const orderWire = z.object({
  id,
  total: decimalString,
  created_at: isoDateTime,
  is_finalized: z.boolean(),
  finalized_at: z.nullable(isoDateTime),
  suborders: z.array(suborderWire),
});
export const toOrder = (w: z.infer<typeof orderWire>): Order => ({
  id: w.id,
  total: w.total,
  createdAt: w.created_at,
  isFinalized: w.is_finalized,
  finalizedAt: w.finalized_at,
  suborders: w.suborders.map(toSuborder),
});

export const orderSubmissionWire = z.object({
  items: z
    .array(z.object({ product: id, quantity: decimalString, unit: id, campaign: z.optional(id) }))
    .check(z.minLength(1)),
  expected_delivery_date: isoDate,
  is_preorder: z.boolean(),
  customer_note: z.string().check(z.maxLength(2000)),
});
export const fromOrderSubmission = (s: OrderSubmission): z.infer<typeof orderSubmissionWire> => ({
  items: s.items,
  expected_delivery_date: s.expectedDeliveryDate,
  is_preorder: s.isPreorder,
  customer_note: s.customerNote,
});
export const orderCreatedWire = z.object({ id });
