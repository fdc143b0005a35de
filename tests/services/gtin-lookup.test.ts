import { describe, expect, it } from 'vitest';
import type { Capability } from '../../src/services/api/capabilities';
import { lookUpGtin } from '../../src/services/api/gtin-lookup';
import { createPortalApi } from '../../src/services/api/portalApi';
import { aProduct, toProductWire } from '../../src/test/builders';
import { createFakeFetch, type FakeHandler, jsonResponse } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

// The scan's lookup port: one call on a backend with barcodeLookup, the product search on one with
// the specification's calls only.

const apiBase = 'http://portal.test/api';
const product = aProduct({
  id: 7,
  barcode: '4006381333931',
  unitAmounts: [
    { unit: 1, amount: '1' },
    { unit: 2, amount: '12' },
  ],
});
const unitsWire = [
  { id: 1, base: null, name: 'piece', name_plural: 'pieces', is_primary: true },
  { id: 2, base: 1, name: 'box', name_plural: 'boxes', is_primary: false },
];

async function signedInApi(answer: FakeHandler) {
  const missing: Capability[] = [];
  const fake = createFakeFetch((request) =>
    new URL(request.url).pathname === '/api/token/' ? jsonResponse(fakeTokenPair()) : answer(request),
  );
  const api = createPortalApi({
    apiBase,
    fetch: fake.fetch,
    readCookies: () => 'csrftoken=abc',
    onMissingCall: (capability) => missing.push(capability),
  });
  await api.login({ username: 'buyer', password: 'buyer123' });
  fake.requests.length = 0;
  const paths = () =>
    fake.requests.map((request) => new URL(request.url).pathname + new URL(request.url).search);
  return { api, paths, missing };
}

describe('with the capability barcodeLookup', () => {
  it('asks the server for the GTIN-14 and answers the product and the unit the code is printed on', async () => {
    const { api, paths } = await signedInApi(() =>
      jsonResponse({
        product: { ...toProductWire(product), campaign_id: 3, new_price: '1.99' },
        unit: 2,
        gtin: '14006381333938',
      }),
    );
    const found = await lookUpGtin(api, '14006381333938', true);
    expect(found).toEqual({
      product: { ...product, campaignId: 3, newPrice: '1.99' },
      unit: 2,
      gtin: '14006381333938',
    });
    expect(paths()).toEqual(['/api/netb2b/products/by-gtin/14006381333938/']);
  });

  it('answers null for a code no product carries', async () => {
    const { api, missing } = await signedInApi(() =>
      jsonResponse({ detail: 'No product carries this GTIN.', code: 'unknown_gtin' }, { status: 404 }),
    );
    await expect(lookUpGtin(api, '09501101530003', true)).resolves.toBeNull();
    expect(missing).toEqual([]);
  });

  it('fails, and reports the capability missing, when the backend has no such call', async () => {
    const { api, missing } = await signedInApi(() => jsonResponse({ detail: 'Not found.' }, { status: 404 }));
    await expect(lookUpGtin(api, '09501101530003', true)).rejects.toMatchObject({
      kind: 'http',
      status: 404,
    });
    expect(missing).toEqual(['barcodeLookup']);
  });

  it('fails on an answer that is not a match', async () => {
    const { api } = await signedInApi(() =>
      jsonResponse({ product: toProductWire(product), unit: 2, gtin: '123' }),
    );
    await expect(lookUpGtin(api, '14006381333938', true)).rejects.toMatchObject({ kind: 'parse' });
  });

  it('asks nothing for a code that is no GTIN', async () => {
    const { api, paths } = await signedInApi(() => jsonResponse({}));
    await expect(lookUpGtin(api, '14006381333939', true)).resolves.toBeNull();
    expect(paths()).toEqual([]);
  });
});

describe('without it: the product search', () => {
  /** a backend answering the search with `found(query)` and the unit list */
  const searching = (found: (query: string) => unknown[]) =>
    signedInApi((request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/netb2b/product-units/') return jsonResponse(unitsWire);
      return jsonResponse(found(url.searchParams.get('query') ?? ''));
    });

  it('finds the product whose barcode is the code, in its primary unit', async () => {
    const { api, paths } = await searching((query) =>
      query === '4006381333931' ? [toProductWire(product)] : [],
    );
    await expect(lookUpGtin(api, '04006381333931', false)).resolves.toEqual({
      product,
      unit: 1,
      gtin: '04006381333931',
    });
    expect(paths()).toEqual([
      '/api/netb2b/products/search/?query=4006381333931',
      '/api/netb2b/product-units/',
    ]);
  });

  it('finds a barcode kept as a UPC-A by searching the other lengths', async () => {
    const upc = aProduct({ ...product, id: 8, barcode: '036000291452' });
    const { api, paths } = await searching((query) => (query === '036000291452' ? [toProductWire(upc)] : []));
    await expect(lookUpGtin(api, '00036000291452', false)).resolves.toMatchObject({
      product: { id: 8 },
      unit: 1,
    });
    expect(paths().filter((path) => path.includes('search'))).toEqual([
      '/api/netb2b/products/search/?query=0036000291452',
      '/api/netb2b/products/search/?query=00036000291452',
      '/api/netb2b/products/search/?query=036000291452',
    ]);
  });

  it('takes no product the search found by another field', async () => {
    const namedLikeIt = aProduct({ ...product, id: 9, barcode: '9638507400000', stockCode: '4006381333931' });
    const { api } = await searching(() => [toProductWire(namedLikeIt)]);
    await expect(lookUpGtin(api, '04006381333931', false)).resolves.toBeNull();
  });

  it('knows no case codes: such a backend keeps one code per product', async () => {
    const { api, paths } = await searching(() => []);
    await expect(lookUpGtin(api, '14006381333938', false)).resolves.toBeNull();
    expect(paths()).toEqual(['/api/netb2b/products/search/?query=14006381333938']);
  });

  it('fails when the search fails, so the buyer can try again', async () => {
    const { api } = await signedInApi(() => jsonResponse({ detail: 'Busy.' }, { status: 503 }));
    await expect(lookUpGtin(api, '04006381333931', false)).rejects.toMatchObject({ status: 503 });
  });
});
