/**
 * What `npm run bench:load` sends: a signed-in buyer's browser. Signs in, takes the CSRF cookie,
 * fills the cart with 20 lines, and builds the rotating paths and bodies of each endpoint.
 */

import type { OrderLine } from './bench-load-history';

export type BenchRequest = {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  body?: string;
  /** added to the row's headers for this request only */
  headers?: Record<string, string>;
};

export interface Scenario {
  cartLines: CartLine[];
  queries: string[];
  productIds: number[];
  /** products in stock with a unit they are sold in: what the order rows order */
  orderLines: OrderLine[];
  /** the session-less headers and the CSRF cookie's value, for rows that sign in other accounts */
  baseHeaders: Record<string, string>;
  csrf: string;
  /** a new access token (the refresh token rotates): every row starts with a fresh session */
  refreshSession(): Promise<void>;
  /** the headers of the current session and a function that gives the next request of the rotation */
  requestsFor(endpoint: string): { headers: Record<string, string>; next: () => BenchRequest };
}

interface CartLine {
  id: number;
  product: number;
  unit: number;
}

interface ProductAnswer {
  id: number;
  name: string;
  quantity_in_stock: number | null;
  unit_amounts: { unit: number }[];
}

const CART_LINES = 20;
const PRODUCT_IDS = 400;

// What people type: single letters and two-letter starts (the search-as-you-type box sends each),
// whole words, brands, two words, German and Turkish spellings with and without their accents,
// a stock code and a barcode. More come from the seeded product names (prefixes and words).
const FIXED_QUERIES = [
  'a',
  'k',
  's',
  'm',
  'ka',
  'co',
  'mi',
  'kaf',
  'kase',
  'Käse',
  'cay',
  'çay',
  'kaffee',
  'mineral',
  'wasser',
  'cola',
  'alpenhof',
  'bio milch',
  'crème fraîche',
  'alpenhof kase gouda',
  'sucuk',
  'servietten',
  '1',
  'DAI-00001',
  'nothing-matches-this',
];

const json = (body: unknown) => JSON.stringify(body);

export async function prepareScenario(origin: string, productCount: number): Promise<Scenario> {
  const baseHeaders: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Encoding': 'gzip, deflate, br',
    'Accept-Language': 'en',
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) bench-load',
  };
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      ...(body === undefined
        ? { headers }
        : { headers: { ...headers, 'Content-Type': 'application/json' }, body: json(body) }),
    });
    return response;
  };

  const login = await call('POST', '/api/token/', baseHeaders, { username: 'buyer', password: 'buyer123' });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const csrf = /csrftoken=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!csrf) throw new Error('the sign-in answer set no csrftoken cookie');
  let tokens = (await login.json()) as { access: string; refresh: string };
  const sessionHeaders = () => ({
    ...baseHeaders,
    Authorization: `Bearer ${tokens.access}`,
    Cookie: `csrftoken=${csrf}`,
    'X-CSRFToken': csrf,
  });
  const ok = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
    return response;
  };

  // Product ids spread over the catalogue, each checked once (only existing ones are rotated).
  const step = Math.max(1, Math.floor(productCount / PRODUCT_IDS));
  const found: ProductAnswer[] = [];
  for (let id = 1; id <= productCount && found.length < PRODUCT_IDS; id += step) {
    const response = await call('GET', `/api/netb2b/products/${id}/`, sessionHeaders());
    if (response.ok) found.push((await response.json()) as ProductAnswer);
  }
  if (found.length === 0) throw new Error('no product page answered');

  // The cart: emptied, then 20 lines of products in stock (as a buyer's cart before ordering).
  const current = (await (
    await ok(await call('GET', '/api/netb2b/cart-items/?detailed=true', sessionHeaders()), 'cart GET')
  ).json()) as { id: number }[];
  for (const line of current)
    await ok(await call('DELETE', `/api/netb2b/cart-items/${line.id}/`, sessionHeaders()), 'cart DELETE');
  const cartLines: CartLine[] = [];
  for (const product of found) {
    if (cartLines.length >= CART_LINES) break;
    if ((product.quantity_in_stock ?? 0) < 10) continue;
    for (const { unit } of product.unit_amounts) {
      const response = await call('POST', '/api/netb2b/cart-items/', sessionHeaders(), {
        product: product.id,
        campaign: null,
        quantity: '1',
        unit,
      });
      if (response.ok) {
        const { id } = (await response.json()) as { id: number };
        cartLines.push({ id, product: product.id, unit });
        break;
      }
    }
  }
  if (cartLines.length === 0) throw new Error('no product could be added to the cart');

  const words = new Set<string>();
  for (const product of found.slice(0, 60)) {
    const name = product.name.toLowerCase();
    const [first = '', second = ''] = name.split(/\s+/);
    words.add(first.slice(0, 2));
    words.add(first.slice(0, 3));
    words.add(first);
    if (second) words.add(`${first} ${second}`);
  }
  const queries = [...FIXED_QUERIES, ...[...words].filter((word) => word.length > 0)];
  const productIds = found.map((product) => product.id);
  const orderLines = found.flatMap((product) => {
    const unit = product.unit_amounts[0]?.unit;
    return (product.quantity_in_stock ?? 0) > 0 && unit !== undefined ? [{ product: product.id, unit }] : [];
  });

  let turn = 0;
  const rotation = {
    search: () => ({
      method: 'GET' as const,
      path: `/api/netb2b/products/search/?query=${encodeURIComponent(queries[turn++ % queries.length] ?? '')}`,
    }),
    product: () => ({
      method: 'GET' as const,
      path: `/api/netb2b/products/${productIds[turn++ % productIds.length]}/`,
    }),
    'cart-get': () => ({ method: 'GET' as const, path: '/api/netb2b/cart-items/?detailed=true' }),
    'cart-put': () => {
      const line = cartLines[turn % cartLines.length] as CartLine;
      const quantity = String((Math.floor(turn++ / cartLines.length) % 3) + 1);
      return {
        method: 'PUT' as const,
        path: `/api/netb2b/cart-items/${line.id}/`,
        body: json({ product: line.product, campaign: null, quantity, unit: line.unit }),
      };
    },
    preview: () => ({
      method: 'POST' as const,
      path: '/api/netb2b/orders/preview/',
      body: json({
        items: cartLines.map((line, index) => ({
          product: line.product,
          quantity: String((index % 3) + 1),
          unit: line.unit,
          campaign: null,
          cart_item: line.id,
        })),
      }),
    }),
  };

  return {
    cartLines,
    queries,
    productIds,
    orderLines,
    baseHeaders,
    csrf,
    async refreshSession() {
      const response = await ok(
        await call('POST', '/api/token/refresh/', baseHeaders, { refresh: tokens.refresh }),
        'token refresh',
      );
      tokens = (await response.json()) as typeof tokens;
    },
    requestsFor(endpoint) {
      const next = rotation[endpoint as keyof typeof rotation];
      if (!next) throw new Error(`unknown endpoint ${endpoint}`);
      return { headers: sessionHeaders(), next };
    },
  };
}
