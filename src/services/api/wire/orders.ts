import * as z from 'zod/mini';
import type {
  CartItem,
  CartTotals,
  ExtraCharge,
  Order,
  OrderDeliveryAddress,
  OrderFinanceDocument,
  OrderItem,
  OrderSubmission,
  OrderVersion,
  RateTax,
  Suborder,
} from '../../../domain/types';
import { productWire, toProduct, unitWire } from './catalog';
import {
  decimalAnswer,
  id,
  idRef,
  isoDate,
  isoDateTime,
  lineText,
  multiLine,
  namedRef,
  quantityInput,
} from './primitives';

/**
 * A cart line: the product at today's price (the campaign product while a campaign runs), and,
 * when the line was last written at another campaign than today's, why its price moved.
 */
export const cartItemWire = z.object({
  id,
  product: productWire,
  quantity: decimalAnswer,
  unit: id,
  price_change: z.optional(z.enum(['campaign_started', 'campaign_ended'])),
  /** the customer may no longer order the product (retired, or out of its assortments) */
  unavailable: z.optional(z.enum(['product_not_available'])),
});
export type CartItemWire = z.infer<typeof cartItemWire>;
const priceChanges = { campaign_started: 'campaignStarted', campaign_ended: 'campaignEnded' } as const;
export const toCartItem = (w: CartItemWire): CartItem => ({
  id: w.id,
  product: toProduct(w.product),
  quantity: w.quantity,
  unit: w.unit,
  priceChange: w.price_change === undefined ? null : priceChanges[w.price_change],
  ...(w.unavailable === undefined ? {} : { unavailable: true }),
});

/** No campaign when absent: the line is priced at the product's best running campaign anyway. */
const campaignRef = z._default(z.nullable(idRef), null);

/**
 * Body of POST and PUT /netb2b/cart-items/. Liberal where the meaning is plain: the quantity as text
 * or as a JSON number, the campaign left out for none; the parsed body is the same either way.
 */
export const cartItemWriteWire = z.object({
  product: idRef,
  campaign: campaignRef,
  quantity: quantityInput,
  unit: idRef,
});

/** Answer of POST and PUT /netb2b/cart-items/: the stored line. */
export const cartItemWrittenWire = z.object({ id, quantity: decimalAnswer, unit: id });

/**
 * What a bulk line does to a product already in the cart: `add` to its quantity, or `replace` it.
 * Without a mode a line replaces (the call's meaning before the mode existed).
 */
export const cartBulkModeWire = z.enum(['add', 'replace']);

/** Body of POST /netb2b/cart-items/bulk/ (quick order): many lines in one call. */
export const cartBulkWriteWire = z.object({
  mode: z.optional(cartBulkModeWire),
  items: z
    .array(
      z.object({
        product: idRef,
        campaign: campaignRef,
        quantity: quantityInput,
        unit: idRef,
      }),
    )
    .check(z.minLength(1), z.maxLength(10_000)),
});

/**
 * One result per line of the bulk body, in its order: stored (a new line `added`, a line in the cart
 * `increased` by it or `replaced` with it, with the line's quantity and unit before) or rejected with
 * reasons (for `not_enough_stock` the most of the line's unit that can still go in).
 */
export const cartBulkLineResultWire = z.object({
  index: z.int(),
  product: id,
  status: z.enum(['added', 'increased', 'replaced', 'rejected']),
  id: z.optional(id),
  quantity: z.optional(decimalAnswer),
  unit: z.optional(id),
  previous_quantity: z.optional(decimalAnswer),
  previous_unit: z.optional(id),
  code: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  max_quantity: z.optional(z.int()),
});
export const cartBulkResultWire = z.object({ results: z.array(cartBulkLineResultWire) });

/** Body of POST /netb2b/products/lookup/: stock codes or barcodes, resolved in one call. */
export const productLookupWire = z.object({
  codes: z.array(lineText(64)).check(z.minLength(1), z.maxLength(10_000)),
});
export const productLookupResultWire = z.object({
  /** one per code that names a product, in the order of the codes */
  matches: z.array(z.object({ code: z.string(), product: productWire })),
  not_found: z.array(z.string()),
  /** every unit the matched products can be ordered in */
  units: z.array(unitWire),
});

export const priceBasisWire = z.enum(['gross', 'net']);

export const cartTotalsWire = z.object({
  subtotal: decimalAnswer,
  discount_amount: decimalAnswer,
  tax: decimalAnswer,
  deposit_total: decimalAnswer,
  total: decimalAnswer,
  total_without_tax: decimalAnswer,
});
export const toCartTotals = (w: z.infer<typeof cartTotalsWire>): CartTotals => ({
  subtotal: w.subtotal,
  discountAmount: w.discount_amount,
  tax: w.tax,
  depositTotal: w.deposit_total,
  total: w.total,
  totalWithoutTax: w.total_without_tax,
});

/** What the supplier sent in place of a line's product (suborder reports). */
const substituteWire = z.object({
  product: namedRef,
  quantity: decimalAnswer,
  unit: namedRef,
});

export const orderItemWire = z.object({
  product: productWire,
  /** the line's goods on the order's price basis, campaign price included (older orders: net) */
  amount: decimalAnswer,
  /** VAT contained in amount + deposit_amount (0 on the net basis) */
  tax_amount: decimalAnswer,
  /** the line's deposit on the order's price basis; absent on orders placed before decision 005 */
  deposit_amount: z.optional(decimalAnswer),
  /** the VAT rate of the line and its deposit (decision 007); absent from older servers and orders */
  tax_rate_percent: z.optional(decimalAnswer),
  tax_included: z.boolean(),
  quantity: decimalAnswer,
  unit: id,
  is_fulfilled: z.boolean(),
  /** spec point 3: optional, null when absent (no campaign) */
  campaign: z._default(z.nullable(id), null),
  // What the supplier reported of the delivery; absent from backends without suborder reports.
  /** what arrived of the line; null before the delivery is reported */
  delivered_quantity: z.optional(z.nullable(decimalAnswer)),
  substitute: z.optional(z.nullable(substituteWire)),
  /** the product the buyer asked for when they took this one instead (capability `substitutes`) */
  substitute_for: z.optional(z.nullable(namedRef)),
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
  ...(w.deposit_amount === undefined ? {} : { deposit: w.deposit_amount }),
  ...(w.tax_rate_percent === undefined ? {} : { taxRatePercent: w.tax_rate_percent }),
  ...(w.delivered_quantity === undefined ? {} : { deliveredQuantity: w.delivered_quantity }),
  ...(w.substitute === undefined ? {} : { substitute: w.substitute }),
  ...(w.substitute_for == null ? {} : { substitutedFor: w.substitute_for }),
});

/** An extra charge of a suborder: `code` is stable ('delivery_fee', 'cold_chain_surcharge'), `name` in the request's language. */
export const extraChargeWire = z.object({
  code: z.optional(z.string()),
  name: z.string(),
  /** on the order's price basis: with its VAT on the gross basis (decision 007) */
  amount: decimalAnswer,
  /** the fee's net amount, VAT rate and the VAT contained in amount; absent from older servers and orders */
  net_amount: z.optional(decimalAnswer),
  tax_rate_percent: z.optional(decimalAnswer),
  tax_amount: z.optional(decimalAnswer),
});
const toExtraCharge = (w: z.infer<typeof extraChargeWire>): ExtraCharge => ({
  name: w.name,
  amount: w.amount,
  ...(w.net_amount === undefined ? {} : { netAmount: w.net_amount }),
  ...(w.tax_rate_percent === undefined ? {} : { taxRatePercent: w.tax_rate_percent }),
  ...(w.tax_amount === undefined ? {} : { taxAmount: w.tax_amount }),
});

/** One VAT rate of a document (decision 007): the sum of its nets, round(rate × net) and their sum. */
export const rateTaxWire = z.object({
  rate_percent: decimalAnswer,
  net: decimalAnswer,
  tax: decimalAnswer,
  gross: decimalAnswer,
});
export const toRateTax = (w: z.infer<typeof rateTaxWire>): RateTax => ({
  ratePercent: w.rate_percent,
  net: w.net,
  tax: w.tax,
  gross: w.gross,
});

export const suborderWire = z.object({
  id,
  warehouse: namedRef,
  /** point 3 names the operator, not its phone: absent is null and the order shows no phone */
  operator: z.object({ id, name: z.string(), phone: z._default(z.nullable(z.string()), null) }),
  total: decimalAnswer,
  status: z.string(),
  created_at: isoDateTime,
  items: z.array(orderItemWire),
  extra_charges: z.array(extraChargeWire),
  estimated_delivery_date: z.nullable(isoDate),
  // What the supplier's systems reported (suborder reports); all absent from backends without them.
  reference: z.optional(z.string()),
  eta: z.optional(z.nullable(isoDateTime)),
  delivery_note_number: z.optional(z.nullable(z.string())),
  /** the states reached, in order; a state this client does not know is kept by name */
  timeline: z.optional(z.array(z.object({ state: z.string(), at: isoDateTime }))),
});
export const toSuborder = (w: z.infer<typeof suborderWire>): Suborder => ({
  id: w.id,
  warehouse: w.warehouse,
  operator: w.operator,
  total: w.total,
  status: w.status,
  createdAt: w.created_at,
  items: w.items.map(toOrderItem),
  extraCharges: w.extra_charges.map(toExtraCharge),
  estimatedDeliveryDate: w.estimated_delivery_date,
  ...(w.reference === undefined ? {} : { reference: w.reference }),
  ...(w.eta === undefined ? {} : { eta: w.eta }),
  ...(w.delivery_note_number === undefined ? {} : { deliveryNoteNumber: w.delivery_note_number }),
  ...(w.timeline === undefined ? {} : { timeline: w.timeline }),
});

/** The delivery address an order was placed for, copied then: `id` is the company address it came from. */
const orderDeliveryAddressWire = z.object({
  id: z.nullable(id),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** An earlier version of a changed order, as it was until it was replaced. */
const orderVersionWire = z.object({
  version: z.int(),
  replaced_at: isoDateTime,
  replaced_by: z.object({ id, name: z.string() }),
  expected_delivery_date: z.nullable(isoDate),
  total: decimalAnswer,
  items: z.array(
    z.object({ product: z.object({ id, name: z.string() }), quantity: decimalAnswer, unit: id }),
  ),
});
const toOrderVersion = (w: z.infer<typeof orderVersionWire>): OrderVersion => ({
  version: w.version,
  replacedAt: w.replaced_at,
  replacedBy: w.replaced_by,
  expectedDeliveryDate: w.expected_delivery_date,
  total: w.total,
  items: w.items.map((item) => ({ product: item.product, quantity: item.quantity, unit: item.unit })),
});

const toOrderDeliveryAddress = (w: z.infer<typeof orderDeliveryAddressWire>): OrderDeliveryAddress => ({
  id: w.id,
  name: w.name,
  line1: w.line1,
  line2: w.line2,
  suburb: w.suburb,
  city: w.city,
  state: w.state,
  postalCode: w.postal_code,
  country: w.country,
});

/** An invoice or credit note the ERP issued for the order; `file` is the path of its PDF. */
const orderFinanceDocumentWire = z.object({
  id,
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issued_on: isoDate,
  due_on: z.nullable(isoDate),
  gross_total: decimalAnswer,
  open_balance: decimalAnswer,
  file: z.string().check(z.minLength(1)),
});
const toOrderFinanceDocument = (w: z.infer<typeof orderFinanceDocumentWire>): OrderFinanceDocument => ({
  id: w.id,
  kind: w.kind,
  number: w.number,
  issuedOn: w.issued_on,
  dueOn: w.due_on,
  grossTotal: w.gross_total,
  openBalance: w.open_balance,
  file: w.file,
});

export const orderWire = z.object({
  id,
  total: decimalAnswer,
  created_at: isoDateTime,
  is_finalized: z.boolean(),
  finalized_at: z.nullable(isoDateTime),
  suborders: z.array(suborderWire),
  // Sent by the reference server (the order detail's delivery date and note); optional for older servers.
  expected_delivery_date: z.optional(isoDate),
  is_preorder: z.optional(z.boolean()),
  customer_note: z.optional(z.string()),
  // The order's cart figures, stored when it was placed; absent from older servers and older orders.
  subtotal: z.optional(decimalAnswer),
  discount_amount: z.optional(decimalAnswer),
  tax: z.optional(decimalAnswer),
  deposit_total: z.optional(decimalAnswer),
  total_without_tax: z.optional(decimalAnswer),
  /** the basis every figure of the order is on (decision 005); absent on older orders */
  price_basis: z.optional(priceBasisWire),
  /** VAT per rate over its suborders, fees included (decision 007); absent on older orders and the net basis */
  taxes: z.optional(z.array(rateTaxWire)),
  /** whether an invoice has been issued (reference server); absent: a backend that always has one */
  has_invoice: z.optional(z.boolean()),
  /** where the order goes, as it was when placed (reference server); absent: none chosen, or an older server */
  delivery_address: z.optional(orderDeliveryAddressWire),
  // Order changes until the cut-off (docs/api.md); all absent from a backend without them.
  version: z.optional(z.int()),
  cancelled_at: z.optional(z.nullable(isoDateTime)),
  amendable_until: z.optional(z.nullable(isoDateTime)),
  versions: z.optional(z.array(orderVersionWire)),
  /** the ERP's invoices and credit notes for the order; absent from a backend without them */
  documents: z.optional(z.array(orderFinanceDocumentWire)),
});
export const toOrder = (w: z.infer<typeof orderWire>): Order => ({
  id: w.id,
  total: w.total,
  createdAt: w.created_at,
  isFinalized: w.is_finalized,
  finalizedAt: w.finalized_at,
  suborders: w.suborders.map(toSuborder),
  ...(w.expected_delivery_date === undefined ? {} : { expectedDeliveryDate: w.expected_delivery_date }),
  ...(w.is_preorder === undefined ? {} : { isPreorder: w.is_preorder }),
  ...(w.customer_note === undefined ? {} : { customerNote: w.customer_note }),
  ...(w.subtotal === undefined ? {} : { subtotal: w.subtotal }),
  ...(w.discount_amount === undefined ? {} : { discountAmount: w.discount_amount }),
  ...(w.tax === undefined ? {} : { tax: w.tax }),
  ...(w.deposit_total === undefined ? {} : { depositTotal: w.deposit_total }),
  ...(w.total_without_tax === undefined ? {} : { totalWithoutTax: w.total_without_tax }),
  ...(w.price_basis === undefined ? {} : { priceBasis: w.price_basis }),
  ...(w.taxes === undefined ? {} : { taxes: w.taxes.map(toRateTax) }),
  ...(w.has_invoice === undefined ? {} : { hasInvoice: w.has_invoice }),
  ...(w.delivery_address === undefined
    ? {}
    : { deliveryAddress: toOrderDeliveryAddress(w.delivery_address) }),
  ...(w.version === undefined ? {} : { version: w.version }),
  ...(w.cancelled_at === undefined ? {} : { cancelledAt: w.cancelled_at }),
  ...(w.amendable_until === undefined ? {} : { amendableUntil: w.amendable_until }),
  ...(w.versions === undefined ? {} : { versions: w.versions.map(toOrderVersion) }),
  ...(w.documents === undefined ? {} : { documents: w.documents.map(toOrderFinanceDocument) }),
});

/** The buyer's note to the supplier, as an order or an order change sends it. */
export const customerNoteWire = z.string().check(multiLine(), z.maxLength(2000));

export const orderSubmissionWire = z.object({
  items: z
    .array(
      z.object({
        product: idRef,
        quantity: quantityInput,
        unit: idRef,
        campaign: z.optional(z.nullable(idRef)),
        /** the cart line the order line was built from: the order is refused when it changed since */
        cart_item: z.optional(idRef),
      }),
    )
    .check(z.minLength(1)),
  /**
   * Optional, beyond SPEC point 7: every cart line the ordering screen showed (ordered or not). The
   * order is refused (409 cart_changed) when the cart holds any other set of lines, so a tab that
   * missed a line added elsewhere cannot order its old subset. Absent: the cart as a whole is not checked.
   */
  cart_lines: z.optional(z.array(idRef).check(z.maxLength(1000))),
  expected_delivery_date: isoDate,
  is_preorder: z.boolean(),
  /**
   * Optional, beyond SPEC point 7: the id of the company's delivery address the order goes to.
   * Absent: the company's only delivery address, or none when it has several.
   */
  delivery_address: z.optional(idRef),
  /** absent is no note */
  customer_note: z._default(customerNoteWire, ''),
});
/** An order as the checkout sends it: with the ids of every cart line it showed, when it knows them. */

export const fromOrderSubmission = (s: OrderSubmission): z.infer<typeof orderSubmissionWire> => ({
  items: s.items.map(({ cartItem, ...item }) => ({
    ...item,
    ...(cartItem === undefined ? {} : { cart_item: cartItem }),
  })),
  ...(s.cartLines === undefined ? {} : { cart_lines: s.cartLines }),
  expected_delivery_date: s.expectedDeliveryDate,
  is_preorder: s.isPreorder,
  ...(s.deliveryAddress === undefined ? {} : { delivery_address: s.deliveryAddress }),
  customer_note: s.customerNote,
});
export const orderCreatedWire = z.object({ id });

/**
 * Body of POST /netb2b/orders/preview/: the lines of a submission, and optionally its delivery day and
 * address, which are then checked as the order would be (other fields are ignored).
 */
export const orderPreviewRequestWire = z.object({
  items: orderSubmissionWire.shape.items,
  expected_delivery_date: z.optional(isoDate),
  delivery_address: orderSubmissionWire.shape.delivery_address,
});

/** The preview's body: the lines, with the day and the address when the checkout has them. */
export const fromPreviewRequest = (
  items: OrderSubmission['items'],
  order: { expectedDeliveryDate?: string; deliveryAddress?: number },
): z.infer<typeof orderPreviewRequestWire> => ({
  items: fromOrderSubmission({ items, expectedDeliveryDate: '', isPreorder: false, customerNote: '' }).items,
  ...(order.expectedDeliveryDate ? { expected_delivery_date: order.expectedDeliveryDate } : {}),
  ...(order.deliveryAddress === undefined ? {} : { delivery_address: order.deliveryAddress }),
});

const previewLineWire = z.object({
  product: id,
  /** the campaign the server prices the line at: the product's best running campaign, whatever was sent */
  campaign: z.nullable(id),
  quantity: decimalAnswer,
  unit: id,
  /** the goods on the price basis, campaign price included, without deposit (an order item's `amount`) */
  amount: decimalAnswer,
  /** what the line saves against the regular price, on the basis (already taken off amount) */
  discount_amount: decimalAnswer,
  /** the deposit on the price basis */
  deposit_amount: decimalAnswer,
  /** VAT contained in amount + deposit_amount; 0 on the net basis */
  tax_amount: decimalAnswer,
  /** the line's VAT rate (decision 007); optional for older servers */
  tax_rate_percent: z.optional(decimalAnswer),
});

/**
 * A charge that would fall away if the warehouse's goods grew by `missing` (the delivery fee below
 * its threshold: missing = threshold − goods − deposit, on the price basis).
 */
export const avoidableChargeWire = z.object({
  code: z.string(),
  name: z.string(),
  amount: decimalAnswer,
  missing: decimalAnswer,
});

/**
 * How an order would split into suborders, priced by the server, before it is placed. Every figure is
 * on `price_basis` (decision 005) and adds up: lines → suborders → totals.
 */
export const orderPreviewWire = z.object({
  /** the sums of every line's figures: computeCartItemsTotals on the price basis */
  totals: cartTotalsWire,
  tax_applies: z.boolean(),
  /** 'gross' (VAT included) when tax applies to the customer, else 'net'; optional for older servers */
  price_basis: z.optional(priceBasisWire),
  /** what the order would cost: the sum of the suborders' totals (goods + deposit + extra charges) */
  total: decimalAnswer,
  /** every VAT the order would contain, fees included (totals.tax is the goods' alone); optional for older servers */
  tax: z.optional(decimalAnswer),
  /** VAT per rate over the suborders, fees included; empty on the net basis; optional for older servers */
  taxes: z.optional(z.array(rateTaxWire)),
  suborders: z.array(
    z.object({
      warehouse: namedRef,
      operator: z.object({ id, name: z.string(), phone: z.string() }),
      items: z.array(previewLineWire),
      /** the sum of the lines' amounts (goods) */
      subtotal: decimalAnswer,
      discount_amount: decimalAnswer,
      deposit_total: decimalAnswer,
      tax: decimalAnswer,
      extra_charges: z.array(extraChargeWire),
      /** subtotal + deposit_total + extra charges */
      total: decimalAnswer,
      avoidable_charges: z.optional(z.array(avoidableChargeWire)),
      /** VAT per rate of this suborder (one invoice), fees included; optional for older servers */
      taxes: z.optional(z.array(rateTaxWire)),
      /** the day this suborder arrives, when the request named a day (a warehouse with more lead days: later) */
      expected_delivery_date: z.optional(isoDate),
    }),
  ),
  /** the minimum order value the order misses (absent or null: none applies, or reached) */
  minimum_order: z.optional(
    z.nullable(
      z.object({
        value: decimalAnswer,
        mode: z.enum(['block', 'fee']),
        missing: decimalAnswer,
        /** the fee the order carries for it ('fee' mode), else null */
        fee: z.nullable(decimalAnswer),
      }),
    ),
  ),
});
