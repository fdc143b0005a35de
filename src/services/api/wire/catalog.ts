import * as z from 'zod/mini';
import { isAllergenCode } from '../../../domain/allergens';
import { toDecimal } from '../../../domain/decimal';
import type {
  Announcement,
  AppNotification,
  Brand,
  Campaign,
  CampaignPrice,
  CampaignProduct,
  Category,
  CustomerCurrency,
  Product,
  Unit,
} from '../../../domain/types';
import { campaignEdge, decimalAnswer, id, isoDateTime, namedRef } from './primitives';

// Answers need only the fields of spec point 3: every other field is optional with the default its
// comment states, so a supplier's backend that sends point 3 alone is read like the reference server.

export const unitWire = z.object({
  id,
  /** absent: a base unit (null), the chain's end */
  base: z._default(z.nullable(id), null),
  name: z.string(),
  name_plural: z.string(),
  is_primary: z.boolean(),
});
export type UnitWire = z.infer<typeof unitWire>;
export const toUnit = (w: UnitWire): Unit => ({
  id: w.id,
  base: w.base,
  name: w.name,
  namePlural: w.name_plural,
  isPrimary: w.is_primary,
});

export const unitAmountWire = z.object({ unit: id, amount: decimalAnswer });

/**
 * A price step of the customer's (beyond point 3: a backend with contract prices): from `min_quantity`
 * primary units up, `price` net per primary unit. A step starts above one unit: the price at one unit
 * is the product's `price`.
 */
const priceTierWire = z.object({
  // in the pipe, so only a decimal already read is compared
  min_quantity: z.pipe(
    decimalAnswer,
    z
      .string()
      .check(z.refine((text) => toDecimal(text).greaterThan(1), 'a price step starts above one unit')),
  ),
  price: decimalAnswer,
});

const productShape = {
  id,
  name: z.string(),
  description: z.string(),
  image: z.string(),
  /** point 3: "brand (with name)"; without an id the product names its brand but links nowhere */
  brand: z.object({ id: z._default(z.nullable(id), null), name: z.string() }),
  category: namedRef,
  /** null, as every figure below, only for a demo account (spec point 6: no prices or stock in demo mode) */
  price: z.nullable(decimalAnswer),
  /** not among point 3's fields: absent is null, no old price to strike through */
  old_price: z._default(z.nullable(decimalAnswer), null),
  tax_included: z.boolean(),
  tax_rate_percent: decimalAnswer,
  deposit_price: z.nullable(decimalAnswer),
  stock_code: z.string(),
  barcode: z.string(),
  /** absent is null, as for a demo account: the screens then show no stock figure */
  quantity_in_stock: z._default(z.nullable(z.int()), null),
  unit_amounts: z.array(unitAmountWire),
  /** beyond point 3: the customer's price steps, lowest first; absent without contract prices */
  price_tiers: z.optional(z.array(priceTierWire)),
  /** beyond point 3: true when `price` or a step is the customer's negotiated price; absent is false */
  contract_price: z.optional(z.boolean()),
  /** beyond point 3 (EU food information): the ingredients as printed; absent when none are given */
  ingredients: z.optional(z.string()),
  /**
   * beyond point 3: the allergen codes the product contains (src/domain/allergens.ts). A code this
   * client does not know is left out, so a newer server's list never makes the product unreadable.
   */
  allergens: z.optional(
    z.pipe(
      z.array(z.string()),
      z.transform((codes) => codes.filter(isAllergenCode)),
    ),
  ),
};

/**
 * A product as every product answer carries it. A product in a running campaign also carries the
 * campaign's price (`campaign_id`, `new_price`, both or neither; the best price when two campaigns
 * run), so the one price the customer pays reaches every screen.
 */
export const productWire = z
  .object({
    ...productShape,
    campaign_id: z.optional(id),
    /** null for a demo account, as the figures above */
    new_price: z.optional(z.nullable(decimalAnswer)),
  })
  .check(
    z.refine((w) => (w.campaign_id === undefined) === (w.new_price === undefined), {
      message: 'campaign_id and new_price come together',
      path: ['new_price'],
    }),
  );
export type ProductWire = z.infer<typeof productWire>;

const toPlainProduct = (w: ProductWire): Product => ({
  id: w.id,
  name: w.name,
  description: w.description,
  image: w.image,
  brand: w.brand,
  category: w.category,
  price: w.price,
  oldPrice: w.old_price,
  taxIncluded: w.tax_included,
  taxRatePercent: w.tax_rate_percent,
  depositPrice: w.deposit_price,
  stockCode: w.stock_code,
  barcode: w.barcode,
  quantityInStock: w.quantity_in_stock,
  unitAmounts: w.unit_amounts,
  // absent stays absent: a specification backend's product is exactly what it was
  ...(w.price_tiers === undefined
    ? {}
    : { priceTiers: w.price_tiers.map((tier) => ({ minQuantity: tier.min_quantity, price: tier.price })) }),
  ...(w.contract_price === undefined ? {} : { contractPrice: w.contract_price }),
  ...(w.ingredients === undefined ? {} : { ingredients: w.ingredients }),
  ...(w.allergens === undefined ? {} : { allergens: w.allergens }),
});

/**
 * The product; a campaign product (spec point 3: the product plus newPrice) when a campaign prices it.
 * A demo account's figures arrive null and stay null: no screen may show an invented price or stock.
 */
export const toProduct = (w: ProductWire): Product | CampaignProduct => {
  const product = toPlainProduct(w);
  return w.campaign_id !== undefined && w.new_price !== undefined
    ? { ...product, campaignId: w.campaign_id, newPrice: w.new_price }
    : product;
};

/** A product inside a campaign: the product plus the campaign's price. */
export const campaignProductWire = z.object({
  ...productShape,
  campaign_id: id,
  new_price: z.nullable(decimalAnswer),
});
export type CampaignProductWire = z.infer<typeof campaignProductWire>;
export const toCampaignProduct = (w: CampaignProductWire): CampaignProduct => ({
  ...toPlainProduct(w),
  campaignId: w.campaign_id,
  newPrice: w.new_price,
});

export const campaignPriceWire = z.object({
  product: productWire,
  campaign_id: id,
  /** null for a demo account */
  new_price: z.nullable(decimalAnswer),
});
export const toCampaignPrice = (w: z.infer<typeof campaignPriceWire>): CampaignPrice => ({
  product: toProduct(w.product),
  campaignId: w.campaign_id,
  newPrice: w.new_price,
});

export const campaignWire = z.object({
  id,
  name: z.string(),
  description: z.string(),
  banner: z.string(),
  starts_at: campaignEdge('start'),
  ends_at: campaignEdge('end'),
});
export type CampaignWire = z.infer<typeof campaignWire>;
export const toCampaign = (w: CampaignWire): Campaign => ({
  id: w.id,
  name: w.name,
  description: w.description,
  banner: w.banner,
  startsAt: w.starts_at,
  endsAt: w.ends_at,
});

/** A brand (beyond point 3, capability `brands`); absent image is null: the brand's name shows instead. */
export const brandWire = z.object({ id, name: z.string(), image: z._default(z.nullable(z.string()), null) });
export const toBrand = (w: z.infer<typeof brandWire>): Brand => ({ ...w });

export const categoryWire = z.object({ id, name: z.string() });
export const toCategory = (w: z.infer<typeof categoryWire>): Category => ({ ...w });

export const notificationWire = z.object({
  id,
  name: z.string(),
  description: z.string(),
  created_at: isoDateTime,
  read: z.boolean(),
  /** the order whose invoice the notification announces; absent for others and from older servers */
  invoice_order_id: z.optional(id),
  /** the order whose progress the notification announces (suborder reports); null or absent for others */
  order: z.optional(z.nullable(id)),
});
export const toNotification = (w: z.infer<typeof notificationWire>): AppNotification => ({
  id: w.id,
  name: w.name,
  description: w.description,
  createdAt: w.created_at,
  read: w.read,
  ...(w.invoice_order_id === undefined ? {} : { invoiceOrderId: w.invoice_order_id }),
  ...(w.order == null ? {} : { orderId: w.order }),
});

export const announcementWire = z.object({
  id,
  name: z.string(),
  description: z.string(),
  type: z.string(),
  read: z.boolean(),
  created_at: isoDateTime,
});
export const toAnnouncement = (w: z.infer<typeof announcementWire>): Announcement => ({
  id: w.id,
  name: w.name,
  description: w.description,
  type: w.type,
  read: w.read,
  createdAt: w.created_at,
});

export const customerCurrencyWire = z.object({ symbol: z.string().check(z.minLength(1)) });
export const toCustomerCurrency = (w: z.infer<typeof customerCurrencyWire>): CustomerCurrency => ({ ...w });
