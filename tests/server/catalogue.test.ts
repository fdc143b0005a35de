import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  announcementWire,
  brandWire,
  campaignWire,
  categoryWire,
  customerCurrencyWire,
  productWire,
  unitWire,
} from '../../src/services/api/wire/catalog';
import { campaignWithPricesWire } from '../../src/services/api/wire/catalog-pages';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let client: TestClient;
let access: string;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  ({ access } = await client.signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

const getJson = async (path: string, token = access) => {
  const response = await client.get(path, token);
  expect(response.status).toBe(200);
  return response.json();
};

describe('catalogue lists (signed in only)', () => {
  it.each([
    '/api/netb2b/categories/',
    '/api/netb2b/brands/',
    '/api/netb2b/product-units/',
    '/api/netb2b/campaigns/',
    '/api/netb2b/campaigns/1/',
    '/api/netb2b/products/',
    '/api/netb2b/products/1/',
    '/api/netb2b/products/featured/',
    '/api/netb2b/products/newest/',
    '/api/netb2b/products/search/?query=kase',
    '/api/netb2b/deprecated_get-customer-currency/',
    '/api/netb2b/notifications/',
    '/api/baf/announcements/',
  ])('%s answers 401 without a token', async (path) => {
    expect((await server.app.request(path)).status).toBe(401);
  });

  it('categories: at least ten, sorted by name', async () => {
    const categories = z.array(categoryWire).parse(await getJson('/api/netb2b/categories/'));
    expect(categories.length).toBeGreaterThanOrEqual(10);
    const names = categories.map((c) => c.name);
    expect(names).toEqual([...names].sort());
  });

  it('brands: at least twelve, each with a served logo', async () => {
    const brands = z.array(brandWire).parse(await getJson('/api/netb2b/brands/'));
    expect(brands.length).toBeGreaterThanOrEqual(12);
    expect(brands.map((b) => b.name)).toContain('Élan Gourmet');
    const logo = await server.app.request(brands[0]?.image ?? '');
    expect(logo.status).toBe(200);
  });

  it('product units: chains whose bases exist, one primary unit per chain', async () => {
    const units = z.array(unitWire).parse(await getJson('/api/netb2b/product-units/'));
    const ids = new Set(units.map((u) => u.id));
    for (const unit of units) if (unit.base !== null) expect(ids.has(unit.base)).toBe(true);
    expect(units.filter((u) => u.is_primary && u.base === null).length).toBe(2);
  });

  it('customer currency: the euro sign', async () => {
    expect(
      customerCurrencyWire.parse(await getJson('/api/netb2b/deprecated_get-customer-currency/')),
    ).toEqual({
      symbol: '€',
    });
  });
});

describe('products', () => {
  it('one product by id parses as productWire, with units and exact money', async () => {
    const product = productWire.parse(await getJson('/api/netb2b/products/1/'));
    expect(product.name).toBe('Alpenhof Käse Gouda jung 200 g');
    expect(product.price).toMatch(/^\d+\.\d{2}$/);
    expect(product.unit_amounts.map((u) => u.unit)).toEqual([1, 2, 3]);
    expect(product.unit_amounts[0]?.amount).toBe('1');
    expect(product.image).toBe('/media/products/1.svg');
  });

  it('a drink carries its deposit and the 19 % rate', async () => {
    const drink = productWire.parse(await getJson('/api/netb2b/products/2/'));
    expect(drink).toMatchObject({ deposit_price: '0.25', tax_rate_percent: '19.00' });
  });

  it('an unknown product id is 404', async () => {
    expect((await client.get('/api/netb2b/products/999999/', access)).status).toBe(404);
  });

  it('featured: a non-empty list of featured products', async () => {
    const featured = z.array(productWire).parse(await getJson('/api/netb2b/products/featured/'));
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.length).toBeLessThanOrEqual(20);
  });

  it('newest: the most recently added first', async () => {
    const newest = z.array(productWire).parse(await getJson('/api/netb2b/products/newest/'));
    expect(newest.length).toBe(20);
    const { max } = await server.database.db
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    expect(newest[0]?.id).toBe(Number(max));
  });
});

describe('campaigns', () => {
  it('lists running campaigns with banners and campaign prices below the product price', async () => {
    const raw = await getJson('/api/netb2b/campaigns/');
    z.array(campaignWire).parse(raw);
    const campaigns = z.array(campaignWithPricesWire).parse(raw);
    expect(campaigns.length).toBeGreaterThanOrEqual(3);
    expect(campaigns.map((c) => c.name)).not.toContain('Winter Frozen Sale');
    for (const campaign of campaigns) {
      expect(campaign.banner).toBe(`/media/campaigns/${campaign.id}.svg`);
      expect(campaign.campaign_prices.length).toBeGreaterThan(0);
      for (const price of campaign.campaign_prices) {
        expect(price.campaign_id).toBe(campaign.id);
        expect(Number(price.new_price)).toBeLessThan(Number(price.product.price));
      }
    }
  });

  it('shows one campaign by id, and 404 for an unknown one', async () => {
    const campaign = campaignWithPricesWire.parse(await getJson('/api/netb2b/campaigns/2/'));
    expect(campaign.name).toBe('Summer Drinks');
    expect(new Date(campaign.starts_at).getTime()).toBeLessThan(new Date(campaign.ends_at).getTime());
    expect((await client.get('/api/netb2b/campaigns/999/', access)).status).toBe(404);
  });
});

describe('announcements', () => {
  it('lists announcements newest first, with the user’s read flag', async () => {
    const announcements = z.array(announcementWire).parse(await getJson('/api/baf/announcements/'));
    expect(announcements.length).toBeGreaterThanOrEqual(3);
    const times = announcements.map((a) => Date.parse(a.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(announcements.find((a) => a.id === 1)?.read).toBe(true);
    const { access: colleague } = await new TestClient(server.app).signIn('colleague', 'colleague123');
    const forColleague = z.array(announcementWire).parse(await getJson('/api/baf/announcements/', colleague));
    expect(forColleague.every((a) => !a.read)).toBe(true);
  });

  it('marks one read for this user only, and twice is the same as once', async () => {
    for (let time = 0; time < 2; time += 1) {
      const response = await client.send('POST', '/api/baf/announcements/2/read/', {}, access);
      expect(response.status).toBe(200);
      expect(announcementWire.parse(await response.json()).read).toBe(true);
    }
    const { access: other } = await new TestClient(server.app).signIn('other', 'other123');
    const forOther = z.array(announcementWire).parse(await getJson('/api/baf/announcements/', other));
    expect(forOther.find((a) => a.id === 2)?.read).toBe(false);
    expect((await client.send('POST', '/api/baf/announcements/99/read/', {}, access)).status).toBe(404);
  });
});
