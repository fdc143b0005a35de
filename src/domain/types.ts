/**
 * Domain entities as the client uses them (camelCase, spec point 3).
 * Money and quantities that feed money are decimal strings: they are turned
 * into decimal.js values only where arithmetic happens, never into floats.
 */
import type { AllergenCode } from './allergens';
import type { PriceTier } from './contract-price';

export type DecimalString = string;
export type IsoDate = string; // yyyy-mm-dd
export type IsoDateTime = string;

export interface Unit {
  id: number;
  /** the unit this one is made of (a box is made of pieces); null for a base unit */
  base: number | null;
  name: string;
  namePlural: string;
  isPrimary: boolean;
}

export interface UnitAmount {
  unit: number;
  /** how many of the unit's base unit one of this unit holds, for this product */
  amount: DecimalString;
}

export interface BrandRef {
  id: number | null;
  name: string;
}

export interface NamedRef {
  id: number;
  name: string;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  image: string;
  /** point 3 names only the brand's name: its id is null when the backend leaves it out */
  brand: BrandRef;
  category: NamedRef;
  /**
   * Null, as depositPrice, quantityInStock and a campaign product's newPrice, only when the server
   * withholds the figures: a demo account sees no prices and no stock (spec point 6).
   */
  price: DecimalString | null;
  oldPrice: DecimalString | null;
  taxIncluded: boolean;
  taxRatePercent: DecimalString;
  depositPrice: DecimalString | null;
  stockCode: string;
  barcode: string;
  quantityInStock: number | null;
  unitAmounts: UnitAmount[];
  /**
   * The customer's price steps above one primary unit (contract-price.ts), lowest first; absent on a
   * backend without contract prices (the specification's), where `price` is the one price.
   */
  priceTiers?: PriceTier[];
  /** true when `price` or a step is the customer's negotiated price: screens say "your price" */
  contractPrice?: boolean;
  /** EU food information: the ingredients as printed; absent (or '') when the backend gives none */
  ingredients?: string;
  /** the allergens the product contains, in the backend's order; absent when none are declared */
  allergens?: AllergenCode[];
}

export interface CampaignProduct extends Product {
  campaignId: number;
  newPrice: DecimalString | null;
}

export interface Campaign {
  id: number;
  name: string;
  description: string;
  banner: string;
  startsAt: IsoDateTime;
  endsAt: IsoDateTime;
}

export interface CampaignPrice {
  product: Product;
  campaignId: number;
  /** null for a demo account (see Product.price) */
  newPrice: DecimalString | null;
}

export interface Brand {
  id: number;
  name: string;
  image: string | null;
}

export interface Category {
  id: number;
  name: string;
}

export interface CartItem {
  id: number;
  product: Product | CampaignProduct;
  quantity: DecimalString;
  unit: number;
  /**
   * Set when the line was last written at another campaign than the one pricing it today (a campaign
   * started or ended since); cleared by writing the line. Optional: lines built on the client have none.
   */
  priceChange?: 'campaignStarted' | 'campaignEnded' | null;
  /** the server says the customer may no longer order the product (retired, or out of its assortments) */
  unavailable?: boolean;
}

/**
 * A cart's (or a shipment's, or an order's) figures on the customer's one price basis (decision 005),
 * each the sum of its lines' figures, so the summary adds up: total = subtotal + depositTotal.
 */
export interface CartTotals {
  /** the goods at the prices paid, campaign prices included: the sum of the line amounts shown */
  subtotal: DecimalString;
  /** what campaigns and reductions save against regular prices; shown as a saving, already in subtotal */
  discountAmount: DecimalString;
  /** the VAT contained in total on the gross basis; zero on the net basis */
  tax: DecimalString;
  /** the deposit, its own line */
  depositTotal: DecimalString;
  /** subtotal + depositTotal: what the goods cost before any shipment's fees */
  total: DecimalString;
  /** total − tax */
  totalWithoutTax: DecimalString;
}

export interface OrderItem {
  product: Product;
  price: DecimalString;
  taxPrice: DecimalString;
  taxIncluded: boolean;
  quantity: DecimalString;
  unit: number;
  fulfilled: boolean;
  campaign: number | null;
  /** the line's deposit on the order's price basis; absent on orders placed before decision 005 */
  deposit?: DecimalString;
  /** the VAT rate of the line and its deposit (decision 007); absent on older orders */
  taxRatePercent?: DecimalString;
  /** what arrived, once the supplier reported the delivery (null: not reported, or in full); absent from backends without suborder reports */
  deliveredQuantity?: DecimalString | null;
  /** what the supplier sent instead of the product ordered; null when nothing was substituted */
  substitute?: OrderItemSubstitute | null;
  /** the product the buyer asked for when they took this one as its substitute */
  substitutedFor?: { id: number; name: string };
}

/** Another product the supplier delivered in place of an order line's. */
export interface OrderItemSubstitute {
  product: { id: number; name: string };
  quantity: DecimalString;
  unit: { id: number; name: string };
}

/** A state a suborder reached, when the supplier's systems reported it ("shipped" at …). */
export interface SuborderStep {
  /** a state of the suborder chart; a backend may report others, shown by name */
  state: string;
  at: IsoDateTime;
}

/** An invoice or credit note the supplier's ERP issued for an order. */
export interface OrderFinanceDocument {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedOn: IsoDate;
  dueOn: IsoDate | null;
  grossTotal: DecimalString;
  /** what is still to be paid of it; zero once paid */
  openBalance: DecimalString;
  /** the PDF's path on the server */
  file: string;
}

export interface ExtraCharge {
  name: string;
  /** on the order's price basis (with its VAT on the gross basis) */
  amount: DecimalString;
  /** net amount, VAT rate and the VAT contained in amount (decision 007); absent on older orders */
  netAmount?: DecimalString;
  taxRatePercent?: DecimalString;
  taxAmount?: DecimalString;
}

/** One VAT rate of a document: the sum of its nets, round(rate × net) and their sum (decision 007). */
export interface RateTax {
  ratePercent: DecimalString;
  net: DecimalString;
  tax: DecimalString;
  gross: DecimalString;
}

export interface Warehouse {
  id: number;
  name: string;
}

export interface Operator {
  id: number;
  name: string;
  /** null when the backend does not send one (spec point 3 names no phone) */
  phone: string | null;
}

export interface Suborder {
  id: number;
  warehouse: Warehouse;
  operator: Operator;
  total: DecimalString;
  status: string;
  createdAt: IsoDateTime;
  items: OrderItem[];
  extraCharges: ExtraCharge[];
  estimatedDeliveryDate: IsoDate | null;
  // What the supplier's systems reported of it; all absent from a backend without suborder reports.
  /** how the supplier's systems name it ("SO-45", or the ERP's own number) */
  reference?: string;
  /** the expected arrival once shipped */
  eta?: IsoDateTime | null;
  deliveryNoteNumber?: string | null;
  /** the states it reached, in order (empty for a suborder no system reported on) */
  timeline?: SuborderStep[];
}

export interface Order {
  id: number;
  total: DecimalString;
  createdAt: IsoDateTime;
  isFinalized: boolean;
  finalizedAt: IsoDateTime | null;
  suborders: Suborder[];
  /** what the customer chose when ordering; present when the server sends it (the reference server does) */
  expectedDeliveryDate?: IsoDate;
  isPreorder?: boolean;
  customerNote?: string;
  /** the cart figures when the order was placed (tax is zero for a customer without tax_applies); optional like the above */
  subtotal?: DecimalString;
  discountAmount?: DecimalString;
  tax?: DecimalString;
  depositTotal?: DecimalString;
  totalWithoutTax?: DecimalString;
  /** the basis every figure of the order is on (decision 005); absent on older orders */
  priceBasis?: 'gross' | 'net';
  /** VAT per rate, fees included (decision 007); absent on older orders and on the net basis */
  taxes?: RateTax[];
  /** false while no invoice is issued (reference server); absent when the backend does not say */
  hasInvoice?: boolean;
  /** where the order goes, as it was when placed; absent: none chosen, or a backend that does not say */
  deliveryAddress?: OrderDeliveryAddress;
  /** 1 for an order never changed; absent from a backend without order changes */
  version?: number;
  /** when the order was cancelled; null while it stands; absent from a backend without order changes */
  cancelledAt?: IsoDateTime | null;
  /** the last instant a change or cancel is accepted; null once it can no longer be changed */
  amendableUntil?: IsoDateTime | null;
  /** the order as it was before each change, oldest first */
  versions?: OrderVersion[];
  /** the ERP's invoices and credit notes for it; absent from a backend without them */
  documents?: OrderFinanceDocument[];
}

/** The delivery address an order was placed for, copied then: `id` is the company address it came from. */
export interface OrderDeliveryAddress {
  id: number | null;
  name: string;
  line1: string;
  line2: string;
  suburb: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** An earlier version of a changed order: what it held until `replacedAt`. */
export interface OrderVersion {
  version: number;
  replacedAt: IsoDateTime;
  replacedBy: { id: number; name: string };
  expectedDeliveryDate: IsoDate | null;
  total: DecimalString;
  items: { product: { id: number; name: string }; quantity: DecimalString; unit: number }[];
}

/** A placed order's new lines, day and note, sent with the version they change. */
export interface OrderAmendment {
  version: number;
  items: { product: number; quantity: DecimalString; unit: number; campaign?: number }[];
  expectedDeliveryDate: IsoDate;
  customerNote?: string;
}

export interface OrderSubmissionItem {
  product: number;
  quantity: DecimalString;
  unit: number;
  campaign?: number;
  /**
   * The cart line this order line was built from: the server refuses the order (409
   * `cart_changed`) when that line no longer holds this product, quantity and unit.
   */
  cartItem?: number;
}

export interface OrderSubmission {
  items: OrderSubmissionItem[];
  expectedDeliveryDate: IsoDate;
  isPreorder: boolean;
  customerNote: string;
  /**
   * Every cart line the buyer saw when ordering: the reference server refuses the order (409
   * `cart_changed`) when the cart holds another set, as a stale tab's would. Optional: the
   * specification's contract has no such field.
   */
  cartLines?: number[];
  /** the company delivery address chosen at checkout (its pk); absent: none chosen, the server decides */
  deliveryAddress?: number;
}

export interface AppNotification {
  id: number;
  name: string;
  description: string;
  createdAt: IsoDateTime;
  read: boolean;
  /** the order whose invoice it announces: the notification opens that invoice */
  invoiceOrderId?: number;
  /** the order whose progress it announces (shipped, delivered…): the notification opens that order */
  orderId?: number;
}

export interface Announcement {
  id: number;
  name: string;
  description: string;
  type: string;
  read: boolean;
  createdAt: IsoDateTime;
}

export interface Language {
  id: number;
  code: string;
  name: string;
  flag: string;
}

export interface CustomerCurrency {
  symbol: string;
}

export interface Configuration {
  logoSquare: string | null;
  logoWide: string | null;
  siteName: string;
  moneyDecimalPlaces: number;
  defaultCustomerType: number;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** The claims the refresh token carries (spec point 3, Session). */
export interface SessionClaims {
  name: string;
  accountName: string;
  isAdmin: boolean;
  taxApplies: boolean;
  language: string;
  isDemo: boolean;
  /** may open the statechart studio; the dev server shows it to everyone */
  canReviewFlows: boolean;
  /** seconds since the epoch */
  exp: number;
}

export interface DeliveryAddress {
  /** the server's key; null for an address not saved yet (the server gives it one) */
  pk: number | null;
  name: string;
  line1: string;
  line2: string;
  suburb: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  instructions: string;
}

export type BillingAddress = Omit<DeliveryAddress, 'instructions'>;

export interface CompanyInfo {
  /**
   * The server's version of this copy: a save made from an older copy is refused (409). Absent when
   * the backend has none (spec point 3): the save is then sent without it and the last write wins.
   */
  version?: number;
  /**
   * An individual is a private person: no VAT ID, no other users, no company wording. Optional on
   * the wire (absent = corporate), so a supplier's own server without it works as before.
   */
  customerType: 'corporate' | 'individual';
  name: string;
  vatNumber: string;
  landlineNumber: string;
  mobileNumber: string;
  emailAddresses: string[];
  deliveryAddresses: DeliveryAddress[];
  billingAddresses: BillingAddress[];
}

export interface CustomerUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  landlinePhone: string;
  mobilePhone: string;
  isActive: boolean;
  /** the company's main user, who manages the others (spec point 6) */
  isMainUser: boolean;
  /** a new e-mail address waiting for the code sent to it (absent: none, or a server without the step) */
  pendingEmail?: string;
}

/**
 * A favourite list as the index, the add-to-list menu and the "on a list" marks need it:
 * no products, only their ids. A shared list is visible to the whole company; only its owner
 * changes it (`editable`). The main user's shared lists are the company's standard order guides.
 */
export interface FavouriteListSummary {
  id: number;
  name: string;
  shared: boolean;
  owner: NamedRef;
  /** the caller owns the list, so may rename, share, delete it and change its lines */
  editable: boolean;
  /** the owner is the company's main user (a shared one is an order guide) */
  ownerIsMainUser: boolean;
  /** the products on the list (spec point 3: items keyed by product id), in the list's order */
  productIds: number[];
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  /** some line has a par level: the list is an order guide a stock-take can walk */
  orderGuide?: boolean;
}

/** One line of a favourite list: a product with the quantity and unit the customer usually orders. */
export interface FavouriteListItem {
  productId: number;
  /** today's product (campaign price included); null when it is no longer sold */
  product: Product | CampaignProduct | null;
  quantity: DecimalString;
  unit: number;
  addedAt: IsoDateTime;
  /** with no product: the product exists but is no longer available to this customer */
  unavailable?: boolean;
  /** an order guide's par level, in the product's primary unit (absent: none) */
  parLevel?: DecimalString;
  /** where a stock-take walks the line, 1 first (absent: after those that have one) */
  shelfPosition?: number;
}

/** A favourite list with its lines (spec point 3: id, name, items keyed by id). */
export interface FavouriteList extends FavouriteListSummary {
  items: FavouriteListItem[];
}

/** A line to put on a list: the product and its preferred quantity and unit. */
export interface FavouriteLineWrite {
  product: number;
  quantity: DecimalString;
  unit: number;
  /** an order guide's par level (null: none; absent: unchanged) */
  parLevel?: DecimalString | null;
  /** an order guide's shelf position (null: none; absent: unchanged) */
  shelfPosition?: number | null;
}

/** What the supplier publishes (price lists, data sheets, terms, certificates) and the company's invoices. */
export type DocumentType = 'price_list' | 'data_sheet' | 'terms' | 'certificate' | 'invoice';

/** One entry of /documents/ (spec point 1: customers read documents). */
export interface PortalDocument {
  /** `doc-<n>` for a published file, `invoice-<n>` for an invoice, `finance-<n>` for an ERP's document */
  id: string;
  type: DocumentType;
  name: string;
  createdAt: IsoDateTime;
  /** bytes; null when the server does not know it before rendering (invoices) */
  size: number | null;
  contentType: string;
  /** where the file is fetched, relative to the API base (needs the bearer) */
  file: string;
  /** the file name to save it under */
  fileName: string;
  /** an ERP invoice's or credit note's amount */
  grossTotal?: DecimalString;
  /** what is still to be paid of an ERP invoice ("0.00" once paid) */
  openBalance?: DecimalString;
  /** when an ERP invoice is due */
  dueOn?: IsoDate;
}

/**
 * POST /netb2b/register/ (spec point 3): the spec's seven fields plus the form's customer type and full
 * name, which the server needs to open a company or an individual account (docs/api.md).
 */
export interface RegistrationPayload {
  customerType: 'corporate' | 'individual';
  fullName: string;
  companyName: string;
  confirmPassword: string;
  email: string;
  password: string;
  phoneNumber: string;
  taxNumber: string;
  username: string;
}
