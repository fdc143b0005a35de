import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api/portalApi';
import { anOrderWire } from '../../src/test/builders';
import { createFakeFetch, type FakeHandler, jsonResponse } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

const apiBase = 'http://portal.test/api';
/** A signed-in api; requests are recorded from after the sign-in. */
const apiWith = async (handler: FakeHandler) => {
  const fake = createFakeFetch((request) =>
    new URL(request.url).pathname === '/api/token/' ? jsonResponse(fakeTokenPair()) : handler(request),
  );
  const api = createPortalApi({ apiBase, fetch: fake.fetch });
  await api.login({ username: 'buyer', password: 'buyer123' });
  fake.requests.length = 0;
  return { api, requests: fake.requests };
};

/** The order detail after a change: version 2, its first version kept, and where it goes. */
const changedAnswer = {
  ...anOrderWire({ id: 501 }),
  version: 2,
  cancelled_at: null,
  amendable_until: '2026-11-30T17:00:00Z',
  delivery_address: {
    id: 3,
    name: 'Kitchen entrance',
    line1: 'Hafenstraße 12',
    line2: '',
    suburb: 'Altona',
    city: 'Hamburg',
    state: 'Hamburg',
    postal_code: '20457',
    country: 'DE',
  },
  versions: [
    {
      version: 1,
      replaced_at: '2026-11-27T09:00:00Z',
      replaced_by: { id: 5, name: 'Bea Buyer' },
      expected_delivery_date: '2026-12-01',
      total: '15.50',
      items: [{ product: { id: 7, name: 'Sunflower oil 1 l' }, quantity: '2.000', unit: 1 }],
    },
  ],
};

describe('order changes', () => {
  it('PUTs the new lines with the version seen and reads the new version, its history and address', async () => {
    const { api, requests } = await apiWith(() => jsonResponse(changedAnswer));
    const order = await api.amendOrder(501, {
      version: 1,
      items: [{ product: 7, quantity: '5', unit: 1 }],
      expectedDeliveryDate: '2026-12-02',
      customerNote: 'Back door',
    });
    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.body])).toEqual([
      [
        'PUT',
        '/api/netb2b/orders/501/',
        {
          version: 1,
          items: [{ product: 7, quantity: '5', unit: 1 }],
          expected_delivery_date: '2026-12-02',
          customer_note: 'Back door',
        },
      ],
    ]);
    expect(order).toMatchObject({
      version: 2,
      cancelledAt: null,
      amendableUntil: '2026-11-30T17:00:00Z',
      deliveryAddress: { name: 'Kitchen entrance', postalCode: '20457', city: 'Hamburg' },
      versions: [
        {
          version: 1,
          replacedAt: '2026-11-27T09:00:00Z',
          replacedBy: { id: 5, name: 'Bea Buyer' },
          expectedDeliveryDate: '2026-12-01',
          total: '15.50',
          items: [{ product: { id: 7, name: 'Sunflower oil 1 l' }, quantity: '2.000', unit: 1 }],
        },
      ],
    });
  });

  it('POSTs a cancel with the version seen', async () => {
    const cancelled = { ...changedAnswer, cancelled_at: '2026-11-27T10:00:00Z', amendable_until: null };
    const { api, requests } = await apiWith(() => jsonResponse(cancelled));
    const order = await api.cancelOrder(501, 2);
    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.body])).toEqual([
      ['POST', '/api/netb2b/orders/501/cancel/', { version: 2 }],
    ]);
    expect(order).toMatchObject({ cancelledAt: '2026-11-27T10:00:00Z', amendableUntil: null });
  });

  it('refuses with the server code a change after the cut-off', async () => {
    const { api } = await apiWith(() =>
      jsonResponse(
        { detail: 'Too late', code: 'order_cutoff_passed', amendable_until: '2026-11-27T17:00:00Z' },
        { status: 409 },
      ),
    );
    await expect(api.cancelOrder(501, 1)).rejects.toMatchObject({ status: 409, code: 'order_cutoff_passed' });
  });

  it('reads an order from a backend without changes as before', async () => {
    const { api } = await apiWith(() => jsonResponse(anOrderWire({ id: 501 })));
    const order = await api.order(501);
    expect(order).not.toHaveProperty('version');
    expect(order).not.toHaveProperty('versions');
    expect(order).not.toHaveProperty('deliveryAddress');
  });
});
