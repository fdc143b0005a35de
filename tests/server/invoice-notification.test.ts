import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { ServerApp } from '../../server/app';
import { issueSuborderInvoice } from '../../server/invoices/issue-invoice';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { addDays } from '../../src/domain/dates';
import { notificationWire } from '../../src/services/api/wire/catalog';
import { TestClient } from './support/http-client';
import { pieceProductInStock, placePieceOrder } from './support/piece-orders';
import { callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

// The buyer is told when an invoice or a credit note is issued: a notification that opens it,
// written in the issuing transaction and answered in the reader's language. On both engines.

const LANGUAGES = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;

const SUPPLIER_KEY = 'supplier-key-for-notification-tests-0123';

let server: TestServer;
let supplierApp: ServerApp;
const tokens: Record<string, string> = {};
let productId: number;

const db = () => server.database.db;
const as = (user: string) => callerFor(server, tokens[user]);

const placeOrder = (user: string) => placePieceOrder(server, as(user), productId, { quantity: '3' });

const suborderOf = async (orderId: number) =>
  (
    await db()
      .selectFrom('suborders')
      .select('id')
      .where('order_id', '=', orderId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

const invoiceOf = (orderId: number) =>
  db()
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'invoice')
    .executeTakeFirstOrThrow();

async function notificationsOf(user: string, language = 'en') {
  const answer = await as(user)('GET', '/api/netb2b/notifications/', undefined, {
    'Accept-Language': language,
  });
  expect(answer.status).toBe(200);
  return z.array(notificationWire).parse(answer.body);
}
const aboutOrder = async (user: string, orderId: number, language = 'en') =>
  (await notificationsOf(user, language)).filter((notification) => notification.invoice_order_id === orderId);

beforeAll(async () => {
  server = await startTestServer();
  supplierApp = server.freshApp({ supplierApiKey: SUPPLIER_KEY });
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'colleague', 'other'])
    tokens[name] = (await client.signIn(name, `${name}123`)).access;
  productId = await pieceProductInStock(db());
});
afterAll(() => server.close());

describe('"Invoice available"', () => {
  it('reaches the user who placed the order when delivery issues the invoice, naming the order and linking it', async () => {
    const orderId = await placeOrder('colleague');
    expect(await aboutOrder('colleague', orderId)).toEqual([]);
    await closePastSuborders(db(), addDays(server.clock.now(), 40));
    const invoice = await invoiceOf(orderId);

    const [notice, ...more] = await aboutOrder('colleague', orderId);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ name: 'Invoice available', read: false, invoice_order_id: orderId });
    expect(notice?.description).toContain(`order ${orderId}`);
    expect(notice?.description).toContain(invoice.number);
    // the order's other users (the company's main user included) are not told
    expect(await aboutOrder('buyer', orderId)).toEqual([]);
    // it opens the invoice it announces
    expect((await as('colleague')('GET', `/api/netb2b/orders/${orderId}/invoice/`)).status).toBe(200);
  });

  it('is written in the nine languages, each naming the order and the invoice number', async () => {
    const orderId = await placeOrder('other');
    await issueSuborderInvoice(db(), await suborderOf(orderId), { issuedAt: server.clock.now() });
    const invoice = await invoiceOf(orderId);
    const texts = new Map<string, string>();
    for (const language of LANGUAGES) {
      const [notice, ...more] = await aboutOrder('other', orderId, language);
      expect(more).toEqual([]);
      expect(notice?.description).toContain(String(orderId));
      expect(notice?.description).toContain(invoice.number);
      texts.set(language, `${notice?.name} | ${notice?.description}`);
    }
    // nine different texts: none falls back to English
    expect(new Set(texts.values()).size).toBe(LANGUAGES.length);
    expect(texts.get('de')).toMatch(/^Rechnung verfügbar \| /);
    expect(texts.get('tr')).toMatch(/^Fatura hazır \| /);
    expect(texts.get('ar')).toMatch(/[\u0600-\u06FF]/);
  });

  it('is written once, however often (and however concurrently) the invoice is issued', async () => {
    const orderId = await placeOrder('buyer');
    const suborderId = await suborderOf(orderId);
    const issuedAt = server.clock.now();
    await Promise.all([1, 2, 3, 4].map(() => issueSuborderInvoice(db(), suborderId, { issuedAt })));
    await issueSuborderInvoice(db(), suborderId, { issuedAt });
    expect(await aboutOrder('buyer', orderId)).toHaveLength(1);
    const rows = await db()
      .selectFrom('notifications')
      .select('id')
      .where('invoice_order_id', '=', orderId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is not written for the invoices the seed issues: the seed tells its own story', async () => {
    const seeded = await db()
      .selectFrom('invoices as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select('i.order_id')
      .where('o.is_finalized', '=', 1)
      // the seed's, finalized days ago: the orders this file's deliveries finalized are not
      .where('o.finalized_at', '<', server.clock.now().toISOString())
      .execute();
    expect(seeded.length).toBeGreaterThan(1);
    const announced = await db()
      .selectFrom('notifications')
      .select('invoice_order_id')
      .where(
        'invoice_order_id',
        'in',
        seeded.map((row) => row.order_id),
      )
      .execute();
    // the seed's one hand-written "Invoice available"
    expect(announced).toHaveLength(1);
  });
});

describe('"Credit note for order N"', () => {
  it('reaches the user who placed the order, once, linked to the order, in every language', async () => {
    const orderId = await placeOrder('colleague');
    await issueSuborderInvoice(db(), await suborderOf(orderId), { issuedAt: server.clock.now() });
    const invoice = await invoiceOf(orderId);
    for (let time = 0; time < 2; time += 1) {
      const answer = await supplierApp.request(`/api/supplier/invoices/${invoice.id}/credit-note/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SUPPLIER_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: 'Delivered to the wrong address' }),
      });
      expect(answer.status).toBe(time === 0 ? 201 : 200);
    }
    const credit = await db()
      .selectFrom('invoices')
      .select('number')
      .where('corrects_invoice_id', '=', invoice.id)
      .executeTakeFirstOrThrow();

    const notices = await aboutOrder('colleague', orderId);
    expect(notices.map((notice) => notice.name)).toEqual([
      `Credit note for order ${orderId}`,
      'Invoice available',
    ]);
    expect(notices[0]?.description).toContain(credit.number);
    expect(notices[0]?.description).toContain(invoice.number);
    const names = new Set<string>();
    for (const language of LANGUAGES) {
      const [notice] = await aboutOrder('colleague', orderId, language);
      expect(notice?.name).toContain(String(orderId));
      expect(notice?.description).toContain(credit.number);
      names.add(notice?.name ?? '');
    }
    expect(names.size).toBe(LANGUAGES.length);
  });
});
