import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { newRegistration } from './support/account-access';
import { PIECE } from './support/body-endpoints';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * API_PROFILE=spec: the reference server as a supplier's backend that has only SPEC.md point 7's
 * calls and point 3's fields. The key lists below are written from SPEC.md point 3 (snake_case, as
 * the server names them), not taken from the profile's code.
 */
const SPEC = {
  tokens: ['access', 'refresh'],
  product: [
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
  ],
  /** "A campaign product is a product plus newPrice"; the campaign price carries the campaign id */
  campaignProduct: ['campaign_id', 'new_price'],
  brand: ['name'],
  category: ['id', 'name'],
  unitAmount: ['unit', 'amount'],
  campaign: ['id', 'name', 'description', 'banner', 'starts_at', 'ends_at'],
  unit: ['id', 'base', 'name', 'name_plural', 'is_primary'],
  cartItem: ['id', 'product', 'quantity', 'unit'],
  cartLineWritten: ['id', 'quantity', 'unit'],
  /** `campaign` is optional */
  orderItem: ['product', 'amount', 'tax_amount', 'tax_included', 'quantity', 'unit', 'is_fulfilled'],
  suborder: [
    'id',
    'warehouse',
    'operator',
    'total',
    'status',
    'created_at',
    'items',
    'extra_charges',
    'estimated_delivery_date',
  ],
  extraCharge: ['name', 'amount'],
  order: ['id', 'total', 'created_at', 'is_finalized', 'finalized_at', 'suborders'],
  announcement: ['id', 'name', 'description', 'type', 'read', 'created_at'],
  language: ['id', 'code', 'name', 'flag'],
  currency: ['symbol'],
  configuration: ['global', 'modules'],
  configurationGlobal: ['logo_square', 'logo_wide', 'site_name'],
  configurationNetb2b: ['money_decimal_places', 'default_customer_type'],
  companyInfo: [
    'name',
    'vat_number',
    'landline_number',
    'mobile_number',
    'email_addresses',
    'delivery_addresses',
    'billing_addresses',
  ],
  billingAddress: ['pk', 'name', 'line1', 'line2', 'suburb', 'city', 'state', 'country', 'postal_code'],
  deliveryAddress: [
    'pk',
    'name',
    'line1',
    'line2',
    'suburb',
    'city',
    'state',
    'country',
    'postal_code',
    'instructions',
  ],
  customerAccount: [
    'id',
    'username',
    'first_name',
    'last_name',
    'email',
    'language',
    'landline_phone',
    'mobile_phone',
  ],
} as const;

type Row = Record<string, unknown>;
const sorted = (keys: readonly string[]) => [...keys].sort();
const keysOf = (value: unknown) => sorted(Object.keys(value as Row));
const rows = (value: unknown) => value as Row[];

/** The keys of a row beyond `allowed`, and those of `required` it lacks: both empty when it conforms. */
function misfit(row: unknown, required: readonly string[], optional: readonly string[] = []) {
  const keys = Object.keys(row as Row);
  return {
    extra: keys.filter((key) => !required.includes(key) && !optional.includes(key)),
    missing: required.filter((key) => !keys.includes(key)),
  };
}
const fits = { extra: [], missing: [] };

function expectProduct(product: unknown) {
  expect(misfit(product, SPEC.product, SPEC.campaignProduct)).toEqual(fits);
  const p = product as Row;
  expect(keysOf(p.brand)).toEqual(sorted(SPEC.brand));
  expect(keysOf(p.category)).toEqual(sorted(SPEC.category));
  for (const amount of rows(p.unit_amounts)) expect(keysOf(amount)).toEqual(sorted(SPEC.unitAmount));
}

const NO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const NOT_FOUND = { detail: 'Not found.' };

let server: TestServer;
let spec: ServerApp;
let access: string;
let refresh: string;

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** A call to the spec-profile app as the portal makes it (JSON, CSRF header and cookie, bearer). */
async function call(
  method: string,
  path: string,
  body?: unknown,
  token: string | null = access,
): Promise<Answer> {
  const client = new TestClient(spec);
  const response =
    method === 'GET'
      ? await client.get(path, token ?? undefined)
      : await client.send(method, path, body ?? {}, token ?? undefined);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, text };
}

beforeAll(async () => {
  server = await startTestServer();
  spec = server.freshApp({ apiProfile: 'spec' });
  const signedIn = await call('POST', '/api/token/', { username: 'buyer', password: 'buyer123' }, null);
  expect(signedIn.status).toBe(200);
  ({ access, refresh } = signedIn.body as { access: string; refresh: string });
});
afterAll(() => server.close());

describe('API_PROFILE=spec: calls outside point 7’s table', () => {
  const outside: Array<[string, string]> = [
    ['GET', '/api/capabilities/'],
    ['GET', '/api/netb2b/brands/'],
    ['GET', '/api/netb2b/products/1/'],
    ['GET', '/api/netb2b/campaigns/1/'],
    ['GET', '/api/netb2b/orders/1/'],
    ['GET', '/api/netb2b/orders/1/invoice/'],
    ['POST', '/api/netb2b/orders/preview/'],
    ['POST', '/api/netb2b/products/lookup/'],
    ['POST', '/api/netb2b/cart-items/bulk/'],
    ['GET', '/api/netb2b/favourite-lists/'],
    ['GET', '/api/netb2b/documents/'],
    ['GET', '/api/netb2b/notifications/'],
    ['POST', '/api/baf/announcements/1/read/'],
    ['POST', '/api/token/revoke/'],
    ['POST', '/api/errors/'],
    ['POST', '/api/password-reset/'],
    ['GET', '/api/account-info/'],
    ['PUT', '/api/account-info/'],
    ['POST', '/api/petekcore/customer-accounts/'],
    ['GET', '/api/petekcore/customer-accounts/2/'],
    ['GET', '/api/supplier/deliveries/'],
    // the table's paths with another method, or without the query the table writes
    ['DELETE', '/api/netb2b/orders/'],
    ['PUT', '/api/netb2b/cart-items/'],
    ['GET', '/api/netb2b/cart-items/'],
    ['GET', '/api/netb2b/products/search/'],
    ['GET', '/api/token/'],
    ['GET', '/api/no-such-thing/'],
  ];

  it.each(outside)('%s %s answers 404 {"detail":"Not found."}, signed in or not', async (method, path) => {
    const signedIn = await call(method, path);
    const anonymous = await call(method, path, undefined, null);
    expect([signedIn.status, signedIn.body]).toEqual([404, NOT_FOUND]);
    expect([anonymous.status, anonymous.body]).toEqual([404, NOT_FOUND]);
  });
});

describe('API_PROFILE=spec: the table’s answers carry point 3’s fields only', () => {
  it('sign-in and refresh answer access and refresh', async () => {
    const renewed = await call('POST', '/api/token/refresh/', { refresh }, null);
    expect(renewed.status).toBe(200);
    expect(keysOf(renewed.body)).toEqual(sorted(SPEC.tokens));
  });

  it('a wrong password is still a 401 with a detail, an inactive user still refused', async () => {
    const wrong = await call('POST', '/api/token/', { username: 'buyer', password: 'wrong-one' }, null);
    const inactive = await call(
      'POST',
      '/api/token/',
      { username: 'inactive', password: 'inactive123' },
      null,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ detail: expect.any(String) });
    expect(inactive.status).toBe(403);
    expect(inactive.body).toMatchObject({ detail: expect.stringContaining('administrator') });
  });

  it.each([
    ['search', '/api/netb2b/products/search/?query=kaffee'],
    ['featured', '/api/netb2b/products/featured/'],
    ['newest', '/api/netb2b/products/newest/'],
  ])('%s: products with point 3’s fields, old price and the rest left out', async (_name, path) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(200);
    expect(rows(answer.body).length).toBeGreaterThan(0);
    for (const product of rows(answer.body)) expectProduct(product);
  });

  it('campaigns: id, name, description, banner and the dates, without an offset', async () => {
    const answer = await call('GET', '/api/netb2b/campaigns/');
    expect(answer.status).toBe(200);
    expect(rows(answer.body).length).toBeGreaterThan(0);
    for (const campaign of rows(answer.body)) {
      expect(keysOf(campaign)).toEqual(sorted(SPEC.campaign));
      expect(campaign.starts_at).toMatch(NO_OFFSET);
      expect(campaign.ends_at).toMatch(NO_OFFSET);
    }
  });

  it.each([
    ['categories', '/api/netb2b/categories/', SPEC.category],
    ['units', '/api/netb2b/product-units/', SPEC.unit],
    ['languages', '/api/baf/languages/', SPEC.language],
    ['users', '/api/petekcore/customer-accounts/', SPEC.customerAccount],
    ['announcements', '/api/baf/announcements/', SPEC.announcement],
  ])('%s: rows of exactly point 3’s keys', async (_name, path, keys) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(200);
    expect(rows(answer.body).length).toBeGreaterThan(0);
    for (const row of rows(answer.body)) expect(keysOf(row)).toEqual(sorted(keys));
  });

  it('currency and configuration: point 3’s keys', async () => {
    const currency = await call('GET', '/api/netb2b/deprecated_get-customer-currency/');
    const configuration = await call('GET', '/api/baf/configuration/');
    expect(keysOf(currency.body)).toEqual(sorted(SPEC.currency));
    const config = configuration.body as { global: Row; modules: Row & { netb2b: Row } };
    expect(keysOf(config)).toEqual(sorted(SPEC.configuration));
    expect(keysOf(config.global)).toEqual(sorted(SPEC.configurationGlobal));
    expect(keysOf(config.modules)).toEqual(['netb2b']);
    expect(keysOf(config.modules.netb2b)).toEqual(sorted(SPEC.configurationNetb2b));
  });

  it('company info: point 3’s fields and addresses, no version', async () => {
    const answer = await call('GET', '/api/petekcore/company-info/');
    expect(answer.status).toBe(200);
    const info = answer.body as Row;
    expect(keysOf(info)).toEqual(sorted(SPEC.companyInfo));
    for (const address of rows(info.delivery_addresses))
      expect(keysOf(address)).toEqual(sorted(SPEC.deliveryAddress));
    for (const address of rows(info.billing_addresses))
      expect(keysOf(address)).toEqual(sorted(SPEC.billingAddress));
  });

  it('orders: point 3’s fields, money as JSON numbers, timestamps without an offset, no null campaign', async () => {
    const answer = await call('GET', '/api/netb2b/orders/');
    expect(answer.status).toBe(200);
    const orders = rows(answer.body);
    expect(orders.length).toBeGreaterThan(0);
    const suborders = orders.flatMap((order) => rows(order.suborders));
    const items = suborders.flatMap((suborder) => rows(suborder.items));
    for (const order of orders) {
      expect(keysOf(order)).toEqual(sorted(SPEC.order));
      expect(typeof order.total).toBe('number');
      expect(order.created_at).toMatch(NO_OFFSET);
    }
    for (const suborder of suborders) {
      expect(keysOf(suborder)).toEqual(sorted(SPEC.suborder));
      expect(suborder.created_at).toMatch(NO_OFFSET);
      for (const charge of rows(suborder.extra_charges))
        expect(keysOf(charge)).toEqual(sorted(SPEC.extraCharge));
    }
    for (const item of items) {
      expect(misfit(item, SPEC.orderItem, ['campaign'])).toEqual(fits);
      expect(item.campaign).not.toBeNull();
      expect(typeof item.amount).toBe('number');
      expectProduct(item.product);
    }
    // the seed's orders have lines outside any campaign: their key is left out, not null
    expect(items.some((item) => !('campaign' in item))).toBe(true);
  });

  it('orders: a query the table does not name (?limit) is ignored, as by a backend without it', async () => {
    const all = await call('GET', '/api/netb2b/orders/');
    const limited = await call('GET', '/api/netb2b/orders/?limit=1');
    expect(rows(all.body).length).toBeGreaterThan(1);
    expect(rows(limited.body).length).toBe(rows(all.body).length);
  });
});

describe('API_PROFILE=spec: the cart, an order and the writes point 7 leaves "not shown"', () => {
  /** an in-stock product sold by the piece, from the profile's own search */
  async function aProduct(): Promise<number> {
    const found = rows((await call('GET', '/api/netb2b/products/search/?query=kaffee')).body);
    const product = found.find(
      (p) =>
        Number(p.quantity_in_stock) > 10 &&
        rows(p.unit_amounts).some((u) => u.unit === PIECE) &&
        !('campaign_id' in p),
    );
    if (!product) throw new Error('no product by the piece in the search answer');
    return product.id as number;
  }

  it('adds a line (id, quantity, unit), lists it, changes it (bare), orders it ({id}) and deletes another (204)', async () => {
    const product = await aProduct();
    const added = await call('POST', '/api/netb2b/cart-items/', {
      product,
      campaign: null,
      quantity: '2',
      unit: PIECE,
    });
    expect([200, 201]).toContain(added.status);
    expect(keysOf(added.body)).toEqual(sorted(SPEC.cartLineWritten));
    const lineId = (added.body as { id: number }).id;

    const changed = await call('PUT', `/api/netb2b/cart-items/${lineId}/`, {
      product,
      campaign: null,
      quantity: '3',
      unit: PIECE,
    });
    expect([changed.status, changed.text]).toEqual([204, '']);

    const cart = await call('GET', '/api/netb2b/cart-items/?detailed=true');
    expect(cart.status).toBe(200);
    const lines = rows(cart.body);
    expect(lines.map((line) => line.id)).toEqual([lineId]);
    const [line = {}] = lines;
    expect(keysOf(line)).toEqual(sorted(SPEC.cartItem));
    expectProduct(line.product);
    expect(typeof (line.product as Row).price).toBe('number');

    const placed = await call('POST', '/api/netb2b/orders/', {
      items: [{ product, quantity: '3', unit: PIECE, campaign: null }],
      expected_delivery_date: new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10),
      is_preorder: false,
      customer_note: '',
    });
    expect(placed.status).toBe(201);
    expect(keysOf(placed.body)).toEqual(['id']);

    const again = await call('POST', '/api/netb2b/cart-items/', {
      product,
      campaign: null,
      quantity: '1',
      unit: PIECE,
    });
    const removed = await call('DELETE', `/api/netb2b/cart-items/${(again.body as { id: number }).id}/`);
    expect([removed.status, removed.text]).toEqual([204, '']);
  });

  it('judges an order’s day by the specification’s rule only, as the portal picks it without a calendar', async () => {
    const product = ((await call('GET', '/api/netb2b/products/featured/')).body as Row[])[0]?.id;
    // the buyer's first delivery address, which is on a route of the seeded calendar
    const { id: address } = await server.database.db
      .selectFrom('company_addresses as a')
      .innerJoin('users as u', 'u.company_id', 'a.company_id')
      .select('a.id')
      .where('u.username', '=', 'buyer')
      .where('a.kind', '=', 'delivery')
      .where('a.route_id', 'is not', null)
      .orderBy('a.position')
      .executeTakeFirstOrThrow();
    const week = Array.from({ length: 7 }, (_, offset) =>
      new Date(server.clock.now().getTime() + (8 + offset) * 86_400_000).toISOString().slice(0, 10),
    );
    const order = (app: ServerApp, token: string, day: string) =>
      new TestClient(app).send(
        'POST',
        '/api/netb2b/orders/',
        {
          items: [{ product, quantity: '1', unit: PIECE, campaign: null }],
          expected_delivery_date: day,
          delivery_address: address,
          is_preorder: false,
          customer_note: '',
        },
        token,
      );
    // the full server judges the day on the address's route, which does not serve every weekday
    const full = server.freshApp();
    const { access: fullAccess } = await new TestClient(full).signIn('buyer', 'buyer123');
    const onRoute = await Promise.all(week.map(async (day) => (await order(full, fullAccess, day)).status));
    expect(onRoute).toContain(400);
    const bySpecification = [];
    for (const day of week) bySpecification.push((await order(spec, access, day)).status);
    expect(bySpecification).toEqual(week.map(() => 201));
  });

  it('update-language answers a bare 200 {}', async () => {
    const languages = rows((await call('GET', '/api/baf/languages/')).body);
    const english = languages.find((language) => language.code === 'en');
    const answer = await call('POST', '/api/baf/update-language/', { language: english?.id });
    expect([answer.status, answer.body]).toEqual([200, {}]);
  });

  it('the whole company info put back answers a bare 200 {}', async () => {
    // the version this backend does not show comes from the full server: the save itself is not on trial here
    const full = await new TestClient(server.app).json(
      'GET',
      '/api/petekcore/company-info/',
      undefined,
      access,
    );
    const answer = await call('PUT', '/api/petekcore/company-info/', full.body);
    expect([answer.status, answer.body]).toEqual([200, {}]);
  });

  it('register answers a bare 200 {}, change-password and DELETE account-info a 204', async () => {
    const registration = newRegistration();
    const registered = await new TestClient(spec, '198.18.7.7').send(
      'POST',
      '/api/netb2b/register/',
      registration,
    );
    expect([registered.status, await registered.json()]).toEqual([200, {}]);

    const signedIn = await call(
      'POST',
      '/api/token/',
      { username: registration.username, password: registration.password },
      null,
    );
    const token = (signedIn.body as { access: string }).access;
    const changed = await call(
      'POST',
      '/api/change-password/',
      { current_password: registration.password, password: 'another-secret' },
      token,
    );
    expect([changed.status, changed.text]).toEqual([204, '']);
    const deleted = await call('DELETE', '/api/account-info/', undefined, token);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
  });

  it('a refused write still answers its error (a 400 with its detail)', async () => {
    const answer = await call('POST', '/api/netb2b/cart-items/', {
      product: 'none',
      quantity: '1',
      unit: PIECE,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ detail: expect.any(String) });
  });
});

describe('the ordinary mode is unchanged', () => {
  it('answers the calls beyond the table, and the fields beyond point 3', async () => {
    const client = new TestClient(server.app);
    const brands = await client.json('GET', '/api/netb2b/brands/', undefined, access);
    const orders = await client.json('GET', '/api/netb2b/orders/?limit=1', undefined, access);
    const info = await client.json('GET', '/api/petekcore/company-info/', undefined, access);
    expect(brands.status).toBe(200);
    expect(rows(orders.body)).toHaveLength(1);
    expect(rows(orders.body)[0]).toHaveProperty('subtotal');
    expect(info.body).toHaveProperty('version');
  });
});

describe('API_PROFILE', () => {
  it('is read from the environment: spec, full, or unset for full; anything else refuses to start', () => {
    expect(readServerConfig({ API_PROFILE: 'spec' }).apiProfile).toBe('spec');
    expect(readServerConfig({ API_PROFILE: 'full' }).apiProfile).toBe('full');
    expect(readServerConfig({}).apiProfile).toBe('full');
    expect(() => readServerConfig({ API_PROFILE: 'strict' })).toThrow(/API_PROFILE/);
  });
});
