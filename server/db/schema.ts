import type { Generated } from 'kysely';

/**
 * Table shapes as Kysely sees them. Portability rules that every query relies on:
 * money and quantities are exact decimals (TEXT in SQLite, NUMERIC in PostgreSQL) and read back
 * as strings; flags are 0/1 integers (SQLite has no boolean); instants are ISO-8601 UTC text and
 * dates are yyyy-mm-dd text, so both engines sort and compare them the same way.
 */
type DecimalText = string;
type Flag = number;
type IsoText = string;

export interface MetaTable {
  key: string;
  value: string;
}

export interface LanguagesTable {
  id: number;
  code: string;
  name: string;
  flag: string;
  position: number;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  customer_type: 'corporate' | 'individual';
  vat_number: string;
  landline_number: string;
  mobile_number: string;
  email: string;
  tax_applies: Flag;
  currency_symbol: string;
  /** +1 on every saved company info (migration 060): a PUT made from an older copy is refused */
  version: Generated<number>;
  /** EN 16931 BT-10, a public customer's Leitweg-ID (migration 180); '' for none */
  buyer_reference: Generated<string>;
  /** the supplier's own key (migration 250); null for a company registered in the portal */
  external_id: Generated<string | null>;
  customer_group_id: Generated<number | null>;
  /** set when a snapshot import of customers no longer named it: its users cannot sign in */
  retired_at: Generated<IsoText | null>;
  /** the company never wants substitutes offered (migration 280) */
  forbids_substitutes: Generated<Flag>;
}

/** The company's e-mail addresses in their order (migration 060); companies.email mirrors the first. */
export interface CompanyEmailAddressesTable {
  company_id: number;
  position: number;
  email: string;
}

/** Delivery and billing addresses of a company (migration 060); `id` is the address's `pk`. */
export interface CompanyAddressesTable {
  id: Generated<number>;
  company_id: number;
  kind: 'delivery' | 'billing';
  position: number;
  name: string;
  line1: string;
  line2: string;
  suburb: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  /** delivery instructions; always '' for a billing address */
  instructions: string;
  /** the delivery route serving the address (migration 210); null when none (and for billing) */
  route_id: Generated<number | null>;
  /** the supplier's own key (migration 250) */
  external_id: Generated<string | null>;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  landline_phone: string;
  mobile_phone: string;
  is_active: Flag;
  is_admin: Flag;
  is_demo: Flag;
  /** may open the statechart studio (migration 090) */
  can_review_flows: Generated<Flag>;
  created_at: IsoText;
  /**
   * set when a user whom orders reference was deleted (migration 060): the row stays, anonymised and
   * inactive, so the orders keep their user; deleted users are invisible everywhere else
   */
  deleted_at: IsoText | null;
  /** the supplier's own key (migration 250) */
  external_id: Generated<string | null>;
  /** this user never wants substitutes offered (migration 280) */
  forbids_substitutes: Generated<Flag>;
}

export interface UnitsTable {
  id: number;
  base_id: number | null;
  name: string;
  name_plural: string;
  is_primary: Flag;
}

export interface BrandsTable {
  id: number;
  name: string;
}

export interface CategoriesTable {
  id: number;
  name: string;
}

export interface WarehousesTable {
  id: number;
  name: string;
  /** days the warehouse needs on top of a route's lead days (migration 210) */
  lead_days: Generated<number>;
}

export interface OperatorsTable {
  id: number;
  warehouse_id: number;
  name: string;
  phone: string;
  /** where the operator is told of changed and cancelled orders (migration 240); null: not by mail */
  email: string | null;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  /** the name folded to lowercase ASCII: a portable sort key and the search ranking key */
  name_key: string;
  description: string;
  brand_id: number;
  category_id: number;
  warehouse_id: number;
  price: DecimalText;
  old_price: DecimalText | null;
  tax_included: Flag;
  tax_rate_percent: DecimalText;
  deposit_price: DecimalText;
  stock_code: string;
  /** the stock code folded to lowercase letters and digits, for exact-match ranking */
  stock_code_key: string;
  barcode: string;
  quantity_in_stock: number;
  is_featured: Flag;
  created_at: IsoText;
  /** the supplier's own key (migration 250); null on products the portal's seed made */
  external_id: Generated<string | null>;
  /** set when a snapshot import no longer named it: not sold, kept for the orders naming it */
  retired_at: Generated<IsoText | null>;
  /** EU food information: the ingredients list as printed; '' when not given */
  ingredients: Generated<string>;
  /** comma-separated allergen codes (see src/domain/allergens.ts); '' for none declared */
  allergens: Generated<string>;
  /** an image by URL as the import gave it; '' for none */
  image_url: Generated<string>;
}

export interface ProductUnitsTable {
  product_id: number;
  unit_id: number;
  amount: DecimalText;
  /** the GTIN printed on this unit (a case code on the box, a unit code on the piece); migration 250 */
  gtin: Generated<string | null>;
}

export interface ProductSearchTokensTable {
  token: string;
  product_id: number;
}

/** One row (id 1): bumped by triggers whenever names, codes or search tokens change (migration 110). */
export interface CatalogueVersionTable {
  id: number;
  /** bigint: a string from PostgreSQL, a number from SQLite */
  version: number | string;
}

export interface CampaignsTable {
  id: number;
  name: string;
  description: string;
  starts_at: IsoText;
  ends_at: IsoText;
}

export interface CampaignPricesTable {
  campaign_id: number;
  product_id: number;
  new_price: DecimalText;
}

export interface OrdersTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  total: DecimalText;
  created_at: IsoText;
  is_finalized: Flag;
  finalized_at: IsoText | null;
  expected_delivery_date: string;
  is_preorder: Flag;
  customer_note: string;
  /** the cart figures at order time (migration 020); null on orders placed before it */
  subtotal: DecimalText | null;
  discount_amount: DecimalText | null;
  tax: DecimalText | null;
  deposit_total: DecimalText | null;
  total_without_tax: DecimalText | null;
  /** 'gross' or 'net': the basis every figure of the order is on (migration 040); null on older orders */
  price_basis: 'gross' | 'net' | null;
  /** 1 for an order never changed; each change or cancel moves it on (migration 240) */
  version: Generated<number>;
  cancelled_at: IsoText | null;
}

export interface SubordersTable {
  id: Generated<number>;
  order_id: number;
  warehouse_id: number;
  operator_id: number;
  total: DecimalText;
  /** a state of src/machines/orders/suborder-life.machine.ts ('processing' until the ERP reports) */
  status: string;
  created_at: IsoText;
  estimated_delivery_date: string | null;
  /** the ERP's own number of the suborder, once it gave one (migration 260) */
  external_id: string | null;
  /** when the shipment is expected to arrive (ISO date-time), from the ERP's "shipped" report */
  eta: IsoText | null;
  delivery_note_number: string | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  suborder_id: number;
  product_id: number;
  amount: DecimalText;
  tax_amount: DecimalText;
  tax_included: Flag;
  quantity: DecimalText;
  unit_id: number;
  is_fulfilled: Flag;
  campaign_id: number | null;
  /** the line's deposit on the order's price basis (migration 040); null on older orders */
  deposit_amount: DecimalText | null;
  /** the VAT rate the line (and its deposit) was taxed at (migration 160); null on older orders */
  tax_rate_percent: DecimalText | null;
  /** primary units the line took from stock (migration 240); null on older lines */
  pieces: number | null;
  /** what arrived, in the line's unit (migration 260); null until the ERP reports the delivery */
  delivered_quantity: DecimalText | null;
  /** what the warehouse sent instead of the product, when it substituted */
  substitute_product_id: number | null;
  substitute_quantity: DecimalText | null;
  substitute_unit_id: number | null;
  /** the product the buyer asked for when they took this one as its substitute (migration 280) */
  substitute_for: Generated<number | null>;
}

export interface ExtraChargesTable {
  id: Generated<number>;
  suborder_id: number;
  /** stable charge code ('delivery_fee', 'cold_chain_surcharge'; migration 040); null on older rows */
  code: string | null;
  /** the English name when stored; answers translate by code */
  name: string;
  /** on the order's price basis (gross on the gross basis since migration 160) */
  amount: DecimalText;
  /** the fee's VAT rate and the VAT contained in amount (migration 160); null on older rows */
  tax_rate_percent: DecimalText | null;
  tax_amount: DecimalText | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  created_at: IsoText;
  read_at: IsoText | null;
  /** the order whose invoice the notification announces (migration 175); null for any other */
  invoice_order_id: Generated<number | null>;
  /** the order whose status the notification reports (migration 260); null for any other */
  order_id: Generated<number | null>;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  name: string;
  description: string;
  type: string;
  created_at: IsoText;
}

export interface AnnouncementReadsTable {
  announcement_id: number;
  user_id: number;
  read_at: IsoText;
}

/** Catalogue texts in one language (migration 030); the entity's own columns hold the English text. */
export interface CategoryTranslationsTable {
  category_id: number;
  language: string;
  name: string;
}

export interface UnitTranslationsTable {
  unit_id: number;
  language: string;
  name: string;
  name_plural: string;
}

export interface NotificationTranslationsTable {
  notification_id: number;
  language: string;
  name: string;
  description: string;
}

export interface AnnouncementTranslationsTable {
  announcement_id: number;
  language: string;
  name: string;
  description: string;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  campaign_id: number | null;
  /** in the line's unit */
  quantity: DecimalText;
  unit_id: number;
  created_at: IsoText;
  updated_at: IsoText;
  /** the product this line stands in for, when the buyer took it as a substitute (migration 280) */
  substitute_for: Generated<number | null>;
}

export interface OrderIdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha-256 of the submitted body: the same key with another body is refused */
  request_hash: string;
  order_id: number;
  created_at: IsoText;
}

/** Reports of failures the portal sent (migration 050); user_id is null before sign-in. */
export interface ErrorReportsTable {
  id: Generated<number>;
  user_id: number | null;
  source: string;
  message: string;
  status: number | null;
  call: string | null;
  url: string | null;
  created_at: IsoText;
}

/** A sign-in's chain of refresh tokens (migration 070): only `current_jti` may be refreshed. */
export interface RefreshTokenFamiliesTable {
  /** a random UUID, the tokens' `fam` claim */
  id: string;
  user_id: number;
  current_jti: string;
  created_at: IsoText;
  /** set by sign-out, reuse of an old refresh token, a password change or reset, deactivation, deletion */
  revoked_at: IsoText | null;
  /** the jti `current_jti` replaced, and when (migration 140): honoured for a few seconds (two tabs) */
  previous_jti: string | null;
  rotated_at: IsoText | null;
  /** when the newest refresh token runs out (migration 140; always written, filled for older rows) */
  expires_at: IsoText;
}

/** Password-reset codes (migration 070), stored as a keyed hash; user_id null for an unknown address. */
export interface PasswordResetsTable {
  id: Generated<number>;
  /** trimmed and lower-cased as typed */
  email: string;
  user_id: number | null;
  code_hash: string;
  created_at: IsoText;
  expires_at: IsoText;
  /** wrong tries so far (at most 5) */
  tries: number;
  /** set when the code set a password, or when a newer request replaced it */
  used_at: IsoText | null;
}

/** Mails the server sends (migration 070); without SMTP_URL they stay here (see /dev/mailbox/). */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body_text: string;
  language: string;
  created_at: IsoText;
  sent_at: IsoText | null;
  send_error: string | null;
}

/** A user's named list of products (migration 080); seen by the company when `shared`. */
export interface FavouriteListsTable {
  id: Generated<number>;
  /** the owner; the list goes with the user */
  user_id: number;
  /** the owner's company: whose users see the list when shared */
  company_id: number;
  name: string;
  /** the name trimmed and lower-cased: unique per owner */
  name_key: string;
  shared: Flag;
  created_at: IsoText;
  /** moves on every change of the list or its lines */
  updated_at: IsoText;
}

/** A product on a list with its preferred quantity and unit; no foreign key to the product. */
export interface FavouriteListItemsTable {
  list_id: number;
  product_id: number;
  /** in the line's unit */
  quantity: DecimalText;
  unit_id: number;
  added_at: IsoText;
  /** the order added: one more than the list's highest */
  position: number;
  /** an order guide's par level, in the product's primary unit (migration 290); null: none */
  par_level: DecimalText | null;
  /** where a stock-take walks the line (1 first); null: after the lines that have one */
  shelf_position: number | null;
}

/** A file the supplier publishes (migration 080): to every customer when `company_id` is null. */
export interface DocumentsTable {
  id: Generated<number>;
  type: 'price_list' | 'data_sheet' | 'terms' | 'certificate';
  /** the English name; document_translations has the others */
  name: string;
  file_name: string;
  content_type: string;
  /** bytes of `content` */
  size: number;
  company_id: number | null;
  created_at: IsoText;
  content: Buffer;
}

export interface DocumentTranslationsTable {
  document_id: number;
  language: string;
  name: string;
}

/**
 * A user's pending change of e-mail address (migration 130): it takes effect when the code mailed to
 * the new address comes back. One per user; a new request replaces it.
 */
export interface EmailChangesTable {
  user_id: number;
  /** the new address, trimmed as typed */
  email: string;
  /** keyed hash of the 6-digit code, like password_resets.code_hash */
  code_hash: string;
  created_at: IsoText;
  expires_at: IsoText;
  /** wrong tries of the current code */
  tries: number;
  /** codes asked for since `requests_since` (a mail each), to keep a user from flooding an address */
  requests: number;
  requests_since: IsoText;
}

/**
 * How many suborders each operator has not yet delivered (migration 150), kept by triggers on
 * suborders so that assigning an operator reads one row per operator, not the order history. An
 * operator without a row has none.
 */
export interface OperatorOpenWorkTable {
  operator_id: number;
  open_suborders: number;
}

/**
 * Throttle counters shared by every server process (migration 120): one row per event of a bucket
 * (`sign-in:user:buyer`, `error-report:all`, ...). Rows older than their rule's window no longer count.
 */
export interface ThrottleEventsTable {
  id: string;
  bucket: string;
  /** pending: a credential check in flight; failure: a refused credential; hit: a counted request */
  kind: 'pending' | 'failure' | 'hit';
  at: IsoText;
  /** the client address of a sign-in, whose failures a correct sign-in from there forgives */
  origin: string | null;
}

/** An issued invoice or credit note (migration 170): `document` is the JSON it shows, as issued. */
export interface InvoicesTable {
  id: Generated<number>;
  supplier_key: string;
  /** "2026-000001": gap-free per supplier and year */
  number: string;
  kind: 'invoice' | 'credit_note';
  /** the invoice a credit note corrects; unique, so one credit note per invoice (migration 190) */
  corrects_invoice_id: number | null;
  order_id: number;
  suborder_id: number | null;
  company_id: number;
  /** what an automatic issue was for ('suborder:12'), unique; null otherwise */
  issue_key: string | null;
  issued_on: string;
  due_on: string;
  net_total: DecimalText;
  tax_total: DecimalText;
  gross_total: DecimalText;
  document: string;
  created_at: IsoText;
}

/** The last invoice number given per supplier and year (migration 170). */
export interface InvoiceNumberCountersTable {
  supplier_key: string;
  year: number;
  last_number: number;
}

/**
 * Every word of letters (three or more) among the search tokens, kept by triggers on
 * product_search_tokens (migration 200): what infix and typo lookups search, through a trigram
 * index (pg_trgm on PostgreSQL; on SQLite the FTS5 table search_words_trigram, queried in SQL).
 */
export interface SearchWordsTable {
  word: string;
}

/** The supplier's time zone (migration 210), one row (id 1): no row, no delivery calendar. */
export interface DeliveryCalendarSettingsTable {
  id: number;
  /** an IANA zone; cut-off times and delivery days are read in it */
  time_zone: string;
  /** +1 on every change of the calendar: readers of several tables check they read one version */
  version: Generated<number>;
}

/** A delivery route (migration 210); the id is the supplier's own route number. */
export interface DeliveryRoutesTable {
  id: number;
  name: string;
  /** ISO weekdays served, ascending, comma-separated: '2,5' is Tuesday and Friday */
  weekdays: string;
  /** orders close this many days before the delivery day (0 to 7) … */
  cutoff_days_before: number;
  /** … at this time of day, 'HH:MM' in the supplier's time zone */
  cutoff_time: string;
  lead_days: number;
  /** the route's minimum order value (migration 230): all three null when it has none */
  minimum_order_value: string | null;
  minimum_order_mode: 'block' | 'fee' | null;
  /** set exactly when the mode is 'fee': a net amount */
  minimum_order_fee: string | null;
}

/** A day nobody delivers (migration 210): everywhere when `region` is null; one per day and region. */
export interface DeliveryClosuresTable {
  /** yyyy-mm-dd */
  date: string;
  kind: 'publicHoliday' | 'closure';
  name: string;
  region: string | null;
}

/**
 * The delivery address an order goes to, copied when it was placed (migration 220); `address_id` is
 * the company address it was copied from, which may have been edited or removed since.
 */
export interface OrderDeliveryAddressesTable {
  order_id: number;
  address_id: number | null;
  name: string;
  line1: string;
  line2: string;
  suburb: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

/** A company's own minimum order value, set by the supplier (migration 230); wins over its route's. */
export interface CompanyMinimumOrdersTable {
  company_id: number;
  value: string;
  mode: 'block' | 'fee';
  /** set exactly when the mode is 'fee': a net amount */
  fee: string | null;
}

/** A replaced version of an order (migration 240), as the order detail's versions list answers it. */
export interface OrderVersionsTable {
  order_id: number;
  version: number;
  replaced_at: IsoText;
  replaced_by: number;
  expected_delivery_date: string;
  total: DecimalText;
  /** JSON: [{ product: { id, name }, quantity, unit }] */
  lines: string;
}

export interface CustomerGroupsTable {
  id: Generated<number>;
  external_id: string;
  name: string;
  retired_at: IsoText | null;
}

/**
 * A negotiated net price per primary unit (migration 250), for one company or one customer group
 * (exactly one is set), from `min_quantity` base units up, valid from/to calendar days (inclusive).
 */
export interface ContractPricesTable {
  id: Generated<number>;
  external_id: string;
  product_id: number;
  company_id: number | null;
  customer_group_id: number | null;
  min_quantity: Generated<DecimalText>;
  price: DecimalText;
  /** YYYY-MM-DD or null (open) */
  valid_from: string | null;
  valid_to: string | null;
  retired_at: IsoText | null;
}

export interface AssortmentsTable {
  id: Generated<number>;
  external_id: string;
  name: string;
  retired_at: IsoText | null;
}

export interface AssortmentProductsTable {
  assortment_id: number;
  product_id: number;
}

/** A company in one or more assortments sees and orders only their products; in none, everything. */
export interface CompanyAssortmentsTable {
  company_id: number;
  assortment_id: number;
}

/** An integration API key (migration 250): only its SHA-256 digest is kept. */
export interface IntegrationKeysTable {
  id: Generated<number>;
  name: string;
  /** the key's first characters, shown to tell keys apart */
  key_prefix: string;
  /** hex SHA-256 of the whole key */
  key_digest: string;
  /** space-separated scopes, e.g. "catalogue:write prices:write" */
  scopes: string;
  created_at: IsoText;
  /** "cli", or "staff:<username>" */
  created_by: string;
  last_used_at: IsoText | null;
  revoked_at: IsoText | null;
}

export interface StaffUsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  name: string;
  is_active: Generated<Flag>;
  created_at: IsoText;
}

export type ImportKind = 'products' | 'prices' | 'assortments' | 'customers';
export type ImportMode = 'delta' | 'snapshot';
export type ImportFormat = 'json' | 'csv' | 'xlsx';
export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';
export type ImportOutcome = 'applied' | 'unchanged' | 'refused' | 'retired';

export interface ImportJobsTable {
  /** a random UUID */
  id: string;
  kind: ImportKind;
  mode: ImportMode;
  format: ImportFormat;
  status: ImportStatus;
  file_name: string;
  /** hex SHA-256 of the file */
  file_digest: string;
  file_bytes: number;
  /** known once the file was read to its end; null before */
  rows_total: number | null;
  rows_done: Generated<number>;
  applied: Generated<number>;
  unchanged: Generated<number>;
  refused: Generated<number>;
  retired: Generated<number>;
  /** why a failed job failed (the file could not be read at all) */
  error: string | null;
  /** "key:<name>" or "staff:<username>" */
  created_by: string;
  created_at: IsoText;
  started_at: IsoText | null;
  heartbeat_at: IsoText | null;
  finished_at: IsoText | null;
}

/** An import file in order, a chunk of about a megabyte per row. */
export interface ImportJobChunksTable {
  job_id: string;
  chunk: number;
  bytes: Buffer;
}

export interface ImportJobRowsTable {
  job_id: string;
  /** the report's order: file rows first, then retirements */
  seq: number;
  /** the file's row number (the header is row 1 in CSV and XLSX; the first item is 1 in JSON); null for a retirement */
  row_number: number | null;
  external_id: string | null;
  outcome: ImportOutcome;
  /** a stable code for a refusal, e.g. "price_invalid" */
  reason: string | null;
  /** the refusal in words (English) */
  detail: string | null;
}

/** The outbox (migration 260): one row per order placed, changed or cancelled. */
export interface OrderEventsTable {
  /** the pull cursor: rows become visible in this order */
  seq: Generated<number>;
  /** "evt_…": the event's identity for receivers (Standard Webhooks' webhook-id) */
  id: string;
  type: 'order.placed' | 'order.amended' | 'order.cancelled';
  order_id: number;
  order_version: number;
  /** the event's JSON body, exactly as delivered and pulled */
  payload: string;
  created_at: IsoText;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  /** "whsec_" and the base64 of the signing key */
  secret: string;
  /** the secret before the last rotation, also signed with until it expires */
  previous_secret: string | null;
  previous_secret_expires_at: IsoText | null;
  /** a disabled endpoint is given no new events */
  enabled: Generated<Flag>;
  created_at: IsoText;
  /** "cli", "staff:<username>", "key:<name>" */
  created_by: string;
  retired_at: IsoText | null;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_seq: number;
  order_id: number;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: IsoText;
  /** a worker holds the delivery until then; after it, another may take it over */
  lease_until: IsoText | null;
  last_attempt_at: IsoText | null;
  /** the receiver's HTTP status of the last try; null when it gave none (refused, timed out) */
  last_status: number | null;
  last_error: string | null;
  delivered_at: IsoText | null;
}

/** A report the ERP made of a suborder (migration 260): its timeline. */
export interface SuborderEventsTable {
  id: Generated<number>;
  suborder_id: number;
  /** the report's type: received, confirmed, picking, shipped, delivered, invoiced, cancelled */
  type: string;
  /** the suborder's state after it */
  state: string;
  occurred_at: IsoText;
  recorded_at: IsoText;
  /** JSON: eta, delivery_note_number, lines, reason, document… as reported */
  details: Generated<string>;
  /** the ERP's own id of the report: a report sent again is stored once */
  event_key: string | null;
}

/** An invoice or credit note the ERP issued with its own number (migration 260). */
export interface FinanceDocumentsTable {
  id: Generated<number>;
  external_id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  company_id: number;
  /** the invoice (its external id) a credit note corrects */
  corrects_external_id: string | null;
  issued_on: string;
  due_on: string | null;
  currency: Generated<string>;
  net_total: DecimalText;
  tax_total: DecimalText;
  gross_total: DecimalText;
  /** what is still to be paid (0 once settled) */
  open_balance: DecimalText;
  pdf: Buffer | null;
  pdf_bytes: number | null;
  created_at: IsoText;
  updated_at: IsoText;
}

export interface FinanceDocumentOrdersTable {
  document_id: number;
  order_id: number;
}

/** A version of a flow signed off in the statechart studio (migration 270); never changed. */
export interface FlowSignOffsTable {
  id: Generated<number>;
  /** the machine's catalog name (src/studio/machine-catalog.ts) */
  machine: string;
  /** 12 hex digits (src/studio/flow-version.ts) */
  version: string;
  comment: string;
  /** null once the signer's account was removed */
  user_id: number | null;
  signed_at: IsoText;
}

/** Customers' transitions per UTC day (migration 271, FLOW_USAGE_COUNTS=1): counts only. */
export interface FlowUsageTable {
  /** YYYY-MM-DD, UTC */
  day: string;
  /** the machine's id as the portal runs it (`checkout`, `cartLine`) */
  machine: string;
  /** src/studio/flow-version.ts `transitionKey` */
  transition: string;
  /** bigint: PostgreSQL hands it back as text */
  count: number | string;
}

/** The supplier's alternatives for a product, in rank order (migration 280). */
export interface ProductSubstitutesTable {
  product_id: number;
  substitute_id: number;
  rank: number;
  reason: string;
}

export interface Database {
  meta: MetaTable;
  languages: LanguagesTable;
  companies: CompaniesTable;
  company_email_addresses: CompanyEmailAddressesTable;
  company_addresses: CompanyAddressesTable;
  users: UsersTable;
  units: UnitsTable;
  brands: BrandsTable;
  categories: CategoriesTable;
  warehouses: WarehousesTable;
  operators: OperatorsTable;
  operator_open_work: OperatorOpenWorkTable;
  products: ProductsTable;
  product_units: ProductUnitsTable;
  product_search_tokens: ProductSearchTokensTable;
  search_words: SearchWordsTable;
  catalogue_version: CatalogueVersionTable;
  campaigns: CampaignsTable;
  campaign_prices: CampaignPricesTable;
  orders: OrdersTable;
  order_delivery_addresses: OrderDeliveryAddressesTable;
  order_versions: OrderVersionsTable;
  suborders: SubordersTable;
  order_items: OrderItemsTable;
  extra_charges: ExtraChargesTable;
  notifications: NotificationsTable;
  order_events: OrderEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  suborder_events: SuborderEventsTable;
  finance_documents: FinanceDocumentsTable;
  finance_document_orders: FinanceDocumentOrdersTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  category_translations: CategoryTranslationsTable;
  unit_translations: UnitTranslationsTable;
  notification_translations: NotificationTranslationsTable;
  announcement_translations: AnnouncementTranslationsTable;
  cart_items: CartItemsTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
  error_reports: ErrorReportsTable;
  refresh_token_families: RefreshTokenFamiliesTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  mail_outbox: MailOutboxTable;
  throttle_events: ThrottleEventsTable;
  favourite_lists: FavouriteListsTable;
  favourite_list_items: FavouriteListItemsTable;
  documents: DocumentsTable;
  document_translations: DocumentTranslationsTable;
  invoices: InvoicesTable;
  invoice_number_counters: InvoiceNumberCountersTable;
  delivery_calendar_settings: DeliveryCalendarSettingsTable;
  delivery_routes: DeliveryRoutesTable;
  delivery_closures: DeliveryClosuresTable;
  company_minimum_orders: CompanyMinimumOrdersTable;
  customer_groups: CustomerGroupsTable;
  contract_prices: ContractPricesTable;
  assortments: AssortmentsTable;
  assortment_products: AssortmentProductsTable;
  company_assortments: CompanyAssortmentsTable;
  integration_keys: IntegrationKeysTable;
  staff_users: StaffUsersTable;
  import_jobs: ImportJobsTable;
  import_job_chunks: ImportJobChunksTable;
  import_job_rows: ImportJobRowsTable;
  flow_sign_offs: FlowSignOffsTable;
  flow_usage: FlowUsageTable;
  product_substitutes: ProductSubstitutesTable;
  standing_orders: StandingOrdersTable;
  standing_order_occurrences: StandingOrderOccurrencesTable;
}

/** A customer's standing order (migration 300): `lines` is JSON text of decimal strings. */
export interface StandingOrdersTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  interval_weeks: number;
  weekday: number;
  first_delivery_date: string;
  end_date: string | null;
  status: 'active' | 'paused' | 'ended';
  address_id: number | null;
  lines: string;
  created_at: IsoText;
  updated_at: IsoText;
}

/** One delivery of a standing order (migration 300): unique per series and delivery date. */
export interface StandingOrderOccurrencesTable {
  id: Generated<number>;
  series_id: number;
  delivery_date: string;
  status: 'upcoming' | 'draft' | 'skipped' | 'needs_review' | 'placing' | 'placed' | 'failed';
  cutoff_at: IsoText;
  draft_at: IsoText;
  /** null: the series' lines ("every delivery"); set: this delivery only */
  lines: string | null;
  review_reasons: Generated<string>;
  approved_at: IsoText | null;
  claimed_at: IsoText | null;
  order_id: number | null;
  failure: string | null;
  created_at: IsoText;
  updated_at: IsoText;
}
