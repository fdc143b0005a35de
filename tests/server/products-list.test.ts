import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignProductPageWire, productPageWire } from '../../src/services/api/wire/catalog-pages';
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

const page = async (query: string) => {
  const response = await client.get(`/api/netb2b/products/${query}`, access);
  expect(response.status).toBe(200);
  return productPageWire.parse(await response.json());
};

describe('GET /api/netb2b/products/ (paginated)', () => {
  it('pages through the whole catalogue without gaps or repeats', async () => {
    const first = await page('?page_size=100');
    expect(first.count).toBe(360);
    expect(first.previous).toBeNull();
    const seen = new Set(first.results.map((p) => p.id));
    let next = first.next;
    while (next) {
      const response = await client.get(next, access);
      const current = productPageWire.parse(await response.json());
      for (const product of current.results) {
        expect(seen.has(product.id)).toBe(false);
        seen.add(product.id);
      }
      next = current.next;
    }
    expect(seen.size).toBe(360);
  });

  it('defaults to 50 per page, in name order', async () => {
    const first = await page('');
    expect(first.results).toHaveLength(50);
    expect(first.next).toBe('/api/netb2b/products/?page=2');
  });

  it('filters by category and by brand, keeping the filter in the links', async () => {
    const drinks = await page('?category=2&page_size=5');
    expect(drinks.count).toBeGreaterThan(5);
    expect(drinks.results.every((p) => p.category.id === 2)).toBe(true);
    expect(drinks.next).toBe('/api/netb2b/products/?category=2&page_size=5&page=2');

    const brand = await page('?brand=12&page_size=200');
    expect(brand.results.length).toBe(brand.count);
    expect(brand.results.every((p) => p.brand.name === 'ProClean')).toBe(true);

    const both = await page('?category=1&brand=1&page_size=200');
    expect(both.results.every((p) => p.category.id === 1 && p.brand.id === 1)).toBe(true);
    expect(both.count).toBeLessThan(drinks.count + brand.count + 100);
  });

  it('filters by campaign and gives each product its campaign price', async () => {
    const response = await client.get('/api/netb2b/products/?campaign=2&page_size=100', access);
    const campaign = campaignProductPageWire.parse(await response.json());
    expect(campaign.count).toBeGreaterThan(0);
    for (const product of campaign.results) {
      expect(product.campaign_id).toBe(2);
      expect(Number(product.new_price)).toBeLessThan(Number(product.price));
    }
  });

  it('answers an empty page past the end, and no results for an unknown category', async () => {
    const beyond = await page('?page=999');
    expect(beyond.results).toEqual([]);
    expect(beyond.next).toBeNull();
    expect((await page('?category=9999')).count).toBe(0);
  });

  it.each(['?page=0', '?page=abc', '?page_size=0', '?page_size=201', '?category=-1', '?brand=1.5'])(
    'answers 400 for %s',
    async (query) => {
      const response = await client.get(`/api/netb2b/products/${query}`, access);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toHaveLength(1);
    },
  );
});
