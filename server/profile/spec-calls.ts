import {
  announcement,
  CART_LINE_WRITTEN_KEYS,
  CATEGORY_KEYS,
  CURRENCY_KEYS,
  CUSTOMER_ACCOUNT_KEYS,
  campaign,
  cartItem,
  companyInfo,
  configuration,
  each,
  LANGUAGE_KEYS,
  only,
  order,
  product,
  TOKEN_KEYS,
  UNIT_KEYS,
} from './spec-fields';

/**
 * What a successful answer of a call becomes: point 3's fields of it, or, for the answers SPEC.md
 * point 7 calls "not shown", a bare `200 {}` or a `204` (both occur in the wild, and the portal has
 * to take any 2xx as success).
 */
export type SpecAnswer = { project: (body: unknown) => unknown } | { bare: 200 | 204 };

export interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the path under the API base, matched whole */
  path: RegExp;
  /** query parameters the table writes into the call: without them it is not the table's call */
  requires?: Record<string, string | true>;
  /** query parameters the server reads for this call; any other one is dropped, as a backend ignores it */
  reads?: readonly string[];
  answer: SpecAnswer;
}

const flat = (keys: readonly string[]): SpecAnswer => ({ project: each(only(keys)) });
const products: SpecAnswer = { project: each((row) => product(row)) };

/** SPEC.md point 7's table, and nothing else. */
export const specCalls: readonly SpecCall[] = [
  { method: 'POST', path: /^\/token\/$/, answer: { project: only(TOKEN_KEYS) } },
  { method: 'POST', path: /^\/token\/refresh\/$/, answer: { project: only(TOKEN_KEYS) } },
  { method: 'POST', path: /^\/netb2b\/register\/$/, answer: { bare: 200 } },
  { method: 'POST', path: /^\/change-password\/$/, answer: { bare: 204 } },
  { method: 'DELETE', path: /^\/account-info\/$/, answer: { bare: 204 } },
  {
    method: 'GET',
    path: /^\/netb2b\/cart-items\/$/,
    requires: { detailed: 'true' },
    answer: { project: each(cartItem) },
  },
  { method: 'POST', path: /^\/netb2b\/cart-items\/$/, answer: { project: only(CART_LINE_WRITTEN_KEYS) } },
  { method: 'PUT', path: /^\/netb2b\/cart-items\/\d+\/$/, answer: { bare: 204 } },
  { method: 'DELETE', path: /^\/netb2b\/cart-items\/\d+\/$/, answer: { bare: 204 } },
  { method: 'POST', path: /^\/netb2b\/orders\/$/, answer: { project: only(['id']) } },
  { method: 'GET', path: /^\/netb2b\/orders\/$/, answer: { project: each(order) } },
  {
    method: 'GET',
    path: /^\/netb2b\/products\/search\/$/,
    requires: { query: true },
    reads: ['query'],
    answer: products,
  },
  { method: 'GET', path: /^\/netb2b\/campaigns\/$/, answer: { project: each(campaign) } },
  { method: 'GET', path: /^\/netb2b\/products\/featured\/$/, answer: products },
  { method: 'GET', path: /^\/netb2b\/products\/newest\/$/, answer: products },
  { method: 'GET', path: /^\/netb2b\/categories\/$/, answer: flat(CATEGORY_KEYS) },
  { method: 'GET', path: /^\/netb2b\/product-units\/$/, answer: flat(UNIT_KEYS) },
  {
    method: 'GET',
    path: /^\/netb2b\/deprecated_get-customer-currency\/$/,
    answer: { project: only(CURRENCY_KEYS) },
  },
  { method: 'GET', path: /^\/baf\/configuration\/$/, answer: { project: configuration } },
  { method: 'GET', path: /^\/baf\/announcements\/$/, answer: { project: each(announcement) } },
  { method: 'GET', path: /^\/baf\/languages\/$/, answer: flat(LANGUAGE_KEYS) },
  { method: 'POST', path: /^\/baf\/update-language\/$/, answer: { bare: 200 } },
  { method: 'GET', path: /^\/petekcore\/company-info\/$/, answer: { project: companyInfo } },
  { method: 'PUT', path: /^\/petekcore\/company-info\/$/, answer: { bare: 200 } },
  { method: 'GET', path: /^\/petekcore\/customer-accounts\/$/, answer: flat(CUSTOMER_ACCOUNT_KEYS) },
];

/** The table's call for this request, or undefined when the table has none. */
export function specCallFor(method: string, path: string, query: URLSearchParams): SpecCall | undefined {
  return specCalls.find(
    (call) =>
      call.method === method &&
      call.path.test(path) &&
      Object.entries(call.requires ?? {}).every(([name, value]) =>
        value === true ? query.has(name) : query.get(name) === value,
      ),
  );
}
