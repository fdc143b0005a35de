import { TestClient } from './http-client';
import { type Caller, callerFor } from './signed-in-calls';
import { startTestServer, type TestServer } from './test-server';

/** Seeded units (server/seed/units.ts): piece → box → pallet. */
export const PIECE = 1;
/** The seeded colleague of Lindenhof Gastro's main user (server/seed/accounts.ts). */
export const COLLEAGUE_ID = 2;

/** What the body endpoints need to exist before a body reaches their schema. */
export interface BodyFixtures {
  /** an in-stock product sold by the piece, in no campaign */
  productId: number;
  /** a line of the buyer's cart (PUT checks the line before the body) */
  cartItemId: number;
  /** a favourite list of the buyer's (PATCH and PUT check the list before the body) */
  listId: number;
  /** the company info as GET answers it: a PUT of it unchanged is valid */
  companyInfo: Record<string, unknown>;
}

/**
 * Every endpoint that reads a JSON body (server/routes/*.ts, readJsonBody), with a body shaped as the
 * portal sends it and the paths of the fields that carry an id or a text. Shared by the bounds test
 * (each field poisoned in turn) and the fuzz test (shapes and junk).
 */
export interface BodyEndpoint {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  /** no bearer token: the calls made before signing in */
  anonymous?: boolean;
  body: Record<string, unknown>;
  ids: string[];
  texts: string[];
}

export async function prepareBodyFixtures(server: TestServer, call: Caller): Promise<BodyFixtures> {
  const { db } = server.database;
  const product = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 100)
    .where('p.id', 'not in', db.selectFrom('campaign_prices').select('product_id'))
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const line = await call('POST', '/api/netb2b/cart-items/', {
    product: product.id,
    campaign: null,
    quantity: '1',
    unit: PIECE,
  });
  if (line.status !== 200 && line.status !== 201) throw new Error(`cart line: ${line.status}`);
  const list = await call('POST', '/api/netb2b/favourite-lists/', { name: 'Bounds' });
  if (list.status !== 201) throw new Error(`favourite list: ${list.status}`);
  const info = await call('GET', '/api/petekcore/company-info/');
  if (info.status !== 200) throw new Error(`company info: ${info.status}`);
  return {
    productId: product.id,
    cartItemId: (line.body as { id: number }).id,
    listId: (list.body as { id: number }).id,
    companyInfo: info.body as Record<string, unknown>,
  };
}

const person = {
  first_name: 'Cem',
  last_name: 'Kaya',
  email: 'cem.kaya@lindenhof-gastro.example',
  landline_phone: '',
  mobile_phone: '+49 170 1',
};

export function bodyEndpoints(f: BodyFixtures): BodyEndpoint[] {
  const cartLine = { product: f.productId, campaign: null, quantity: '1', unit: PIECE };
  const orderLine = {
    product: f.productId,
    quantity: '1',
    unit: PIECE,
    campaign: null,
    cart_item: f.cartItemId,
  };
  return [
    {
      name: 'sign-in',
      method: 'POST',
      path: '/api/token/',
      anonymous: true,
      body: { username: 'nobody-here', password: 'wrong-password' },
      ids: [],
      texts: ['username', 'password'],
    },
    {
      name: 'token refresh',
      method: 'POST',
      path: '/api/token/refresh/',
      anonymous: true,
      body: { refresh: 'a.b.c' },
      ids: [],
      texts: ['refresh'],
    },
    {
      name: 'token revoke',
      method: 'POST',
      path: '/api/token/revoke/',
      anonymous: true,
      body: { refresh: 'a.b.c' },
      ids: [],
      texts: ['refresh'],
    },
    {
      name: 'password reset request',
      method: 'POST',
      path: '/api/password-reset/',
      anonymous: true,
      body: { email: 'nobody@example.test' },
      ids: [],
      texts: ['email'],
    },
    {
      name: 'password reset verify',
      method: 'POST',
      path: '/api/password-reset/verify/',
      anonymous: true,
      body: { email: 'nobody@example.test', code: '123456' },
      ids: [],
      texts: ['email', 'code'],
    },
    {
      name: 'password reset confirm',
      method: 'POST',
      path: '/api/password-reset/confirm/',
      anonymous: true,
      body: { email: 'nobody@example.test', code: '123456', password: 'a-new-secret' },
      ids: [],
      texts: ['email', 'code', 'password'],
    },
    {
      name: 'registration',
      method: 'POST',
      path: '/api/netb2b/register/',
      anonymous: true,
      body: {
        customerType: 'corporate',
        fullName: 'Clara Hoffmann',
        companyName: 'Hoffmann Bistro GmbH',
        taxNumber: 'DE123456789',
        email: 'clara@hoffmann-bistro.example',
        phoneNumber: '+49 30 1234567',
        username: 'clara-bounds',
        password: 'clara-secret',
        confirmPassword: 'clara-secret',
      },
      ids: [],
      texts: ['fullName', 'companyName', 'taxNumber', 'email', 'phoneNumber', 'username', 'password'],
    },
    {
      name: 'error report',
      method: 'POST',
      path: '/api/errors/',
      anonymous: true,
      body: { source: 'cart', message: 'Failed', status: 500, call: 'GET /netb2b/cart-items/', url: '/cart' },
      ids: [],
      texts: ['source', 'message', 'call', 'url'],
    },
    {
      name: 'language change',
      method: 'POST',
      path: '/api/baf/update-language/',
      body: { language: 1 },
      ids: ['language'],
      texts: [],
    },
    {
      name: 'cart line add',
      method: 'POST',
      path: '/api/netb2b/cart-items/',
      body: cartLine,
      ids: ['product', 'campaign', 'unit'],
      texts: [],
    },
    {
      name: 'cart line change',
      method: 'PUT',
      path: `/api/netb2b/cart-items/${f.cartItemId}/`,
      body: cartLine,
      ids: ['product', 'campaign', 'unit'],
      texts: [],
    },
    {
      name: 'cart bulk add',
      method: 'POST',
      path: '/api/netb2b/cart-items/bulk/',
      body: { items: [cartLine] },
      ids: ['items.0.product', 'items.0.campaign', 'items.0.unit'],
      texts: [],
    },
    {
      name: 'product lookup',
      method: 'POST',
      path: '/api/netb2b/products/lookup/',
      body: { codes: ['AJ-1'] },
      ids: [],
      texts: ['codes.0'],
    },
    {
      name: 'order',
      method: 'POST',
      path: '/api/netb2b/orders/',
      body: {
        items: [orderLine],
        expected_delivery_date: '2099-01-01',
        is_preorder: false,
        customer_note: 'Ring twice',
      },
      ids: ['items.0.product', 'items.0.unit', 'items.0.campaign', 'items.0.cart_item'],
      texts: ['customer_note'],
    },
    {
      name: 'order preview',
      method: 'POST',
      path: '/api/netb2b/orders/preview/',
      body: { items: [orderLine] },
      ids: ['items.0.product', 'items.0.unit', 'items.0.campaign', 'items.0.cart_item'],
      texts: [],
    },
    {
      name: 'favourite list create',
      method: 'POST',
      path: '/api/netb2b/favourite-lists/',
      body: { name: 'Weekly', shared: false, items: [{ product: f.productId, quantity: '1', unit: PIECE }] },
      ids: ['items.0.product', 'items.0.unit'],
      texts: ['name'],
    },
    {
      name: 'favourite list rename',
      method: 'PATCH',
      path: `/api/netb2b/favourite-lists/${f.listId}/`,
      body: { name: 'Monday', shared: false },
      ids: [],
      texts: ['name'],
    },
    {
      name: 'favourite line put',
      method: 'PUT',
      path: `/api/netb2b/favourite-lists/${f.listId}/items/${f.productId}/`,
      body: { quantity: '2', unit: PIECE },
      ids: ['unit'],
      texts: [],
    },
    {
      name: 'company info',
      method: 'PUT',
      path: '/api/petekcore/company-info/',
      body: f.companyInfo,
      ids: ['version', 'delivery_addresses.0.pk', 'billing_addresses.0.pk'],
      texts: [
        'name',
        'vat_number',
        'email_addresses.0',
        'delivery_addresses.0.name',
        'delivery_addresses.0.line1',
        'delivery_addresses.0.city',
        'delivery_addresses.0.postal_code',
        'delivery_addresses.0.instructions',
        'billing_addresses.0.country',
      ],
    },
    {
      name: 'customer account create',
      method: 'POST',
      path: '/api/petekcore/customer-accounts/',
      body: { ...person, language: 'en', username: 'cem.bounds', password: 'cem-secret-1' },
      ids: [],
      texts: ['first_name', 'last_name', 'email', 'language', 'username', 'password'],
    },
    {
      name: 'customer account change',
      method: 'PUT',
      path: `/api/petekcore/customer-accounts/${COLLEAGUE_ID}/`,
      body: { ...person, language: 'en' },
      ids: [],
      texts: ['first_name', 'last_name', 'email', 'language'],
    },
    {
      name: 'customer account e-mail confirmation',
      method: 'POST',
      path: `/api/petekcore/customer-accounts/${COLLEAGUE_ID}/confirm-email/`,
      body: { code: '123456' },
      ids: [],
      texts: ['code'],
    },
    {
      name: 'own account change',
      method: 'PUT',
      path: '/api/account-info/',
      body: person,
      ids: [],
      texts: ['first_name', 'last_name', 'email'],
    },
    {
      name: 'own e-mail confirmation',
      method: 'POST',
      path: '/api/account-info/confirm-email/',
      body: { code: '123456' },
      ids: [],
      texts: ['code'],
    },
    {
      name: 'password change',
      method: 'POST',
      path: '/api/change-password/',
      body: { current_password: 'not-the-password', password: 'a-new-secret-1' },
      ids: [],
      texts: ['current_password', 'password'],
    },
  ];
}

/** A copy of `body` with the field at the dotted `path` set to `value`. */
export function withField(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}

/** A seeded server with the buyer signed in and every body endpoint ready to be called. */
export interface BodyEndpointServer {
  server: TestServer;
  buyer: Caller;
  anonymous: Caller;
  endpoints: BodyEndpoint[];
}

export async function startBodyEndpointServer(): Promise<BodyEndpointServer> {
  const server = await startTestServer();
  const { access } = await new TestClient(server.app).signIn('buyer', 'buyer123');
  const buyer = callerFor(server, access);
  return {
    server,
    buyer,
    anonymous: callerFor(server, undefined),
    endpoints: bodyEndpoints(await prepareBodyFixtures(server, buyer)),
  };
}
