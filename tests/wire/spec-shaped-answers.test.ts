import { describe, expect, it } from 'vitest';
import { login, refresh } from '../../src/services/api/auth';
import { fetchConfiguration, fetchLanguages, updateLanguage } from '../../src/services/api/baf';
import { cartApi } from '../../src/services/api/cart';
import { createCatalogueApi } from '../../src/services/api/catalogue';
import { createHttpClient } from '../../src/services/api/client';
import { ordersApi } from '../../src/services/api/orders';
import { settingsApi } from '../../src/services/api/settings';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../src/test/fakeFetch';
import { fakeJwt, nowSeconds } from '../../src/test/jwt';

/*
 * The answers a supplier's backend gives to the calls of SPEC point 7 with the fields of point 3
 * alone (snake_case), written out here from the specification's field lists — not taken from the
 * reference server — and read through the same API functions and mappers the portal uses.
 * Each answer comes in the variants a backend may send: money as a decimal string or as a JSON
 * number, timestamps with or without an offset, optional keys left out.
 */

type Money = 'text' | 'number';
/** A decimal as the variant sends it: '12.50' as text, 12.5 as a JSON number. */
const money = (text: string, as: Money) => (as === 'text' ? text : Number(text));

/** Point 3, Product: id, name, description, image, brand (with name), category (with name), price,
 * taxIncluded, taxRatePercent, depositPrice, stockCode, barcode, quantityInStock, unitAmounts. */
const specProduct = (as: Money) => ({
  id: 7,
  name: 'Apple juice',
  description: '1 l bottle',
  image: 'https://cdn.supplier.test/7.jpg',
  brand: { id: 1, name: 'Orchard' },
  category: { id: 2, name: 'Drinks' },
  price: money('12.50', as),
  tax_included: true,
  tax_rate_percent: money('7', as),
  deposit_price: money('0.25', as),
  stock_code: 'AJ-1',
  barcode: '4001234567890',
  quantity_in_stock: 12,
  unit_amounts: [
    { unit: 1, amount: money('1', as) },
    { unit: 2, amount: money('6', as) },
  ],
});

/** The mapped product for either variant (a JSON number loses its trailing zeros: 12.50 is 12.5). */
const expectedProduct = (as: Money) => ({
  id: 7,
  name: 'Apple juice',
  description: '1 l bottle',
  image: 'https://cdn.supplier.test/7.jpg',
  brand: { id: 1, name: 'Orchard' },
  category: { id: 2, name: 'Drinks' },
  price: as === 'text' ? '12.50' : '12.5',
  oldPrice: null,
  taxIncluded: true,
  taxRatePercent: '7',
  depositPrice: '0.25',
  stockCode: 'AJ-1',
  barcode: '4001234567890',
  quantityInStock: 12,
  unitAmounts: [
    { unit: 1, amount: '1' },
    { unit: 2, amount: '6' },
  ],
});

/** Point 3, Order item: product, amount, tax_amount, taxIncluded, quantity, unit, is_fulfilled; campaign optional. */
const specOrderItem = (as: Money) => ({
  product: specProduct(as),
  amount: money('75.00', as),
  tax_amount: money('4.91', as),
  tax_included: true,
  quantity: money('6', as),
  unit: 1,
  is_fulfilled: false,
});

/** Point 3, Suborder: id, warehouse, operator, total, status, createdAt, items, extraCharges (name, amount), estimatedDeliveryDate. */
const specSuborder = (as: Money, createdAt: string) => ({
  id: 11,
  warehouse: { id: 3, name: 'North' },
  operator: { id: 4, name: 'Olga Operator' },
  total: money('80.00', as),
  status: 'processing',
  created_at: createdAt,
  items: [specOrderItem(as)],
  extra_charges: [{ name: 'Delivery', amount: money('5.00', as) }],
  estimated_delivery_date: null,
});

/** Point 3, Order: id, total, createdAt, isFinalized, finalizedAt (date or null), suborders. */
const specOrder = (as: Money, createdAt: string) => ({
  id: 501,
  total: money('80.00', as),
  created_at: createdAt,
  is_finalized: false,
  finalized_at: null,
  suborders: [specSuborder(as, createdAt)],
});

/** Point 3, Campaign: id, name, description, banner, startsAt, endsAt. */
const specCampaign = (startsAt: string, endsAt: string) => ({
  id: 2,
  name: 'Summer',
  description: 'Cold drinks',
  banner: 'https://cdn.supplier.test/summer.jpg',
  starts_at: startsAt,
  ends_at: endsAt,
});

/** Point 3, Company info: its fields and the two address lists (delivery with instructions). */
const specAddress = { pk: 5, name: 'Shop', line1: 'Main St 1', line2: '', suburb: '', city: 'Izmir' };
const specCompanyInfo = {
  name: 'Corner Shop',
  vat_number: '1234567890',
  landline_number: '+90 232 000 00 00',
  mobile_number: '+90 555 000 00 00',
  email_addresses: ['shop@example.test'],
  delivery_addresses: [
    { ...specAddress, state: '', country: 'TR', postal_code: '35000', instructions: 'Back door' },
  ],
  billing_addresses: [{ ...specAddress, state: '', country: 'TR', postal_code: '35000' }],
};

/** Point 3, Customer user account: id, username, first_name, last_name, email, language, landline and mobile phone. */
const specUser = {
  id: 9,
  username: 'bea',
  first_name: 'Bea',
  last_name: 'Buyer',
  email: 'bea@example.test',
  language: 'tr',
  landline_phone: '',
  mobile_phone: '+90 555 111 11 11',
};

/** A backend that answers every call with `answer`, and the calls it saw. */
function backend(answer: (request: RecordedRequest) => Response) {
  const fake = createFakeFetch(answer);
  const http = createHttpClient({
    apiBase: 'https://erp.supplier.test/api',
    fetch: fake.fetch,
    getAccessToken: async () => 'access-token',
  });
  return { http, requests: fake.requests };
}
const answering = (body: unknown) => backend(() => jsonResponse(body)).http;

const variants: Array<[string, Money, string, string]> = [
  [
    'money as text, timestamps with an offset',
    'text',
    '2026-11-20T10:00:00+01:00',
    '2026-11-20T10:00:00+01:00',
  ],
  [
    'money as JSON numbers, timestamps without an offset (UTC)',
    'number',
    '2026-11-20T10:00:00',
    '2026-11-20T10:00:00Z',
  ],
  [
    'money as text, timestamps in UTC with fractions',
    'text',
    '2026-11-20T10:00:00.123456Z',
    '2026-11-20T10:00:00.123456Z',
  ],
  [
    'money as JSON numbers, timestamps without seconds or offset',
    'number',
    '2026-11-20T10:00',
    '2026-11-20T10:00:00Z',
  ],
];

describe.each(variants)('point-3 answers, %s', (_name, as, sentTime, readTime) => {
  it('POST /token/ and /token/refresh/: access and refresh, the refresh token with point 3 claims only', async () => {
    const claims = {
      name: 'Bea Buyer',
      account_name: 'Corner Shop',
      is_admin: false,
      tax_applies: true,
      language: 'tr',
      is_demo: false,
      exp: nowSeconds() + 3600,
    };
    const pair = { access: fakeJwt({ exp: nowSeconds() + 300 }), refresh: fakeJwt(claims) };
    const signedIn = await login(answering(pair), { username: 'bea', password: 'secret' });
    expect(signedIn.claims).toEqual({
      name: 'Bea Buyer',
      accountName: 'Corner Shop',
      isAdmin: false,
      taxApplies: true,
      language: 'tr',
      isDemo: false,
      canReviewFlows: false,
      exp: claims.exp,
    });
    await expect(refresh(answering(pair), pair.refresh)).resolves.toMatchObject({ tokens: pair });
  });

  it('GET /netb2b/products/search/, featured and newest: products without old price', async () => {
    const products = [specProduct(as)];
    const catalogue = createCatalogueApi(answering(products));
    await expect(catalogue.searchProducts('juice')).resolves.toEqual([expectedProduct(as)]);
    await expect(catalogue.featuredProducts()).resolves.toEqual([expectedProduct(as)]);
    await expect(catalogue.newestProducts()).resolves.toEqual([expectedProduct(as)]);
  });

  it('GET /netb2b/products/search/: a product without stock figure shows none', async () => {
    const { quantity_in_stock: _left, ...withoutStock } = specProduct(as);
    const [product] = await createCatalogueApi(answering([withoutStock])).searchProducts('juice');
    expect(product?.quantityInStock).toBeNull();
  });

  it('GET /netb2b/cart-items/?detailed=true: lines with id, product, quantity, unit', async () => {
    const line = { id: 31, product: specProduct(as), quantity: money('2.5', as), unit: 2 };
    await expect(cartApi(answering([line])).cartItems()).resolves.toEqual([
      { id: 31, product: expectedProduct(as), quantity: '2.5', unit: 2, priceChange: null },
    ]);
  });

  it('POST /netb2b/cart-items/: id, quantity, unit', async () => {
    const written = { id: 31, quantity: money('3', as), unit: 1 };
    await expect(
      cartApi(answering(written)).addCartItem({ product: 7, campaign: null, quantity: '3', unit: 1 }),
    ).resolves.toEqual({ id: 31, quantity: '3', unit: 1 });
  });

  it('GET /netb2b/orders/: orders whose items carry no campaign and whose operator has no phone', async () => {
    const [order] = await ordersApi(answering([specOrder(as, sentTime)])).orders();
    const moneyText = (text: string) => (as === 'text' ? text : String(Number(text)));
    expect(order).toMatchObject({
      id: 501,
      total: moneyText('80.00'),
      createdAt: readTime,
      isFinalized: false,
      finalizedAt: null,
    });
    const suborder = order?.suborders[0];
    expect(suborder).toMatchObject({
      operator: { id: 4, name: 'Olga Operator', phone: null },
      createdAt: readTime,
      extraCharges: [{ name: 'Delivery', amount: moneyText('5.00') }],
      estimatedDeliveryDate: null,
    });
    expect(suborder?.items[0]).toMatchObject({
      price: moneyText('75.00'),
      taxPrice: '4.91',
      quantity: '6',
      campaign: null,
      fulfilled: false,
      product: expectedProduct(as),
    });
    expect(new Date(order?.createdAt ?? '').toISOString()).toBe(new Date(readTime).toISOString());
  });

  it('POST /netb2b/orders/: the answer carries an id', async () => {
    const submission = {
      items: [{ product: 7, quantity: '6', unit: 1 }],
      expectedDeliveryDate: '2026-12-01',
      isPreorder: false,
      customerNote: '',
    };
    await expect(ordersApi(answering({ id: 502 })).placeOrder(submission, 'key-1')).resolves.toBe(502);
  });

  it('GET /netb2b/campaigns/: campaigns without campaign prices', async () => {
    const campaigns = await createCatalogueApi(answering([specCampaign(sentTime, sentTime)])).campaigns();
    expect(campaigns).toEqual([
      {
        id: 2,
        name: 'Summer',
        description: 'Cold drinks',
        banner: 'https://cdn.supplier.test/summer.jpg',
        startsAt: readTime,
        endsAt: readTime,
        campaignPrices: [],
      },
    ]);
  });

  it('GET categories, product-units, customer currency and announcements', async () => {
    await expect(createCatalogueApi(answering([{ id: 2, name: 'Drinks' }])).categories()).resolves.toEqual([
      { id: 2, name: 'Drinks' },
    ]);
    await expect(
      createCatalogueApi(
        answering([
          { id: 1, base: null, name: 'bottle', name_plural: 'bottles', is_primary: true },
          { id: 2, base: 1, name: 'box', name_plural: 'boxes', is_primary: false },
        ]),
      ).productUnits(),
    ).resolves.toEqual([
      { id: 1, base: null, name: 'bottle', namePlural: 'bottles', isPrimary: true },
      { id: 2, base: 1, name: 'box', namePlural: 'boxes', isPrimary: false },
    ]);
    await expect(createCatalogueApi(answering({ symbol: '₺' })).customerCurrency()).resolves.toEqual({
      symbol: '₺',
    });
    const announcement = { id: 1, name: 'Closed', description: 'On Monday', type: 'info', read: false };
    await expect(
      createCatalogueApi(answering([{ ...announcement, created_at: sentTime }])).announcements(),
    ).resolves.toEqual([{ ...announcement, createdAt: readTime }]);
  });

  it('GET /baf/configuration/ and /baf/languages/', async () => {
    const configuration = {
      global: { logo_square: null, logo_wide: 'https://cdn.supplier.test/logo.svg', site_name: 'Supplier' },
      modules: { netb2b: { money_decimal_places: 2, default_customer_type: 1 } },
    };
    await expect(fetchConfiguration(answering(configuration))).resolves.toEqual({
      logoSquare: null,
      logoWide: 'https://cdn.supplier.test/logo.svg',
      siteName: 'Supplier',
      moneyDecimalPlaces: 2,
      defaultCustomerType: 1,
    });
    const language = { id: 3, code: 'tr', name: 'Türkçe', flag: '🇹🇷' };
    await expect(fetchLanguages(answering([language]))).resolves.toEqual([language]);
  });

  it('GET /petekcore/company-info/: the whole info, without a version', async () => {
    const info = await settingsApi(answering(specCompanyInfo)).companyInfo();
    expect(info).not.toHaveProperty('version');
    expect(info).toMatchObject({
      customerType: 'corporate',
      name: 'Corner Shop',
      emailAddresses: ['shop@example.test'],
      deliveryAddresses: [{ pk: 5, postalCode: '35000', instructions: 'Back door' }],
      billingAddresses: [{ pk: 5, postalCode: '35000' }],
    });
  });

  it('GET /petekcore/customer-accounts/: users without the active and main-user flags', async () => {
    await expect(settingsApi(answering([specUser])).users()).resolves.toEqual([
      {
        id: 9,
        username: 'bea',
        firstName: 'Bea',
        lastName: 'Buyer',
        email: 'bea@example.test',
        language: 'tr',
        landlinePhone: '',
        mobilePhone: '+90 555 111 11 11',
        isActive: true,
        isMainUser: false,
      },
    ]);
  });
});

describe('campaign dates as days (point 3 calls startsAt and endsAt dates)', () => {
  it('reads a day alone as its first moment for the start and its last for the end, in UTC', async () => {
    const [campaign] = await createCatalogueApi(
      answering([specCampaign('2026-06-01', '2026-08-31')]),
    ).campaigns();
    expect(campaign).toMatchObject({ startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-08-31T23:59:59Z' });
  });
});

describe('answers a caller cannot read', () => {
  it('a price given as a number without a plain decimal text (1e21) is a parse error', async () => {
    const product = { ...specProduct('number'), price: 1e21 };
    await expect(createCatalogueApi(answering([product])).searchProducts('x')).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringContaining('0.price'),
    });
  });

  it('a timestamp that is not one is a parse error', async () => {
    await expect(
      createCatalogueApi(answering([specCampaign('soon', '2026-11-20T10:00:00')])).campaigns(),
    ).rejects.toMatchObject({ kind: 'parse', message: expect.stringContaining('0.starts_at') });
  });
});

/** The "not shown" answers of point 7: any 2xx body is success, the caller goes on with what it sent. */
const notShown: Array<[string, () => Response]> = [
  ['200 {}', () => jsonResponse({})],
  ['200 with an empty body', () => new Response('', { status: 200 })],
  ['204', () => new Response(null, { status: 204 })],
  ['200 with a sentence', () => jsonResponse({ detail: 'OK' })],
];

describe.each(notShown)('"not shown" answers: %s', (_name, answer) => {
  it('POST /baf/update-language/ succeeds, so the language change goes on to renew the session', async () => {
    const { http, requests } = backend(answer);
    await expect(updateLanguage(http, 3)).resolves.toBeUndefined();
    expect(requests[0]?.body).toEqual({ language: 3 });
  });

  it('PUT /netb2b/cart-items/{id}/ is the line as sent', async () => {
    const line = { product: 7, campaign: null, quantity: '4', unit: 2 };
    await expect(cartApi(backend(answer).http).updateCartItem(31, line)).resolves.toEqual({
      id: 31,
      quantity: '4',
      unit: 2,
    });
  });

  it('DELETE /netb2b/cart-items/{id}/ succeeds', async () => {
    await expect(cartApi(backend(answer).http).removeCartItem(31)).resolves.toBeUndefined();
  });

  it('PUT /petekcore/company-info/ is the info as sent: with its version when it had one, else without (last write wins)', async () => {
    const settings = settingsApi(backend(answer).http);
    const read = await settingsApi(answering(specCompanyInfo)).companyInfo();
    const edited = { ...read, name: 'Corner Shop Ltd' };
    await expect(settings.saveCompanyInfo(edited)).resolves.toEqual(edited);
    const versioned = { ...edited, version: 4 };
    await expect(settings.saveCompanyInfo(versioned)).resolves.toEqual(versioned);
  });
});

describe('PUT /petekcore/company-info/ with and without a version', () => {
  it('sends no version when the backend gave none, and the one it gave otherwise', async () => {
    const { http, requests } = backend(() => jsonResponse({}));
    const info = await settingsApi(answering(specCompanyInfo)).companyInfo();
    await settingsApi(http).saveCompanyInfo(info);
    await settingsApi(http).saveCompanyInfo({ ...info, version: 4 });
    expect(requests[0]?.body).not.toHaveProperty('version');
    expect(requests[1]?.body).toMatchObject({ version: 4, name: 'Corner Shop' });
  });

  it('reads the info again after a "not shown" answer to a save that added an address, so its pk is known', async () => {
    const stored = {
      ...specCompanyInfo,
      billing_addresses: [
        ...specCompanyInfo.billing_addresses,
        { ...specAddress, pk: 6, name: 'Office', state: '', country: 'TR', postal_code: '35100' },
      ],
    };
    const { http, requests } = backend((request) =>
      request.method === 'PUT' ? new Response(null, { status: 204 }) : jsonResponse(stored),
    );
    const info = await settingsApi(answering(specCompanyInfo)).companyInfo();
    const added = {
      ...info,
      billingAddresses: [
        ...info.billingAddresses,
        { ...info.billingAddresses[0]!, pk: null, name: 'Office' },
      ],
    };
    const saved = await settingsApi(http).saveCompanyInfo(added);
    expect(requests.map((request) => request.method)).toEqual(['PUT', 'GET']);
    expect(saved.billingAddresses.map((address) => [address.pk, address.name])).toEqual([
      [5, 'Shop'],
      [6, 'Office'],
    ]);
  });

  it('takes the saved info and its new version when the backend answers with them', async () => {
    const info = await settingsApi(answering(specCompanyInfo)).companyInfo();
    const saved = await settingsApi(answering({ ...specCompanyInfo, version: 5 })).saveCompanyInfo({
      ...info,
      version: 4,
    });
    expect(saved.version).toBe(5);
  });
});
