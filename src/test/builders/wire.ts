/**
 * Answers as the server sends them (snake_case), built from the same defaults as the domain
 * builders: `toProduct(productWire.parse(aProductWire()))` is `aProduct()`. Typed against the
 * schemas' input, so a test may still send what only the parser accepts (a quantity as a number).
 */
import type * as z from 'zod/mini';
import type {
  AppNotification,
  CampaignProduct,
  CartItem,
  CartTotals,
  ExtraCharge,
  FavouriteListSummary,
  Order,
  OrderItem,
  Product,
  RateTax,
  Suborder,
} from '../../domain/types';
import type { OrderPreview, OrderPreviewLine, OrderPreviewSuborder } from '../../services/api/orders';
import type {
  cartItemWire as cartItemSchema,
  extraChargeWire as extraChargeSchema,
  favouriteListSummaryWire as favouriteListSummarySchema,
  notificationWire as notificationSchema,
  orderItemWire as orderItemSchema,
  orderPreviewWire as orderPreviewSchema,
  orderWire as orderSchema,
  productWire as productSchema,
  suborderWire as suborderSchema,
} from '../../services/api/wire';
import { aCartItem, someCartTotals } from './cart';
import { aNotification, aProduct } from './catalogue';
import { aFavouriteListSummary } from './favourites';
import { anOrderPreview, aPreviewLine, aPreviewShipment } from './order-preview';
import { anOrder, anOrderLine, aSuborder } from './orders';

export type ProductWireInput = z.input<typeof productSchema>;
export type CartItemWireInput = z.input<typeof cartItemSchema>;
export type OrderItemWireInput = z.input<typeof orderItemSchema>;
export type SuborderWireInput = z.input<typeof suborderSchema>;
export type OrderWireInput = z.input<typeof orderSchema>;
export type OrderPreviewWireInput = z.input<typeof orderPreviewSchema>;
type PreviewShipmentWireInput = OrderPreviewWireInput['suborders'][number];
type PreviewLineWireInput = PreviewShipmentWireInput['items'][number];
type CartTotalsWireInput = OrderPreviewWireInput['totals'];
type ExtraChargeWireInput = z.input<typeof extraChargeSchema>;

const isCampaignProduct = (p: Product | CampaignProduct): p is CampaignProduct => 'campaignId' in p;

export const toProductWire = (p: Product | CampaignProduct): ProductWireInput => ({
  id: p.id,
  name: p.name,
  description: p.description,
  image: p.image,
  brand: p.brand,
  category: p.category,
  price: p.price,
  old_price: p.oldPrice,
  tax_included: p.taxIncluded,
  tax_rate_percent: p.taxRatePercent,
  deposit_price: p.depositPrice,
  stock_code: p.stockCode,
  barcode: p.barcode,
  quantity_in_stock: p.quantityInStock,
  unit_amounts: p.unitAmounts,
  ...(isCampaignProduct(p) ? { campaign_id: p.campaignId, new_price: p.newPrice } : {}),
});

export function aProductWire(overrides: Partial<ProductWireInput> = {}): ProductWireInput {
  return { ...toProductWire(aProduct()), ...overrides };
}

const priceChanges = { campaignStarted: 'campaign_started', campaignEnded: 'campaign_ended' } as const;

export const toCartItemWire = (item: CartItem): CartItemWireInput => ({
  id: item.id,
  product: toProductWire(item.product),
  quantity: item.quantity,
  unit: item.unit,
  ...present({ price_change: item.priceChange ? priceChanges[item.priceChange] : undefined }),
});

export function aCartItemWire(overrides: Partial<CartItemWireInput> = {}): CartItemWireInput {
  return { ...toCartItemWire(aCartItem()), ...overrides };
}

/** Only what is defined: the wire leaves an absent figure out rather than sending undefined. */
const present = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

export const toExtraChargeWire = (charge: ExtraCharge): ExtraChargeWireInput => ({
  name: charge.name,
  amount: charge.amount,
  ...present({
    net_amount: charge.netAmount,
    tax_rate_percent: charge.taxRatePercent,
    tax_amount: charge.taxAmount,
  }),
});

const toRateTaxWire = (rate: RateTax) => ({
  rate_percent: rate.ratePercent,
  net: rate.net,
  tax: rate.tax,
  gross: rate.gross,
});

export const toOrderItemWire = (line: OrderItem): OrderItemWireInput => ({
  product: toProductWire(line.product),
  amount: line.price,
  tax_amount: line.taxPrice,
  tax_included: line.taxIncluded,
  quantity: line.quantity,
  unit: line.unit,
  is_fulfilled: line.fulfilled,
  campaign: line.campaign,
  ...present({
    deposit_amount: line.deposit,
    tax_rate_percent: line.taxRatePercent,
    delivered_quantity: line.deliveredQuantity,
    substitute: line.substitute,
  }),
});

export function anOrderItemWire(overrides: Partial<OrderItemWireInput> = {}): OrderItemWireInput {
  return { ...toOrderItemWire(anOrderLine()), ...overrides };
}

export const toSuborderWire = (suborder: Suborder): SuborderWireInput => ({
  id: suborder.id,
  warehouse: suborder.warehouse,
  operator: suborder.operator,
  total: suborder.total,
  status: suborder.status,
  created_at: suborder.createdAt,
  items: suborder.items.map(toOrderItemWire),
  extra_charges: suborder.extraCharges.map(toExtraChargeWire),
  estimated_delivery_date: suborder.estimatedDeliveryDate,
  ...present({
    reference: suborder.reference,
    eta: suborder.eta,
    delivery_note_number: suborder.deliveryNoteNumber,
    timeline: suborder.timeline,
  }),
});

export function aSuborderWire(overrides: Partial<SuborderWireInput> = {}): SuborderWireInput {
  return { ...toSuborderWire(aSuborder()), ...overrides };
}

export const toOrderWire = (order: Order): OrderWireInput => ({
  id: order.id,
  total: order.total,
  created_at: order.createdAt,
  is_finalized: order.isFinalized,
  finalized_at: order.finalizedAt,
  suborders: order.suborders.map(toSuborderWire),
  ...present({
    expected_delivery_date: order.expectedDeliveryDate,
    is_preorder: order.isPreorder,
    customer_note: order.customerNote,
    subtotal: order.subtotal,
    discount_amount: order.discountAmount,
    tax: order.tax,
    deposit_total: order.depositTotal,
    total_without_tax: order.totalWithoutTax,
    price_basis: order.priceBasis,
    taxes: order.taxes?.map(toRateTaxWire),
    has_invoice: order.hasInvoice,
    documents: order.documents?.map((document) => ({
      id: document.id,
      kind: document.kind,
      number: document.number,
      issued_on: document.issuedOn,
      due_on: document.dueOn,
      gross_total: document.grossTotal,
      open_balance: document.openBalance,
      file: document.file,
    })),
  }),
});

export function anOrderWire(overrides: Partial<OrderWireInput> = {}): OrderWireInput {
  return { ...toOrderWire(anOrder()), ...overrides };
}

export const toPreviewLineWire = (line: OrderPreviewLine): PreviewLineWireInput => ({
  product: line.product,
  campaign: line.campaign,
  quantity: line.quantity,
  unit: line.unit,
  amount: line.amount,
  discount_amount: line.discountAmount,
  deposit_amount: line.depositAmount,
  tax_amount: line.taxAmount,
});

export function aPreviewLineWire(overrides: Partial<PreviewLineWireInput> = {}): PreviewLineWireInput {
  return { ...toPreviewLineWire(aPreviewLine()), ...overrides };
}

export const toCartTotalsWire = (totals: CartTotals): CartTotalsWireInput => ({
  subtotal: totals.subtotal,
  discount_amount: totals.discountAmount,
  tax: totals.tax,
  deposit_total: totals.depositTotal,
  total: totals.total,
  total_without_tax: totals.totalWithoutTax,
});

export function someCartTotalsWire(overrides: Partial<CartTotalsWireInput> = {}): CartTotalsWireInput {
  return { ...toCartTotalsWire(someCartTotals()), ...overrides };
}

export const toPreviewShipmentWire = (shipment: OrderPreviewSuborder): PreviewShipmentWireInput => ({
  warehouse: shipment.warehouse,
  operator: { ...shipment.operator, phone: shipment.operator.phone ?? '' },
  items: shipment.items.map(toPreviewLineWire),
  subtotal: shipment.subtotal,
  discount_amount: shipment.discountAmount,
  deposit_total: shipment.depositTotal,
  tax: shipment.tax,
  extra_charges: shipment.extraCharges.map(toExtraChargeWire),
  total: shipment.total,
  avoidable_charges: shipment.avoidableCharges,
  ...present({ taxes: shipment.taxes?.map(toRateTaxWire) }),
});

export function aPreviewShipmentWire(
  overrides: Partial<PreviewShipmentWireInput> = {},
): PreviewShipmentWireInput {
  return { ...toPreviewShipmentWire(aPreviewShipment()), ...overrides };
}

export const toOrderPreviewWire = (preview: OrderPreview): OrderPreviewWireInput => ({
  totals: toCartTotalsWire(preview.totals),
  tax_applies: preview.taxApplies,
  price_basis: preview.priceBasis,
  total: preview.total,
  suborders: preview.suborders.map(toPreviewShipmentWire),
  ...present({ tax: preview.tax, taxes: preview.taxes?.map(toRateTaxWire) }),
});

export function anOrderPreviewWire(overrides: Partial<OrderPreviewWireInput> = {}): OrderPreviewWireInput {
  return { ...toOrderPreviewWire(anOrderPreview()), ...overrides };
}

type FavouriteListSummaryWireInput = z.input<typeof favouriteListSummarySchema>;
export const toFavouriteListSummaryWire = (list: FavouriteListSummary): FavouriteListSummaryWireInput => ({
  id: list.id,
  name: list.name,
  shared: list.shared,
  owner: list.owner,
  editable: list.editable,
  owner_is_main_user: list.ownerIsMainUser,
  product_ids: list.productIds,
  created_at: list.createdAt,
  updated_at: list.updatedAt,
});

export function aFavouriteListSummaryWire(
  overrides: Partial<FavouriteListSummaryWireInput> = {},
): FavouriteListSummaryWireInput {
  return { ...toFavouriteListSummaryWire(aFavouriteListSummary()), ...overrides };
}

type NotificationWireInput = z.input<typeof notificationSchema>;
export const toNotificationWire = (n: AppNotification): NotificationWireInput => ({
  id: n.id,
  name: n.name,
  description: n.description,
  created_at: n.createdAt,
  read: n.read,
  ...present({ invoice_order_id: n.invoiceOrderId, order: n.orderId }),
});

export function aNotificationWire(overrides: Partial<NotificationWireInput> = {}): NotificationWireInput {
  return { ...toNotificationWire(aNotification()), ...overrides };
}
