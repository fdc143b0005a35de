import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api/portalApi';
import {
  anOrderItemWire,
  anOrderPreviewWire,
  anOrderWire,
  aPreviewLineWire,
  aPreviewShipmentWire,
  aSuborderWire,
  someCartTotalsWire,
} from '../../src/test/builders';
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
const north = { id: 1, name: 'North' };
const delivery = { name: 'Delivery', amount: '0.50' };
const orderAnswer = anOrderWire({
  id: 501,
  total: '7.70',
  is_finalized: false,
  finalized_at: null,
  expected_delivery_date: '2026-11-27',
  is_preorder: false,
  customer_note: 'Gate 2',
  suborders: [
    aSuborderWire({
      warehouse: north,
      operator: { id: 4, name: 'Olga', phone: '+49 30 1234' },
      extra_charges: [delivery],
      estimated_delivery_date: null,
      items: [anOrderItemWire({ amount: '7.20', tax_amount: '0.50', is_fulfilled: false })],
    }),
  ],
});
const previewAnswer = anOrderPreviewWire({
  tax_applies: true,
  total: '9.81',
  totals: someCartTotalsWire({ total_without_tax: '8.70', deposit_total: '1.50' }),
  suborders: [
    aPreviewShipmentWire({
      warehouse: north,
      deposit_total: '1.50',
      extra_charges: [delivery],
      items: [
        aPreviewLineWire({ product: 7, deposit_amount: '1.50', tax_amount: '0.61', discount_amount: '0.00' }),
      ],
    }),
  ],
});
const submission = {
  items: [
    { product: 7, quantity: '6', unit: 1 },
    { product: 8, quantity: '1', unit: 2, campaign: 3 },
  ],
  expectedDeliveryDate: '2026-11-27',
  isPreorder: true,
  customerNote: 'Gate 2',
};

describe('orders service', () => {
  it('lists orders, with a limit for the home table', async () => {
    const { api, requests } = await apiWith(() => jsonResponse([orderAnswer]));
    const orders = await api.orders();
    await api.orders({ limit: 5 });
    expect(requests.map(target)).toEqual(['GET /api/netb2b/orders/', 'GET /api/netb2b/orders/?limit=5']);
    expect(orders[0]).toMatchObject({
      id: 501,
      total: '7.70',
      isFinalized: false,
      finalizedAt: null,
      expectedDeliveryDate: '2026-11-27',
      isPreorder: false,
      customerNote: 'Gate 2',
    });
    expect(orders[0]?.suborders[0]).toMatchObject({
      warehouse: { name: 'North' },
      operator: { name: 'Olga' },
      extraCharges: [{ name: 'Delivery', amount: '0.50' }],
      estimatedDeliveryDate: null,
    });
    expect(orders[0]?.suborders[0]?.items[0]).toMatchObject({
      price: '7.20',
      taxPrice: '0.50',
      fulfilled: false,
    });
  });

  it('an order list with a total as a JSON number reads it as its decimal text', async () => {
    const { api } = await apiWith(() => jsonResponse([{ ...orderAnswer, total: 7.7 }]));
    await expect(api.orders()).resolves.toMatchObject([{ total: '7.7' }]);
  });

  it('an order list with a total that is no plain decimal (1e21) is a parse error', async () => {
    const { api } = await apiWith(() => jsonResponse([{ ...orderAnswer, total: 1e21 }]));
    await expect(api.orders()).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringContaining('0.total'),
    });
  });

  it('loads one order and reports 404 for another company', async () => {
    const { api, requests } = await apiWith((r) =>
      r.url.endsWith('/501/')
        ? jsonResponse(orderAnswer)
        : jsonResponse({ detail: 'No order has this id.' }, { status: 404 }),
    );
    await expect(api.order(501)).resolves.toMatchObject({ id: 501 });
    expect(target(requests[0])).toBe('GET /api/netb2b/orders/501/');
    await expect(api.order(7)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('places an order with the Idempotency-Key header and the snake_case body', async () => {
    const { api, requests } = await apiWith(() => jsonResponse({ id: 502 }, { status: 201 }));
    await expect(api.placeOrder(submission, 'key-1')).resolves.toBe(502);
    expect(target(requests[0])).toBe('POST /api/netb2b/orders/');
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(requests[0]?.body).toEqual({
      items: submission.items,
      expected_delivery_date: '2026-11-27',
      is_preorder: true,
      customer_note: 'Gate 2',
    });
  });

  it('an order answer without an id is a parse error (the order number cannot be shown)', async () => {
    const { api } = await apiWith(() => jsonResponse({ order: 502 }, { status: 201 }));
    await expect(api.placeOrder(submission, 'key-1')).rejects.toMatchObject({ kind: 'parse' });
  });

  it('previews the split per warehouse in camelCase', async () => {
    const { api, requests } = await apiWith(() => jsonResponse(previewAnswer));
    const preview = await api.previewOrder(submission.items);
    expect(target(requests[0])).toBe('POST /api/netb2b/orders/preview/');
    expect(requests[0]?.body).toEqual({ items: submission.items });
    expect(preview).toMatchObject({
      taxApplies: true,
      total: '9.81',
      totals: { totalWithoutTax: '8.70', depositTotal: '1.50' },
    });
    expect(preview.suborders[0]).toMatchObject({
      warehouse: { id: 1, name: 'North' },
      depositTotal: '1.50',
      extraCharges: [{ name: 'Delivery', amount: '0.50' }],
      items: [{ product: 7, depositAmount: '1.50', taxAmount: '0.61', discountAmount: '0.00' }],
    });
  });

  it('sends the chosen delivery address with the order', async () => {
    const { api, requests } = await apiWith(() => jsonResponse({ id: 503 }, { status: 201 }));
    await api.placeOrder({ ...submission, deliveryAddress: 12 }, 'key-2');
    expect(requests[0]?.body).toMatchObject({ delivery_address: 12, expected_delivery_date: '2026-11-27' });
  });

  it('previews with the day and the address, and reads each suborder’s day and the minimum missed', async () => {
    const [shipment] = previewAnswer.suborders;
    const { api, requests } = await apiWith(() =>
      jsonResponse({
        ...previewAnswer,
        suborders: [{ ...shipment, expected_delivery_date: '2026-12-04' }],
        minimum_order: { value: '150.00', mode: 'fee', missing: '38.50', fee: '15.00' },
      }),
    );
    const preview = await api.previewOrder(submission.items, {
      expectedDeliveryDate: '2026-12-01',
      deliveryAddress: 12,
    });
    expect(requests[0]?.body).toEqual({
      items: submission.items,
      expected_delivery_date: '2026-12-01',
      delivery_address: 12,
    });
    expect(preview.suborders[0]?.expectedDeliveryDate).toBe('2026-12-04');
    expect(preview.minimumOrder).toEqual({ value: '150.00', mode: 'fee', missing: '38.50', fee: '15.00' });
  });

  it('a preview without the optional figures has none', async () => {
    const { api } = await apiWith(() => jsonResponse({ ...previewAnswer, minimum_order: null }));
    const preview = await api.previewOrder(submission.items);
    expect(preview.minimumOrder).toBeUndefined();
    expect(preview.suborders[0]?.expectedDeliveryDate).toBeUndefined();
  });

  it('a preview missing the suborders is a parse error', async () => {
    const { api } = await apiWith(() => jsonResponse({ ...previewAnswer, suborders: undefined }));
    await expect(api.previewOrder(submission.items)).rejects.toMatchObject({ kind: 'parse' });
  });

  it('fetches the invoice page as a blob with the bearer path; a 404 is an error', async () => {
    const { api, requests } = await apiWith((r) =>
      r.url.includes('/501/')
        ? new Response('<html>invoice</html>', { headers: { 'Content-Type': 'text/html' } })
        : jsonResponse({ detail: 'No order has this id.' }, { status: 404 }),
    );
    const blob = await api.invoice(501);
    expect(target(requests[0])).toBe('GET /api/netb2b/orders/501/invoice/');
    expect(await blob.text()).toBe('<html>invoice</html>');
    expect(blob.type).toContain('text/html');
    await expect(api.invoice(9)).rejects.toMatchObject({ status: 404 });
  });
});
