import * as z from 'zod/mini';
import type {
  CartTotals,
  DecimalString,
  ExtraCharge,
  IsoDate,
  Operator,
  Order,
  OrderSubmission,
  OrderSubmissionItem,
  RateTax,
  Warehouse,
} from '../../domain/types';
import type { HttpClient } from './client';
import {
  fromOrderSubmission,
  fromPreviewRequest,
  orderCreatedWire,
  orderPreviewWire,
  orderWire,
  toCartTotals,
  toOrder,
  toRateTax,
} from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** One line of a suborder in the preview, priced by the server. */
export interface OrderPreviewLine {
  product: number;
  campaign: number | null;
  quantity: DecimalString;
  unit: number;
  /** the goods on the price basis, campaign price included, without deposit */
  amount: DecimalString;
  discountAmount: DecimalString;
  depositAmount: DecimalString;
  taxAmount: DecimalString;
}

export interface OrderPreviewSuborder {
  warehouse: Warehouse;
  operator: Operator;
  items: OrderPreviewLine[];
  subtotal: DecimalString;
  discountAmount: DecimalString;
  depositTotal: DecimalString;
  tax: DecimalString;
  extraCharges: ExtraCharge[];
  /** subtotal + depositTotal + extra charges */
  total: DecimalString;
  /** charges that would fall away with `missing` more goods from this warehouse (the delivery fee) */
  avoidableCharges: AvoidableCharge[];
  /** VAT per rate of this suborder, fees included; absent from older servers */
  taxes?: RateTax[];
  /**
   * The day this suborder arrives when the request named one: a warehouse whose lead days rule the
   * chosen day out delivers on its next served day after it. Absent: the chosen day (or an older server).
   */
  expectedDeliveryDate?: IsoDate;
}

/** The drop's minimum order value the preview's goods fall short of (absent or null: reached, or none). */
export interface PreviewMinimumOrder {
  value: DecimalString;
  mode: 'block' | 'fee';
  missing: DecimalString;
  /** the fee added ('fee' mode), else null */
  fee: DecimalString | null;
}

export interface AvoidableCharge {
  /** stable: 'delivery_fee' */
  code: string;
  /** in the request's language */
  name: string;
  amount: DecimalString;
  /** how much more goods + deposit (on the basis) the warehouse needs for the charge to fall away */
  missing: DecimalString;
}

/** How an order would split into suborders per warehouse, before it is placed. */
export interface OrderPreview {
  totals: CartTotals;
  taxApplies: boolean;
  /** every figure's basis (decision 005): 'gross' when tax applies, else 'net' */
  priceBasis: 'gross' | 'net';
  /** the sum of the suborders' totals: goods + deposit + every extra charge */
  total: DecimalString;
  /** every VAT of the order, fees included (totals.tax is the goods' alone); absent from older servers */
  tax?: DecimalString;
  /** VAT per rate, fees included (decision 007); empty on the net basis; absent from older servers */
  taxes?: RateTax[];
  suborders: OrderPreviewSuborder[];
  /** the minimum order value the goods do not reach yet; absent when reached, none applies, or an older server */
  minimumOrder?: PreviewMinimumOrder;
}

/** What a preview checks besides the lines: the day and the address, as the order would be. */
export interface PreviewOptions extends CallOptions {
  expectedDeliveryDate?: IsoDate;
  /** the company delivery address's pk */
  deliveryAddress?: number;
}

export interface OrdersApi {
  /** GET /netb2b/orders/: the company's orders, newest first (`limit` for the home table) */
  orders(options?: CallOptions & { limit?: number }): Promise<Order[]>;
  /** GET /netb2b/orders/{id}/ (404 for an unknown id or another company's order) */
  order(id: number, options?: CallOptions): Promise<Order>;
  /**
   * POST /netb2b/orders/ with an Idempotency-Key: sending the same key again answers the
   * first order instead of placing a second one. Returns the order id.
   */
  placeOrder(submission: OrderSubmission, idempotencyKey: string, options?: CallOptions): Promise<number>;
  /** POST /netb2b/orders/preview/: the split into suborders, nothing stored */
  previewOrder(items: OrderSubmissionItem[], options?: PreviewOptions): Promise<OrderPreview>;
  /** GET /netb2b/orders/{id}/invoice/: the invoice PDF (needs the bearer, so fetched, not linked) */
  invoice(id: number, options?: CallOptions): Promise<Blob>;
}

/** Path of an order's invoice, relative to the API base. */
export const invoicePath = (orderId: number) => `netb2b/orders/${orderId}/invoice/`;

type PreviewWire = z.infer<typeof orderPreviewWire>;
const toOrderPreview = (w: PreviewWire): OrderPreview => ({
  totals: toCartTotals(w.totals),
  taxApplies: w.tax_applies,
  priceBasis: w.price_basis ?? (w.tax_applies ? 'gross' : 'net'),
  total: w.total,
  ...(w.tax === undefined ? {} : { tax: w.tax }),
  ...(w.taxes === undefined ? {} : { taxes: w.taxes.map(toRateTax) }),
  suborders: w.suborders.map((s) => ({
    warehouse: s.warehouse,
    operator: s.operator,
    items: s.items.map((line) => ({
      product: line.product,
      campaign: line.campaign,
      quantity: line.quantity,
      unit: line.unit,
      amount: line.amount,
      discountAmount: line.discount_amount,
      depositAmount: line.deposit_amount,
      taxAmount: line.tax_amount,
    })),
    subtotal: s.subtotal,
    discountAmount: s.discount_amount,
    depositTotal: s.deposit_total,
    tax: s.tax,
    extraCharges: s.extra_charges.map((charge) => ({
      name: charge.name,
      amount: charge.amount,
      ...(charge.net_amount === undefined ? {} : { netAmount: charge.net_amount }),
      ...(charge.tax_rate_percent === undefined ? {} : { taxRatePercent: charge.tax_rate_percent }),
      ...(charge.tax_amount === undefined ? {} : { taxAmount: charge.tax_amount }),
    })),
    total: s.total,
    avoidableCharges: (s.avoidable_charges ?? []).map((charge) => ({ ...charge })),
    ...(s.taxes === undefined ? {} : { taxes: s.taxes.map(toRateTax) }),
    ...(s.expected_delivery_date == null ? {} : { expectedDeliveryDate: s.expected_delivery_date }),
  })),
  ...(w.minimum_order == null ? {} : { minimumOrder: { ...w.minimum_order } }),
});

export function ordersApi(http: HttpClient): OrdersApi {
  return {
    orders: (options = {}) =>
      http.call(
        {
          method: 'get',
          path: options.limit === undefined ? 'netb2b/orders/' : `netb2b/orders/?limit=${options.limit}`,
          signal: options.signal,
        },
        z.array(orderWire),
        (list) => list.map(toOrder),
      ),
    order: (id, options = {}) =>
      http.call({ method: 'get', path: `netb2b/orders/${id}/`, signal: options.signal }, orderWire, toOrder),
    placeOrder: (submission, idempotencyKey, options = {}) =>
      http.call(
        {
          method: 'post',
          path: 'netb2b/orders/',
          json: fromOrderSubmission(submission),
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          signal: options.signal,
        },
        orderCreatedWire,
        (created) => created.id,
      ),
    previewOrder: (items, options = {}) =>
      http.call(
        {
          method: 'post',
          path: 'netb2b/orders/preview/',
          json: fromPreviewRequest(items, options),
          signal: options.signal,
        },
        orderPreviewWire,
        toOrderPreview,
      ),
    invoice: (id, options = {}) =>
      http.blob({ method: 'get', path: invoicePath(id), signal: options.signal }),
  };
}
