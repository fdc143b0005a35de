import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api/portalApi';
import { aCartItemWire, aProductWire } from '../../src/test/builders';
import {
  createFakeFetch,
  type FakeHandler,
  jsonResponse,
  type RecordedRequest,
} from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

const apiBase = 'http://portal.test/api';
const target = (r: RecordedRequest | undefined) => {
  const url = new URL(r?.url ?? 'http://x/');
  return `${r?.method} ${url.pathname}${url.search}`;
};
/** A signed-in api (a signed-in call without a token is never sent); requests start after the sign-in. */
const apiWith = async (handler: FakeHandler) => {
  const fake = createFakeFetch((request) =>
    new URL(request.url).pathname === '/api/token/' ? jsonResponse(fakeTokenPair()) : handler(request),
  );
  const api = createPortalApi({ apiBase, fetch: fake.fetch });
  await api.login({ username: 'buyer', password: 'buyer123' });
  fake.requests.length = 0;
  return { api, requests: fake.requests };
};
const plainLine = aCartItemWire({
  id: 31,
  product: aProductWire({ id: 7, tax_rate_percent: '7', deposit_price: '0.25' }),
  quantity: '3',
  unit: 1,
});
const campaignLine = aCartItemWire({
  id: 32,
  product: aProductWire({ id: 8, campaign_id: 3, new_price: '0.99' }),
  quantity: '1',
  unit: 2,
});
const line = { product: 7, campaign: null, quantity: '4', unit: 2 };

describe('cart service', () => {
  it('lists the cart with ?detailed=true and maps plain and campaign lines', async () => {
    const { api, requests } = await apiWith(() => jsonResponse([plainLine, campaignLine]));
    const items = await api.cartItems();
    expect(target(requests[0])).toBe('GET /api/netb2b/cart-items/?detailed=true');
    expect(items.map((i) => [i.id, i.product.id, i.quantity, i.unit])).toEqual([
      [31, 7, '3', 1],
      [32, 8, '1', 2],
    ]);
    expect(items[0]?.product).toMatchObject({ taxRatePercent: '7', depositPrice: '0.25' });
    expect(items[1]?.product).toMatchObject({ campaignId: 3, newPrice: '0.99' });
  });

  it('a cart line whose quantity is a JSON number reads as its decimal text', async () => {
    const { api } = await apiWith(() => jsonResponse([{ ...plainLine, quantity: 2.5 }]));
    await expect(api.cartItems()).resolves.toMatchObject([{ quantity: '2.5' }]);
  });

  it('a cart line whose quantity is a number without a plain decimal text (1e21) is a parse error naming the field', async () => {
    const { api } = await apiWith(() => jsonResponse([{ ...plainLine, quantity: 1e21 }]));
    await expect(api.cartItems()).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringContaining('0.quantity'),
    });
  });

  it('adds a line with POST and answers the stored id, quantity and unit', async () => {
    const { api, requests } = await apiWith(() =>
      jsonResponse({ id: 40, quantity: '4', unit: 2 }, { status: 201 }),
    );
    await expect(api.addCartItem(line)).resolves.toEqual({ id: 40, quantity: '4', unit: 2 });
    expect(target(requests[0])).toBe('POST /api/netb2b/cart-items/');
    expect(requests[0]?.body).toEqual(line);
  });

  it('an add refused because the product has a line carries the server code', async () => {
    const { api } = await apiWith(() =>
      jsonResponse({ detail: 'already', code: 'already_in_cart' }, { status: 400 }),
    );
    await expect(api.addCartItem(line)).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      code: 'already_in_cart',
    });
  });

  it('replaces a line with PUT on its id', async () => {
    const { api, requests } = await apiWith(() => jsonResponse({ id: 31, quantity: '4', unit: 2 }));
    await expect(api.updateCartItem(31, line)).resolves.toEqual({ id: 31, quantity: '4', unit: 2 });
    expect(target(requests[0])).toBe('PUT /api/netb2b/cart-items/31/');
    expect(requests[0]?.body).toEqual(line);
  });

  it('an add answer without the unit is a parse error', async () => {
    const { api } = await apiWith(() => jsonResponse({ id: 31, quantity: '4' }, { status: 201 }));
    await expect(api.addCartItem(line)).rejects.toMatchObject({ kind: 'parse' });
  });

  it.each([
    ['an empty 200', () => new Response('', { status: 200 })],
    ['a 204', () => new Response(null, { status: 204 })],
    ['200 {}', () => jsonResponse({})],
    ['a body without the unit', () => jsonResponse({ id: 31, quantity: '4' })],
  ])('a replace answered with %s (its answer is "not shown") is the line as sent', async (_name, answer) => {
    const { api } = await apiWith(answer);
    await expect(api.updateCartItem(31, line)).resolves.toEqual({ id: 31, quantity: '4', unit: 2 });
  });

  it('removes a line with DELETE (204, no body) and reports a 404', async () => {
    const { api, requests } = await apiWith((r) =>
      r.url.endsWith('/31/')
        ? new Response(null, { status: 204 })
        : jsonResponse({ detail: 'No cart item has this id.' }, { status: 404 }),
    );
    await expect(api.removeCartItem(31)).resolves.toBeUndefined();
    expect(target(requests[0])).toBe('DELETE /api/netb2b/cart-items/31/');
    await expect(api.removeCartItem(99)).rejects.toMatchObject({
      status: 404,
      detail: 'No cart item has this id.',
    });
  });

  it('bulk add sends every line with the mode and maps added, increased and rejected results', async () => {
    const { api, requests } = await apiWith(() =>
      jsonResponse({
        results: [
          { index: 0, product: 7, status: 'added', id: 50, quantity: '4', unit: 2 },
          {
            index: 1,
            product: 8,
            status: 'increased',
            id: 32,
            quantity: '3',
            unit: 1,
            previous_quantity: '2',
            previous_unit: 1,
          },
          {
            index: 2,
            product: 9,
            status: 'rejected',
            code: 'not_enough_stock',
            errors: { quantity: ['Not enough stock: with 2 pieces in the cart, at most 1 more piece.'] },
            max_quantity: 1,
            previous_quantity: '2',
            previous_unit: 1,
          },
        ],
      }),
    );
    const results = await api.addCartItemsBulk(
      [line, { ...line, product: 8 }, { ...line, product: 9 }],
      'add',
    );
    expect(target(requests[0])).toBe('POST /api/netb2b/cart-items/bulk/');
    expect(requests[0]?.body).toEqual({
      mode: 'add',
      items: [line, { ...line, product: 8 }, { ...line, product: 9 }],
    });
    expect(results).toEqual([
      { index: 0, product: 7, status: 'added', written: { id: 50, quantity: '4', unit: 2 }, previous: null },
      {
        index: 1,
        product: 8,
        status: 'increased',
        written: { id: 32, quantity: '3', unit: 1 },
        previous: { quantity: '2', unit: 1 },
      },
      {
        index: 2,
        product: 9,
        status: 'rejected',
        code: 'not_enough_stock',
        errors: { quantity: ['Not enough stock: with 2 pieces in the cart, at most 1 more piece.'] },
        maxQuantity: 1,
        previous: { quantity: '2', unit: 1 },
      },
    ]);
  });

  it('a bulk result that says added but not what was stored is a parse error', async () => {
    const { api } = await apiWith(() =>
      jsonResponse({ results: [{ index: 0, product: 7, status: 'added' }] }),
    );
    await expect(api.addCartItemsBulk([line], 'replace')).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringContaining('a stored line without id, quantity and unit'),
    });
  });
});
