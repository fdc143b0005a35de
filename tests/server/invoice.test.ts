import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/security/security-headers';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { orderCreatedWire, orderWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PIECE = 1;
const CSRF = 'invoice-test-csrf-token-0123456789abcdef';

let server: TestServer;
const tokens: Record<string, string> = {};
let orderId: number;

async function call(user: string, method: string, path: string, body?: unknown) {
  return server.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${tokens[user]}`,
      'Content-Type': 'application/json',
      Cookie: `csrftoken=${CSRF}`,
      'X-CSRFToken': CSRF,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'other']) tokens[name] = (await client.signIn(name, `${name}123`)).access;
  const product = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 10)
    .where('p.deposit_price', '!=', '0.00')
    .orderBy('p.id')
    .executeTakeFirst();
  const fallback = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 10)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const placed = await call('buyer', 'POST', '/api/netb2b/orders/', {
    items: [{ product: (product ?? fallback).id, quantity: '3', unit: PIECE }],
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
    is_preorder: true,
    customer_note: 'Ring twice <script>alert("x")</script> & wait',
  });
  expect(placed.status).toBe(201);
  orderId = orderCreatedWire.parse(await placed.json()).id;
});
afterAll(() => server.close());

describe('GET /api/netb2b/orders/{id}/invoice/', () => {
  it('is a printable HTML page with the company, every line, taxes, deposit and totals', async () => {
    const response = await call('buyer', 'GET', `/api/netb2b/orders/${orderId}/invoice/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Content-Disposition')).toBe(`inline; filename="invoice-${orderId}.html"`);
    const html = await response.text();
    const order = orderWire.parse(
      await (await call('buyer', 'GET', `/api/netb2b/orders/${orderId}/`)).json(),
    );

    expect(html).toContain('Lindenhof Gastro GmbH');
    expect(html).toContain('DE287654321');
    expect(html).toContain('Contact person: Maria Keller');
    expect(html).toContain(`Invoice for order ${orderId}`);
    for (const suborder of order.suborders) {
      expect(html).toContain(suborder.warehouse.name);
      for (const charge of suborder.extra_charges) expect(html).toContain(charge.name);
      for (const item of suborder.items) {
        expect(html).toContain(item.product.name.replace(/&/g, '&amp;'));
        expect(html).toContain(`€\u00a0${item.amount}`);
        expect(html).toContain(`€\u00a0${item.deposit_amount}`);
        expect(html).toContain(`€\u00a0${item.tax_amount}`);
      }
    }
    // the buyer's basis is gross: named once, VAT shown as included, figures as the order answers them
    expect(order.price_basis).toBe('gross');
    expect(html.split('Prices incl. VAT')).toHaveLength(2);
    expect(html).not.toContain('Net prices');
    for (const label of ['Goods', 'Deposit total', 'Taxes (VAT included)', 'Extra charges', 'Total'])
      expect(html).toContain(label);
    expect(html).toContain(`€\u00a0${order.total}`);
    expect(html).toContain(`€\u00a0${order.tax}`);
  });

  it('satisfies the CSP: no script at all, and escapes what the customer typed', async () => {
    const response = await call('buyer', 'GET', `/api/netb2b/orders/${orderId}/invoice/`);
    expect(response.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).toContain('Ring twice &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; wait');
  });

  it('shows seeded orders too', async () => {
    const seeded = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 1)
      .where('is_finalized', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await call('buyer', 'GET', `/api/netb2b/orders/${seeded.id}/invoice/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`Invoice for order ${seeded.id}`);
  });

  it("answers 404 for another company's order and 401 without a token", async () => {
    const response = await call('other', 'GET', `/api/netb2b/orders/${orderId}/invoice/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', detail: 'No order has this id.' });
    expect((await server.app.request(`/api/netb2b/orders/${orderId}/invoice/`)).status).toBe(401);
  });
});
