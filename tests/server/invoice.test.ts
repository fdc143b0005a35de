import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../server/invoices/invoice-document';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { CONTENT_SECURITY_POLICY } from '../../server/security/security-headers';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PIECE = 1;
const CSRF = 'invoice-test-csrf-token-0123456789abcdef';

let server: TestServer;
const tokens: Record<string, string> = {};
let seededOrderId: number;
let notedOrderId: number;

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

const dayMonthYear = (isoDate: string) => isoDate.split('-').reverse().join('.');

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'other']) tokens[name] = (await client.signIn(name, `${name}123`)).access;
  seededOrderId = (
    await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 1)
      .where('is_finalized', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const product = await server.database.db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 10)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const placed = await call('buyer', 'POST', '/api/netb2b/orders/', {
    items: [{ product: product.id, quantity: '3', unit: PIECE }],
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
    is_preorder: true,
    customer_note: 'Ring twice <script>alert("x")</script> & wait',
  });
  expect(placed.status).toBe(201);
  notedOrderId = orderCreatedWire.parse(await placed.json()).id;
  // delivered by the retention rule, which issues its invoice
  await closePastSuborders(server.database.db, addDays(server.clock.now(), 40));
});
afterAll(() => server.close());

describe('GET /api/netb2b/orders/{id}/invoice/', () => {
  it('shows each issued invoice: number, dates, supplier, customer addresses, lines, VAT per rate, terms', async () => {
    const response = await call('buyer', 'GET', `/api/netb2b/orders/${seededOrderId}/invoice/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    const invoices = await server.database.db
      .selectFrom('invoices')
      .select(['number', 'document'])
      .where('order_id', '=', seededOrderId)
      .orderBy('id')
      .execute();
    expect(invoices.length).toBeGreaterThan(0);
    expect(response.headers.get('Content-Disposition')).toBe(
      invoices.length === 1
        ? `inline; filename="invoice-${invoices[0]?.number}.html"`
        : `inline; filename="invoices-order-${seededOrderId}.html"`,
    );
    const html = await response.text();

    for (const text of ['Lindenhof Wholesale', 'Großmarktstraße 5', 'VAT ID DE123456789'])
      expect(html).toContain(text);
    for (const text of [
      'Lindenhof Gastro GmbH',
      'Lindenhof Gastro GmbH, Buchhaltung',
      'Restaurant Lindenhof',
    ])
      expect(html).toContain(text);
    expect(html).toContain('VAT ID DE287654321');
    expect(html).toContain('Contact person: Maria Keller');
    for (const { number, document } of invoices) {
      const invoice = JSON.parse(document) as InvoiceDocument;
      expect(html).toContain(`Invoice ${number}`);
      expect(html).toContain(dayMonthYear(invoice.issuedOn));
      expect(html).toContain(`14 days net, due by ${dayMonthYear(invoice.dueOn)}`);
      for (const line of invoice.lines) {
        expect(html).toContain(line.description.replace(/&/g, '&amp;'));
        expect(html).toContain(`€${line.netAmount}`);
      }
      for (const rate of invoice.rates)
        expect(html).toContain(
          `<tr><td>${rate.ratePercent}\u00a0%</td><td class="num">€${rate.net}</td><td class="num">€${rate.tax}</td><td class="num">€${rate.gross}</td></tr>`,
        );
      expect(html).toContain(`€${invoice.totals.gross}`);
    }
    // the app's English money format: the symbol right before the amount, no space
    expect(html).not.toMatch(/€[\s\u00a0]\d/);
  });

  it('satisfies the CSP: no script at all, and escapes what the customer typed', async () => {
    const response = await call('buyer', 'GET', `/api/netb2b/orders/${notedOrderId}/invoice/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).toContain('Ring twice &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; wait');
  });

  it("answers 404 for another company's order and 401 without a token", async () => {
    const response = await call('other', 'GET', `/api/netb2b/orders/${seededOrderId}/invoice/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', detail: 'No order has this id.' });
    expect((await server.app.request(`/api/netb2b/orders/${seededOrderId}/invoice/`)).status).toBe(401);
  });
});
