import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api/portalApi';
import { createFakeFetch, type FakeHandler, jsonResponse } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

/** A signed-in api (a signed-in call without a token is never sent); requests start after the sign-in. */
const apiWith = async (handler: FakeHandler) => {
  const fake = createFakeFetch((request) =>
    new URL(request.url).pathname === '/api/token/' ? jsonResponse(fakeTokenPair()) : handler(request),
  );
  const api = createPortalApi({ apiBase: 'http://portal.test/api', fetch: fake.fetch });
  await api.login({ username: 'buyer', password: 'buyer123' });
  fake.requests.length = 0;
  return { api, requests: fake.requests };
};

describe('the company’s delivery terms', () => {
  it('reads the calendar and the company’s own minimum next to it, also without a calendar', async () => {
    const { api, requests } = await apiWith(() =>
      jsonResponse({ calendar: null, minimum_order: { value: '120.00', mode: 'block', fee: null } }),
    );
    await expect(api.deliveryTerms()).resolves.toEqual({
      calendar: null,
      minimumOrder: { value: '120.00', mode: 'block', fee: null },
    });
    expect(new URL(requests[0]?.url ?? 'http://x/').pathname).toBe('/api/netb2b/delivery-calendar/');
  });

  it('has no minimum from an older server that does not answer one', async () => {
    const { api } = await apiWith(() => jsonResponse({ calendar: null }));
    await expect(api.deliveryTerms()).resolves.toEqual({ calendar: null, minimumOrder: null });
  });
});
