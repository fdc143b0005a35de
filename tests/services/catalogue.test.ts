import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/services/api/errors';
import { createPortalApi, type PortalApi } from '../../src/services/api/portalApi';
import { aNotification, aProduct, toNotificationWire, toProductWire } from '../../src/test/builders';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

const apiBase = 'http://portal.test/api';
const pathAndQuery = (r: RecordedRequest) => {
  const url = new URL(r.url);
  return url.pathname + url.search;
};

const product = aProduct({
  id: 7,
  name: 'Alpenhof Käse Gouda jung 200 g',
  description: 'Mild',
  image: '/media/products/7.svg',
  brand: { id: 1, name: 'Alpenhof' },
  category: { id: 2, name: 'Dairy & Cheese' },
  price: '2.27',
  oldPrice: '2.50',
  taxIncluded: true,
  taxRatePercent: '7.00',
  depositPrice: '0.00',
  stockCode: 'DAI-00007',
  barcode: '4000000000075',
  quantityInStock: 34,
  unitAmounts: [
    { unit: 1, amount: '1' },
    { unit: 2, amount: '12' },
  ],
});
const productWire = toProductWire(product);
const campaignWire = {
  id: 2,
  name: 'Summer Drinks',
  description: 'Cool',
  banner: '/media/campaigns/2.svg',
  starts_at: '2026-11-18T10:00:00.000Z',
  ends_at: '2027-11-21T10:00:00.000Z',
  campaign_prices: [{ product: productWire, campaign_id: 2, new_price: '1.99' }],
};
const campaign = {
  id: 2,
  name: 'Summer Drinks',
  description: 'Cool',
  banner: '/media/campaigns/2.svg',
  startsAt: '2026-11-18T10:00:00.000Z',
  endsAt: '2027-11-21T10:00:00.000Z',
  campaignPrices: [{ product, campaignId: 2, newPrice: '1.99' }],
};
const notification = aNotification({
  id: 4,
  name: 'Delivery delayed',
  description: 'Snow',
  createdAt: '2026-11-20T08:00:00.000Z',
  read: false,
});
const notificationWire = toNotificationWire(notification);

interface Case {
  name: string;
  call: (api: PortalApi) => Promise<unknown>;
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
  expected: unknown;
  malformed: unknown;
}

const cases: Case[] = [
  {
    name: 'searchProducts',
    call: (api) => api.searchProducts('käse & brot/1'),
    method: 'GET',
    path: '/api/netb2b/products/search/?query=k%C3%A4se+%26+brot%2F1',
    body: [productWire],
    expected: [product],
    malformed: [{ ...productWire, price: '2,27' }],
  },
  {
    name: 'campaigns',
    call: (api) => api.campaigns(),
    method: 'GET',
    path: '/api/netb2b/campaigns/',
    body: [campaignWire],
    expected: [campaign],
    malformed: [{ ...campaignWire, campaign_prices: 'none' }],
  },
  {
    name: 'campaign',
    call: (api) => api.campaign(2),
    method: 'GET',
    path: '/api/netb2b/campaigns/2/',
    body: campaignWire,
    expected: campaign,
    malformed: { ...campaignWire, starts_at: 'yesterday' },
  },
  {
    name: 'featuredProducts',
    call: (api) => api.featuredProducts(),
    method: 'GET',
    path: '/api/netb2b/products/featured/',
    body: [productWire],
    expected: [product],
    malformed: { results: [productWire] },
  },
  {
    name: 'newestProducts',
    call: (api) => api.newestProducts(),
    method: 'GET',
    path: '/api/netb2b/products/newest/',
    body: [productWire],
    expected: [product],
    malformed: [{ ...productWire, unit_amounts: [{ unit: 1, amount: 1e21 }] }],
  },
  {
    name: 'categories',
    call: (api) => api.categories(),
    method: 'GET',
    path: '/api/netb2b/categories/',
    body: [{ id: 2, name: 'Dairy & Cheese' }],
    expected: [{ id: 2, name: 'Dairy & Cheese' }],
    malformed: [{ id: '2', name: 'Dairy' }],
  },
  {
    name: 'brands',
    call: (api) => api.brands(),
    method: 'GET',
    path: '/api/netb2b/brands/',
    body: [{ id: 1, name: 'Alpenhof', image: '/media/brands/1.svg' }],
    expected: [{ id: 1, name: 'Alpenhof', image: '/media/brands/1.svg' }],
    malformed: [{ id: 1, name: 'Alpenhof', image: 7 }],
  },
  {
    name: 'productUnits',
    call: (api) => api.productUnits(),
    method: 'GET',
    path: '/api/netb2b/product-units/',
    body: [{ id: 2, base: 1, name: 'box', name_plural: 'boxes', is_primary: false }],
    expected: [{ id: 2, base: 1, name: 'box', namePlural: 'boxes', isPrimary: false }],
    malformed: [{ id: 2, base: 1, name: 'box', is_primary: false }],
  },
  {
    name: 'customerCurrency',
    call: (api) => api.customerCurrency(),
    method: 'GET',
    path: '/api/netb2b/deprecated_get-customer-currency/',
    body: { symbol: '€' },
    expected: { symbol: '€' },
    malformed: { symbol: '' },
  },
  {
    name: 'announcements',
    call: (api) => api.announcements(),
    method: 'GET',
    path: '/api/baf/announcements/',
    body: [{ ...notificationWire, type: 'info' }],
    expected: [{ ...notification, type: 'info' }],
    malformed: [notificationWire],
  },
  {
    name: 'productPage without campaign',
    call: (api) => api.productPage({ category: 2, brand: null, page: 3, pageSize: 100 }),
    method: 'GET',
    path: '/api/netb2b/products/?category=2&page=3&page_size=100',
    body: {
      count: 201,
      next: null,
      previous: '/api/netb2b/products/?category=2&page=2',
      results: [productWire],
    },
    expected: {
      count: 201,
      next: null,
      previous: '/api/netb2b/products/?category=2&page=2',
      results: [product],
    },
    malformed: { count: -1, next: null, previous: null, results: [] },
  },
  {
    name: 'productPage with campaign (campaign prices)',
    call: (api) => api.productPage({ brand: 1, campaign: 2, page: 1, pageSize: 50 }),
    method: 'GET',
    path: '/api/netb2b/products/?brand=1&campaign=2&page=1&page_size=50',
    body: {
      count: 1,
      next: null,
      previous: null,
      results: [{ ...productWire, campaign_id: 2, new_price: '1.99' }],
    },
    expected: {
      count: 1,
      next: null,
      previous: null,
      results: [{ ...product, campaignId: 2, newPrice: '1.99' }],
    },
    // a product carries campaign_id and new_price together or not at all
    malformed: { count: 1, next: null, previous: null, results: [{ ...productWire, campaign_id: 2 }] },
  },
  {
    name: 'productPage of a search, sorted by price, in stock only (the results page)',
    call: (api) =>
      api.productPage({
        q: ' gouda käse ',
        sort: 'price',
        inStock: true,
        category: 3,
        page: 1,
        pageSize: 100,
      }),
    method: 'GET',
    path: '/api/netb2b/products/?category=3&q=gouda+k%C3%A4se&sort=price&in_stock=1&page=1&page_size=100',
    body: { count: 1, next: null, previous: null, results: [productWire] },
    expected: { count: 1, next: null, previous: null, results: [product] },
    malformed: { count: 1, next: null, previous: null, results: [{ ...productWire, id: 'x' }] },
  },
  {
    name: 'productPage sorted by relevance without a search (name order, no sort sent)',
    call: (api) => api.productPage({ q: '  ', sort: 'relevance', page: 2, pageSize: 50 }),
    method: 'GET',
    path: '/api/netb2b/products/?page=2&page_size=50',
    body: { count: 0, next: null, previous: null, results: [] },
    expected: { count: 0, next: null, previous: null, results: [] },
    malformed: { count: 0, next: null, previous: null },
  },
  {
    name: 'product',
    call: (api) => api.product(7),
    method: 'GET',
    path: '/api/netb2b/products/7/',
    body: productWire,
    expected: product,
    malformed: { ...productWire, quantity_in_stock: '34' },
  },
  {
    name: 'notifications',
    call: (api) => api.notifications(),
    method: 'GET',
    path: '/api/netb2b/notifications/',
    body: [notificationWire],
    expected: [notification],
    malformed: [{ ...notificationWire, read: 'no' }],
  },
  {
    name: 'notification',
    call: (api) => api.notification(4),
    method: 'GET',
    path: '/api/netb2b/notifications/4/',
    body: notificationWire,
    expected: notification,
    malformed: { ...notificationWire, created_at: null },
  },
  {
    name: 'markNotificationRead',
    call: (api) => api.markNotificationRead(4),
    method: 'POST',
    path: '/api/netb2b/notifications/4/read/',
    body: { ...notificationWire, read: true },
    expected: { ...notification, read: true },
    malformed: {},
  },
  {
    name: 'markAllNotificationsRead',
    call: (api) => api.markAllNotificationsRead(),
    method: 'POST',
    path: '/api/netb2b/notifications/read-all/',
    body: { updated: 2 },
    expected: { updated: 2 },
    malformed: { updated: -2 },
  },
];

async function signedInApi(answer: unknown, init: ResponseInit = {}) {
  const fake = createFakeFetch((request) =>
    new URL(request.url).pathname === '/api/token/'
      ? jsonResponse(fakeTokenPair())
      : jsonResponse(answer, init),
  );
  const api = createPortalApi({ apiBase, fetch: fake.fetch, readCookies: () => 'csrftoken=abc' });
  await api.login({ username: 'buyer', password: 'buyer123' });
  fake.requests.length = 0;
  return { api, requests: fake.requests };
}

describe('catalogue endpoints', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: calls its path with the bearer and maps the answer',
    async (_name, c) => {
      const { api, requests } = await signedInApi(c.body);
      await expect(c.call(api)).resolves.toEqual(c.expected);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.method).toBe(c.method);
      expect(pathAndQuery(requests[0]!)).toBe(c.path);
      expect(requests[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
      // the CSRF token rides on writes only
      expect(requests[0]!.headers.get('X-CSRFToken')).toBe(c.method === 'POST' ? 'abc' : null);
    },
  );

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: a malformed answer is a parse error naming the call',
    async (_name, c) => {
      const { api } = await signedInApi(c.malformed);
      const error = await c.call(api).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'parse', status: 200 });
      expect((error as ApiError).message).toContain('unexpected answer');
    },
  );

  it('an unknown campaign is an http error with the server detail', async () => {
    const { api } = await signedInApi({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
    await expect(api.campaign(99)).rejects.toMatchObject({ kind: 'http', status: 404, code: 'not_found' });
  });

  it('a filter that is not an id is refused before any request', async () => {
    const { api, requests } = await signedInApi({});
    await expect(api.productPage({ category: Number.NaN, page: 1, pageSize: 50 })).rejects.toThrow(
      RangeError,
    );
    await expect(api.campaign(-1)).rejects.toThrow(RangeError);
    await expect(api.markNotificationRead(1.5)).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });
});
