import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../server/invoices/invoice-document';
import { FACTUR_X_ATTACHMENT } from '../../server/invoices/invoice-files';
import { issueCreditNote } from '../../server/invoices/issue-credit-note';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { companyIds } from '../../server/seed/accounts';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import { ciiFigures, embeddedFiles, validateAgainstFacturXSchema } from './support/e-invoice-reading';
import { TestClient } from './support/http-client';
import { pdfPageTexts } from './support/pdf-text';
import { startTestServer, type TestServer } from './support/test-server';

const PIECE = 1;

let server: TestServer;
const tokens: Record<string, string> = {};
/** an order of the buyer's company invoiced per warehouse (several invoices) */
let seededOrderId: number;
/** an order of one suborder: one invoice */
let singleOrderId: number;

const db = () => server.database.db;

async function get(user: string | null, path: string) {
  const response = await server.app.request(path, {
    headers: user ? { Authorization: `Bearer ${tokens[user]}` } : {},
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
}

const invoicesOf = (orderId: number) =>
  db()
    .selectFrom('invoices')
    .select(['id', 'number', 'kind', 'document'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

const documentOf = (row: { document: string }) => JSON.parse(row.document) as InvoiceDocument;

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'other', 'demo'])
    tokens[name] = (await client.signIn(name, `${name}123`)).access;
  seededOrderId = (
    await db()
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyIds.lindenhof)
      .where('is_finalized', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const product = await db()
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', 10)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const placed = await client.json(
    'POST',
    '/api/netb2b/orders/',
    {
      items: [{ product: product.id, quantity: '3', unit: PIECE }],
      expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
      is_preorder: true,
      customer_note: '',
    },
    tokens.buyer,
  );
  expect(placed.status).toBe(201);
  singleOrderId = orderCreatedWire.parse(placed.body).id;
  // delivered by the retention rule, which issues its invoice
  await closePastSuborders(db(), addDays(server.clock.now(), 40));
});
afterAll(() => server.close());

describe('GET /api/netb2b/orders/{id}/invoice/', () => {
  it('answers the order’s one invoice as a Factur-X PDF named after its number, private and not stored', async () => {
    const [invoice, ...more] = await invoicesOf(singleOrderId);
    expect(more).toEqual([]);
    if (!invoice) throw new Error('the delivered order has no invoice');
    const document = documentOf(invoice);
    const response = await get('buyer', `/api/netb2b/orders/${singleOrderId}/invoice/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Length')).toBe(String(response.bytes.byteLength));
    expect(response.headers.get('Content-Disposition')).toBe(
      `inline; filename="invoice-${invoice.number}.pdf"; filename*=UTF-8''invoice-${invoice.number}.pdf`,
    );
    const xml = (await embeddedFiles(response.bytes)).get(FACTUR_X_ATTACHMENT) ?? '';
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(ciiFigures(xml).totals).toMatchObject({
      net: document.totals.net,
      tax: document.totals.tax,
      gross: document.totals.gross,
    });
    expect((await pdfPageTexts(response.bytes)).join('\n')).toContain(invoice.number);

    const download = await get('buyer', `/api/netb2b/orders/${singleOrderId}/invoice/?download=1`);
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment; filename="invoice-/);
  });

  it('answers an order invoiced per warehouse as one reading copy of every invoice, without an e-invoice', async () => {
    const invoices = await invoicesOf(seededOrderId);
    expect(invoices.length).toBeGreaterThan(1);
    const response = await get('buyer', `/api/netb2b/orders/${seededOrderId}/invoice/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^inline; filename="invoices-order-${seededOrderId}\\.pdf"`),
    );
    expect([...(await embeddedFiles(response.bytes)).keys()]).toEqual([]);
    const pages = await pdfPageTexts(response.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(invoices.length);
    const text = pages.join('\n');
    for (const invoice of invoices) expect(text).toContain(invoice.number);
    // in the order they were issued
    const positions = invoices.map((invoice) => text.indexOf(invoice.number));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('adds a credit note to the order’s file, and serves it alone as a Factur-X credit note (381)', async () => {
    const orderId = (
      await db()
        .selectFrom('orders')
        .select('id')
        .where('company_id', '=', companyIds.lindenhof)
        .where('is_finalized', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    const [cancelled] = await invoicesOf(orderId);
    if (!cancelled) throw new Error('the order has no invoice');
    const outcome = await issueCreditNote(db(), cancelled.id, {
      reason: 'Returned unopened',
      issuedAt: server.clock.now(),
    });
    if (!('creditNote' in outcome)) throw new Error(`no credit note: ${outcome.outcome}`);
    const { creditNote } = outcome;

    const text = (
      await pdfPageTexts((await get('buyer', `/api/netb2b/orders/${orderId}/invoice/`)).bytes)
    ).join('\n');
    for (const invoice of await invoicesOf(orderId)) expect(text).toContain(invoice.number);
    expect(text).toContain(creditNote.number);

    const alone = await get('buyer', `/api/netb2b/invoices/${creditNote.id}/file/`);
    expect(alone.status).toBe(200);
    expect(alone.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^inline; filename="credit-note-${creditNote.number}\\.pdf"`),
    );
    const xml = (await embeddedFiles(alone.bytes)).get(FACTUR_X_ATTACHMENT) ?? '';
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    expect(ciiFigures(xml)).toMatchObject({ typeCode: '381', correctedInvoice: cancelled.number });
    expect(ciiFigures(xml).totals.gross).toBe(documentOf(cancelled).totals.gross);
  });

  it("answers 404 for another company's order, 401 without a token and 403 for a demo account", async () => {
    const response = await get('other', `/api/netb2b/orders/${seededOrderId}/invoice/`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toMatchObject({ code: 'not_found', detail: 'No order has this id.' });
    expect((await get(null, `/api/netb2b/orders/${seededOrderId}/invoice/`)).status).toBe(401);
    expect((await get('demo', `/api/netb2b/orders/${seededOrderId}/invoice/`)).status).toBe(403);
  });
});

describe('GET /api/netb2b/invoices/{id}/file/', () => {
  it('answers each invoice of an order invoiced per warehouse as its own Factur-X PDF', async () => {
    for (const invoice of await invoicesOf(seededOrderId)) {
      const response = await get('buyer', `/api/netb2b/invoices/${invoice.id}/file/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/pdf');
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('Content-Disposition')).toMatch(
        new RegExp(`^inline; filename="invoice-${invoice.number}\\.pdf"`),
      );
      const xml = (await embeddedFiles(response.bytes)).get(FACTUR_X_ATTACHMENT) ?? '';
      expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
      expect(ciiFigures(xml).totals.gross).toBe(documentOf(invoice).totals.gross);
    }
  });

  it("answers 404 for another company's invoice or none, 403 for a demo account", async () => {
    const [invoice] = await invoicesOf(seededOrderId);
    const other = await get('other', `/api/netb2b/invoices/${invoice?.id}/file/`);
    expect(other.status).toBe(404);
    expect(JSON.parse(other.text)).toMatchObject({ code: 'not_found' });
    expect((await get('buyer', '/api/netb2b/invoices/99999/file/')).status).toBe(404);
    expect((await get('demo', `/api/netb2b/invoices/${invoice?.id}/file/`)).status).toBe(403);
    expect((await get(null, `/api/netb2b/invoices/${invoice?.id}/file/`)).status).toBe(401);
  });
});

describe('GET /api/netb2b/invoices/{id}/xrechnung/', () => {
  it('answers a public customer’s invoice as XRechnung XML with its Leitweg-ID, valid against the schema', async () => {
    const invoice = await db()
      .selectFrom('invoices')
      .select(['id', 'number', 'document'])
      .where('company_id', '=', companyIds.bosporus)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await get('other', `/api/netb2b/invoices/${invoice.id}/xrechnung/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^inline; filename="invoice-${invoice.number}\\.xml"`),
    );
    expect((await validateAgainstFacturXSchema(response.text)).errors).toEqual([]);
    const figures = ciiFigures(response.text);
    expect(figures.buyerReference).toBe('05315000-0001-96');
    expect(figures.guideline).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(figures.totals.gross).toBe(documentOf(invoice).totals.gross);
  });

  it('answers 404 no_buyer_reference for a customer without a buyer reference, not_found for another company', async () => {
    const [own] = await invoicesOf(seededOrderId);
    const refused = await get('buyer', `/api/netb2b/invoices/${own?.id}/xrechnung/`);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'no_buyer_reference' });
    const foreign = await get('other', `/api/netb2b/invoices/${own?.id}/xrechnung/`);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.text)).toMatchObject({ code: 'not_found' });
  });
});
