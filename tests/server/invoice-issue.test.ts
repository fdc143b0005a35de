import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceConfiguration } from '../../server/invoices/invoice-configuration';
import type { InvoiceDocument } from '../../server/invoices/invoice-document';
import { renderInvoicePdf } from '../../server/invoices/invoice-pdf';
import { issueSuborderInvoice } from '../../server/invoices/issue-invoice';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { vatOn } from '../../src/domain/tax-per-rate';
import { orderCreatedWire, orderWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { pdfPageTexts } from './support/pdf-text';
import { pieceProductInStock, placePieceOrder } from './support/piece-orders';
import { callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let token: string;
let productId: number;

const call = (method: string, path: string, body?: unknown) => callerFor(server, token)(method, path, body);

const placeOrder = (note = '') => placePieceOrder(server, call, productId, { quantity: '2', note });

const db = () => server.database.db;

async function suborderIdsOf(orderId: number) {
  const rows = await db().selectFrom('suborders').select('id').where('order_id', '=', orderId).execute();
  return rows.map((row) => row.id);
}

async function invoicesOf(orderId: number) {
  return db().selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

const invoicePage = (orderId: number) => call('GET', `/api/netb2b/orders/${orderId}/invoice/`);

/**
 * The text of an order's invoice PDF, as a reader extracts it; from `app`, whose cache of generated
 * files may already hold it (a fresh app renders it anew from what is stored).
 */
async function invoiceText(orderId: number, app = server.app) {
  const response = await app.request(`/api/netb2b/orders/${orderId}/invoice/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/pdf/);
  return (await pdfPageTexts(new Uint8Array(await response.arrayBuffer()))).join('\n');
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
  productId = await pieceProductInStock(db());
});
afterAll(() => server.close());

describe('issuing invoices', () => {
  it('issues none for an order not delivered or finalized: the invoice page answers invoice_not_issued', async () => {
    const orderId = await placeOrder();
    expect(await invoicesOf(orderId)).toEqual([]);
    const response = await invoicePage(orderId);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'invoice_not_issued' });

    const seededOpen = await db()
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 1)
      .where('is_finalized', '=', 0)
      .execute();
    expect(seededOpen.length).toBeGreaterThan(0);
    for (const { id } of seededOpen) expect((await invoicePage(id)).status).toBe(404);

    // the order answers say which have one, so the client offers "View invoice" only there
    const answers = (await call('GET', '/api/netb2b/orders/')).body as {
      id: number;
      has_invoice?: boolean;
    }[];
    const finalized = await db().selectFrom('orders').select('id').where('is_finalized', '=', 1).execute();
    expect(answers.find((answer) => answer.id === orderId)?.has_invoice).toBe(false);
    for (const { id } of seededOpen.filter(({ id }) => answers.some((answer) => answer.id === id)))
      expect(answers.find((answer) => answer.id === id)?.has_invoice).toBe(false);
    const invoicedAnswers = answers.filter((answer) => finalized.some(({ id }) => id === answer.id));
    expect(invoicedAnswers.length).toBeGreaterThan(0);
    expect(invoicedAnswers.every((answer) => answer.has_invoice === true)).toBe(true);
  });

  it("issues the seed's finalized orders at seed time, one invoice per suborder, totals equal to the order's", async () => {
    const finalized = await db().selectFrom('orders').selectAll().where('is_finalized', '=', 1).execute();
    expect(finalized.length).toBeGreaterThan(0);
    for (const order of finalized) {
      const invoices = await invoicesOf(order.id);
      expect(invoices.map((invoice) => invoice.suborder_id).sort()).toEqual(
        (await suborderIdsOf(order.id)).sort(),
      );
      const gross = invoices.reduce((sum, invoice) => sum.plus(invoice.gross_total), toDecimal('0'));
      const tax = invoices.reduce((sum, invoice) => sum.plus(invoice.tax_total), toDecimal('0'));
      expect(gross.toFixed(2)).toBe(toDecimal(order.total).toFixed(2));
      expect(tax.toFixed(2)).toBe(toDecimal(order.tax ?? '0').toFixed(2));
      for (const invoice of invoices) {
        expect(invoice.kind).toBe('invoice');
        expect(invoice.number).toMatch(/^\d{4}-\d{6}$/);
        expect(invoice.issued_on).toBe(toIsoDate(new Date(order.finalized_at ?? '')));
      }
    }
  });

  it("shows VAT per rate as round(rate × net) of that rate, lines adding up to the invoice's totals", async () => {
    const invoices = await db().selectFrom('invoices').selectAll().execute();
    let rates = 0;
    for (const invoice of invoices) {
      const document = JSON.parse(invoice.document) as InvoiceDocument;
      for (const rate of document.rates) {
        rates += 1;
        expect(toDecimal(rate.tax).toFixed(2)).toBe(vatOn(toDecimal(rate.net), rate.ratePercent).toFixed(2));
        expect(toDecimal(rate.net).plus(rate.tax).toFixed(2)).toBe(toDecimal(rate.gross).toFixed(2));
        const linesNet = document.lines
          .filter((line) => toDecimal(line.ratePercent).equals(rate.ratePercent))
          .reduce((sum, line) => sum.plus(line.netAmount), toDecimal('0'));
        expect(linesNet.toFixed(2)).toBe(toDecimal(rate.net).toFixed(2));
      }
      const net = document.rates.reduce((sum, rate) => sum.plus(rate.net), toDecimal('0'));
      const tax = document.rates.reduce((sum, rate) => sum.plus(rate.tax), toDecimal('0'));
      expect(net.toFixed(2)).toBe(toDecimal(invoice.net_total).toFixed(2));
      expect(tax.toFixed(2)).toBe(toDecimal(invoice.tax_total).toFixed(2));
      expect(net.plus(tax).toFixed(2)).toBe(toDecimal(invoice.gross_total).toFixed(2));
    }
    expect(rates).toBeGreaterThan(1);
  });

  it('keeps an issued invoice as issued when the company is renamed and moves', async () => {
    const order = await db()
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 1)
      .where('is_finalized', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const page = await invoiceText(order.id);
    expect(page).toContain('Lindenhof Gastro GmbH');
    expect(page).toContain('Lindenallee 12');

    await db()
      .updateTable('companies')
      .set({ name: 'Renamed Holding AG', vat_number: 'DE999999999' })
      .where('id', '=', 1)
      .execute();
    await db()
      .updateTable('company_addresses')
      .set({ line1: 'Neuer Weg 1', city: 'Berlin' })
      .where('company_id', '=', 1)
      .execute();
    await db().updateTable('products').set({ name: 'Renamed product', price: '999.00' }).execute();

    const after = await invoiceText(order.id, server.freshApp());
    expect(after).toBe(page);
    expect(after).not.toContain('Renamed');
  });

  it('keeps the contact and the account an invoice was issued with; changed settings reach the next invoice only', async () => {
    const earlier = await db()
      .selectFrom('invoices')
      .select(['id', 'document'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const orderId = await placeOrder();
    const [suborderId] = await suborderIdsOf(orderId);
    if (suborderId === undefined) throw new Error('no suborder');
    const configuration = invoiceConfiguration({
      SUPPLIER_CONTACT_NAME: 'Debitorenbuchhaltung',
      SUPPLIER_IBAN: 'DE89 3704 0044 0532 0130 00',
      SUPPLIER_BIC: 'COBADEFFXXX',
    });
    await issueSuborderInvoice(db(), suborderId, { issuedAt: server.clock.now(), configuration });
    const [issued] = await invoicesOf(orderId);
    const document = JSON.parse(issued?.document ?? '{}') as InvoiceDocument;
    expect(document.supplier.contact?.name).toBe('Debitorenbuchhaltung');
    expect(document.payment).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountName: 'Lindenhof Wholesale',
    });
    const text = await invoiceText(orderId);
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    expect(text).toContain('Debitorenbuchhaltung');

    const before = JSON.parse(earlier.document) as InvoiceDocument;
    const stored = await db()
      .selectFrom('invoices')
      .select('document')
      .where('id', '=', earlier.id)
      .executeTakeFirstOrThrow();
    expect(stored.document).toBe(earlier.document);
    expect(before.payment?.iban).toBe('DE34200505501234567890');
    expect(before.supplier.contact?.name).toBe('Jana Petersen');
  });

  it('numbers 20 concurrent issues without a gap or a repeat, each suborder once', async () => {
    const orderIds: number[] = [];
    for (let index = 0; index < 20; index += 1) orderIds.push(await placeOrder());
    const suborderIds = (await Promise.all(orderIds.map(suborderIdsOf))).flat();
    expect(suborderIds.length).toBeGreaterThanOrEqual(20);
    const issuedAt = server.clock.now();
    // every suborder twice at once, as two processes delivering it would
    await Promise.all(
      [...suborderIds, ...suborderIds].map((id) => issueSuborderInvoice(db(), id, { issuedAt })),
    );

    const issued = await db()
      .selectFrom('invoices')
      .select(['number', 'suborder_id'])
      .where('suborder_id', 'in', suborderIds)
      .execute();
    expect(issued).toHaveLength(suborderIds.length);
    expect(new Set(issued.map((row) => row.suborder_id)).size).toBe(suborderIds.length);

    const all = await db().selectFrom('invoices').select(['number', 'supplier_key']).execute();
    const counters = await db().selectFrom('invoice_number_counters').selectAll().execute();
    for (const counter of counters) {
      const sequence = all
        .filter(
          (row) => row.supplier_key === counter.supplier_key && row.number.startsWith(`${counter.year}-`),
        )
        .map((row) => Number(row.number.slice(5)))
        .sort((a, b) => a - b);
      expect(sequence).toEqual(Array.from({ length: counter.last_number }, (_, index) => index + 1));
    }
    expect(new Set(all.map((row) => row.number)).size).toBe(all.length);
  });

  it('issues the invoice in the language of the user who placed the order: its labels, units and fees', async () => {
    await db().updateTable('users').set({ language: 'de' }).where('username', '=', 'colleague').execute();
    const colleague = (await new TestClient(server.app).signIn('colleague', 'colleague123')).access;
    const candidates = await db()
      .selectFrom('products as p')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .select(['p.id', 'p.name', 'p.deposit_price', 'p.quantity_in_stock', 'pu.unit_id', 'pu.amount'])
      .orderBy('p.id')
      .orderBy('pu.unit_id')
      .execute();
    // compared as decimals: SQLite keeps amounts as text, where '0.00' > '0'
    const withDeposit = candidates.find(
      (row) =>
        toDecimal(row.deposit_price).greaterThan(0) &&
        toDecimal(row.amount).times(2).lessThan(row.quantity_in_stock),
    );
    if (!withDeposit) throw new Error('the seed has no product with a deposit in stock');
    const placed = await callerFor(server, colleague)('POST', '/api/netb2b/orders/', {
      items: [{ product: withDeposit.id, quantity: '2', unit: withDeposit.unit_id }],
      expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
      is_preorder: false,
      customer_note: '',
    });
    expect(placed.status).toBe(201);
    const orderId = orderCreatedWire.parse(placed.body).id;
    await closePastSuborders(db(), addDays(server.clock.now(), 40));

    const [invoice] = await invoicesOf(orderId);
    const document = JSON.parse(invoice?.document ?? '{}') as InvoiceDocument;
    expect(document.language).toBe('de');
    const units = await db()
      .selectFrom('unit_translations')
      .select('name_plural')
      .where('unit_id', '=', withDeposit.unit_id)
      .where('language', '=', 'de')
      .executeTakeFirstOrThrow();
    expect(document.lines.map((line) => [line.kind, line.description, line.unit])).toEqual([
      ['goods', withDeposit.name, units.name_plural],
      ['deposit', `Pfand: ${withDeposit.name}`, units.name_plural],
      ['fee', 'Liefergebühr', ''],
    ]);

    const text = (await pdfPageTexts(await renderInvoicePdf(document))).join('\n');
    for (const expected of [
      'Rechnung',
      'Rechnungsnummer',
      invoice?.number ?? '-',
      'Zahlbar innerhalb von 14 Tagen',
    ])
      expect(text).toContain(expected);
  });

  it('issues the invoice when the retention rule marks a suborder delivered', async () => {
    const orderId = await placeOrder();
    expect((await invoicePage(orderId)).status).toBe(404);
    await closePastSuborders(db(), addDays(server.clock.now(), 40));
    const invoices = await invoicesOf(orderId);
    expect(invoices.map((invoice) => invoice.suborder_id)).toEqual(await suborderIdsOf(orderId));
    const response = await invoicePage(orderId);
    expect(response.status).toBe(200);
    const order = orderWire.parse((await call('GET', `/api/netb2b/orders/${orderId}/`)).body);
    expect(invoices.reduce((sum, invoice) => sum.plus(invoice.gross_total), toDecimal('0')).toFixed(2)).toBe(
      toDecimal(order.total).toFixed(2),
    );
  });
});
