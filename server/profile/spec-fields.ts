/**
 * The answers of the conformance profile (API_PROFILE=spec): each of the reference server's answers
 * trimmed to the fields SPEC.md point 3 names, in snake_case, the way a supplier's own backend could
 * send them. Where point 3 leaves the form open, the profile picks the less convenient one a real
 * backend may well have, so the portal is tried against it: timestamps without an offset, money as
 * JSON numbers in the cart and the orders (decimal strings elsewhere), and an order item's optional
 * `campaign` left out instead of null.
 */

import { CUSTOMER_ACCOUNT_FIELDS, POSTAL_ADDRESS_FIELDS } from '../accounts/account-fields';

type Json = unknown;
type Row = Record<string, Json>;

const isRow = (value: Json): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The named keys the row has (absent ones stay absent: point 3 says nothing about defaults). */
function pick(row: Json, keys: readonly string[]): Row {
  if (!isRow(row)) return {};
  const picked: Row = {};
  for (const key of keys) if (key in row) picked[key] = row[key];
  return picked;
}

const listOf = (value: Json, each: (row: Json) => Row): Row[] =>
  Array.isArray(value) ? value.map(each) : [];

/**
 * The named keys of a row, then each key of `convert` set to its conversion of the key's value. A
 * conversion runs for an absent key too (on undefined), so a nested row or list is always there.
 */
const shaped =
  (keys: readonly string[], convert: Record<string, (value: Json) => Json>) =>
  (row: Json): Row => {
    const picked = pick(row, keys);
    for (const [key, to] of Object.entries(convert)) picked[key] = to(picked[key]);
    return picked;
  };

/** "2026-11-27T10:00:00.000Z" → "2026-11-27T10:00:00": many backends store local time without a zone. */
export function withoutOffset(value: Json): Json {
  if (typeof value !== 'string') return value;
  const match = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.exec(value);
  return match ? match[0] : value;
}

/** A decimal string as a JSON number: what a backend serialising floats sends. */
export function asNumber(value: Json): Json {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

type Money = 'string' | 'number';
const money = (value: Json, as: Money) => (as === 'number' ? asNumber(value) : value);

/** Point 3, Product: brand "with name"; the category is point 3's Category (id, name). */
export const PRODUCT_KEYS = [
  'id',
  'name',
  'description',
  'image',
  'brand',
  'category',
  'price',
  'tax_included',
  'tax_rate_percent',
  'deposit_price',
  'stock_code',
  'barcode',
  'quantity_in_stock',
  'unit_amounts',
] as const;
/** Point 3, Campaign price: a campaign product is the product plus its campaign id and new price. */
export const CAMPAIGN_PRODUCT_KEYS = ['campaign_id', 'new_price'] as const;
const PRODUCT_MONEY = ['price', 'deposit_price', 'new_price'] as const;

export function product(row: Json, as: Money = 'string'): Row {
  const picked = pick(row, [...PRODUCT_KEYS, ...CAMPAIGN_PRODUCT_KEYS]);
  if ('brand' in picked) picked.brand = pick(picked.brand, ['name']);
  if ('category' in picked) picked.category = pick(picked.category, ['id', 'name']);
  if ('unit_amounts' in picked)
    picked.unit_amounts = listOf(picked.unit_amounts, (u) => pick(u, ['unit', 'amount']));
  for (const key of PRODUCT_MONEY) if (key in picked) picked[key] = money(picked[key], as);
  return picked;
}

export const CART_ITEM_KEYS = ['id', 'product', 'quantity', 'unit'] as const;
export const cartItem = shaped(CART_ITEM_KEYS, { product: (value) => product(value, 'number') });

export const ORDER_ITEM_KEYS = [
  'product',
  'amount',
  'tax_amount',
  'tax_included',
  'quantity',
  'unit',
  'is_fulfilled',
  'campaign',
] as const;
function orderItem(row: Json): Row {
  const picked = pick(row, ORDER_ITEM_KEYS);
  picked.product = product(picked.product, 'number');
  picked.amount = asNumber(picked.amount);
  picked.tax_amount = asNumber(picked.tax_amount);
  // "optional, null when absent": this backend leaves the key out
  if (picked.campaign === null || picked.campaign === undefined) delete picked.campaign;
  return picked;
}

export const SUBORDER_KEYS = [
  'id',
  'warehouse',
  'operator',
  'total',
  'status',
  'created_at',
  'items',
  'extra_charges',
  'estimated_delivery_date',
] as const;
const extraCharge = shaped(['name', 'amount'], { amount: asNumber });
const suborder = shaped(SUBORDER_KEYS, {
  warehouse: (value) => pick(value, ['id', 'name']),
  operator: (value) => pick(value, ['id', 'name']),
  total: asNumber,
  created_at: withoutOffset,
  items: (value) => listOf(value, orderItem),
  extra_charges: (value) => listOf(value, extraCharge),
});

export const ORDER_KEYS = ['id', 'total', 'created_at', 'is_finalized', 'finalized_at', 'suborders'] as const;
export const order = shaped(ORDER_KEYS, {
  total: asNumber,
  created_at: withoutOffset,
  finalized_at: withoutOffset,
  suborders: (value) => listOf(value, suborder),
});

export const CAMPAIGN_KEYS = ['id', 'name', 'description', 'banner', 'starts_at', 'ends_at'] as const;
export const campaign = shaped(CAMPAIGN_KEYS, { starts_at: withoutOffset, ends_at: withoutOffset });

export const CATEGORY_KEYS = ['id', 'name'] as const;
export const UNIT_KEYS = ['id', 'base', 'name', 'name_plural', 'is_primary'] as const;
export const CURRENCY_KEYS = ['symbol'] as const;
export const LANGUAGE_KEYS = ['id', 'code', 'name', 'flag'] as const;
export const ANNOUNCEMENT_KEYS = ['id', 'name', 'description', 'type', 'read', 'created_at'] as const;
export const announcement = shaped(ANNOUNCEMENT_KEYS, { created_at: withoutOffset });

export const configuration = (row: Json): Row => {
  const modules = isRow(row) && isRow(row.modules) ? row.modules : {};
  return {
    global: pick(isRow(row) ? row.global : undefined, ['logo_square', 'logo_wide', 'site_name']),
    modules: { netb2b: pick(modules.netb2b, ['money_decimal_places', 'default_customer_type']) },
  };
};

export const BILLING_ADDRESS_KEYS = ['pk', ...POSTAL_ADDRESS_FIELDS] as const;
export const DELIVERY_ADDRESS_KEYS = [...BILLING_ADDRESS_KEYS, 'instructions'] as const;
export const COMPANY_INFO_KEYS = [
  'name',
  'vat_number',
  'landline_number',
  'mobile_number',
  'email_addresses',
  'delivery_addresses',
  'billing_addresses',
] as const;
export const companyInfo = (row: Json): Row => {
  const picked = pick(row, COMPANY_INFO_KEYS);
  picked.delivery_addresses = listOf(picked.delivery_addresses, (a) => pick(a, DELIVERY_ADDRESS_KEYS));
  picked.billing_addresses = listOf(picked.billing_addresses, (a) => pick(a, BILLING_ADDRESS_KEYS));
  return picked;
};

export const CUSTOMER_ACCOUNT_KEYS = CUSTOMER_ACCOUNT_FIELDS;

export const TOKEN_KEYS = ['access', 'refresh'] as const;
export const CART_LINE_WRITTEN_KEYS = ['id', 'quantity', 'unit'] as const;

/** Keys only, for the calls whose rows are flat. */
export const only =
  (keys: readonly string[]) =>
  (row: Json): Row =>
    pick(row, keys);
export const each =
  (one: (row: Json) => Row) =>
  (value: Json): Row[] =>
    listOf(value, one);
