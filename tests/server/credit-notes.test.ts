import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { type DatabaseHandle, openDatabase } from '../../server/db/connect';
import type { InvoiceDocument } from '../../server/invoices/invoice-document';
import { toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { TestClient } from './support/http-client';
import { type CallAnswer, callerFor, fieldErrorsOf } from './support/signed-in-calls';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

// Credit notes (POST /api/supplier/invoices/{id}/credit-note/): the supplier cancels a whole invoice
// by a document of its own, numbered from the invoices' gap-free sequence. On both engines.

const KEY = 'supplier-key-for-credit-notes-0123456789';

let server: TestServer;
let supplierApp: ServerApp;
/** a second handle on the same database: another server process's connections */
let secondHandle: DatabaseHandle;

const db = () => server.database.db;

/** A call as the supplier's system makes it: its key, JSON, no cookie and no CSRF header. */
async function supplierCall(
  app: ServerApp,
  invoiceId: number | string,
  body: unknown,
  authorization: string | null = `Bearer ${KEY}`,
): Promise<CallAnswer> {
  const response = await app.request(`/api/supplier/invoices/${invoiceId}/credit-note/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(authorization === null ? {} : { Authorization: authorization }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
const creditNote = (invoiceId: number | string, body: unknown = { reason: 'Goods returned' }) =>
  supplierCall(supplierApp, invoiceId, body);

interface CreditNoteAnswer {
  id: number;
  number: string;
  kind: string;
  order_id: number;
  issued_on: string;
  reason: string;
  corrects: { id: number; number: string; issued_on: string };
  totals: { net: string; tax: string; gross: string };
}
const answerOf = (answer: CallAnswer) => answer.body as CreditNoteAnswer;

const invoiceRow = (id: number) =>
  db().selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const documentOf = async (id: number) => JSON.parse((await invoiceRow(id)).document) as InvoiceDocument;
const creditNotesOf = (invoiceId: number) =>
  db().selectFrom('invoices').selectAll().where('corrects_invoice_id', '=', invoiceId).execute();

/** The seeded invoices, handed out one per test. */
let unusedInvoices: number[] = [];
const nextInvoice = () => {
  const id = unusedInvoices.shift();
  if (id === undefined) throw new Error('the seed has too few invoices for these tests');
  return id;
};

/** Every number of every year's sequence from 1 to its counter, each once. */
async function expectGapFreeNumbers() {
  const numbers = await db().selectFrom('invoices').select(['supplier_key', 'number']).execute();
  const counters = await db().selectFrom('invoice_number_counters').selectAll().execute();
  expect(counters.length).toBeGreaterThan(0);
  for (const counter of counters) {
    const sequence = numbers
      .filter((row) => row.supplier_key === counter.supplier_key && row.number.startsWith(`${counter.year}-`))
      .map((row) => Number(row.number.slice(5)))
      .sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: counter.last_number }, (_, index) => index + 1));
  }
}

const negated = (amount: string) => toDecimal(amount).negated().toFixed(2);

beforeAll(async () => {
  server = await startTestServer();
  supplierApp = server.freshApp({ supplierApiKey: KEY });
  const rows = await db()
    .selectFrom('invoices')
    .select('id')
    .where('kind', '=', 'invoice')
    .orderBy('id')
    .execute();
  unusedInvoices = rows.map((row) => row.id);
  secondHandle = openDatabase({
    dataDir: 'dataDir' in server.database.connection ? server.database.connection.dataDir : '',
    databaseUrl:
      'databaseUrl' in server.database.connection ? server.database.connection.databaseUrl : undefined,
  });
});
afterAll(async () => {
  await secondHandle.db.destroy();
  await server.close();
});

describe('a credit note', () => {
  it('cancels the whole invoice: its own number and date, every line, rate and total negated, the reason kept', async () => {
    const invoiceId = nextInvoice();
    const invoice = await documentOf(invoiceId);
    const counterBefore = await db().selectFrom('invoice_number_counters').selectAll().execute();

    const answer = await creditNote(invoiceId, { reason: '  Delivery refused: cooling chain broken  ' });
    expect(answer.status).toBe(201);
    const created = answerOf(answer);
    expect(created).toMatchObject({
      kind: 'credit_note',
      order_id: invoice.order.id,
      issued_on: toIsoDate(server.clock.now()),
      reason: 'Delivery refused: cooling chain broken',
      corrects: { id: invoiceId, number: invoice.number, issued_on: invoice.issuedOn },
      totals: {
        net: negated(invoice.totals.net),
        tax: negated(invoice.totals.tax),
        gross: negated(invoice.totals.gross),
      },
    });
    // the next number of the same sequence
    const year = Number(created.issued_on.slice(0, 4));
    const before = counterBefore.find((row) => row.year === year)?.last_number ?? 0;
    expect(created.number).toBe(`${year}-${String(before + 1).padStart(6, '0')}`);

    const row = await invoiceRow(created.id);
    expect(row).toMatchObject({
      kind: 'credit_note',
      corrects_invoice_id: invoiceId,
      number: created.number,
      order_id: invoice.order.id,
      issued_on: created.issued_on,
    });
    expect(toDecimal(row.gross_total).toFixed(2)).toBe(negated(invoice.totals.gross));
    const document = JSON.parse(row.document) as InvoiceDocument & { reason: string };
    expect(document).toMatchObject({
      kind: 'credit_note',
      number: created.number,
      issuedOn: created.issued_on,
      corrects: { number: invoice.number, issuedOn: invoice.issuedOn },
      reason: 'Delivery refused: cooling chain broken',
      // the parties and the delivery are the invoice's, as issued
      supplier: invoice.supplier,
      customer: invoice.customer,
      order: invoice.order,
      deliveredOn: invoice.deliveredOn,
      language: invoice.language,
      taxCharged: invoice.taxCharged,
    });
    expect(document.lines).toEqual(
      invoice.lines.map((line) => ({
        ...line,
        // a price is never negative (EN 16931 BR-27): the quantity is, and with it the amount
        quantity: toDecimal(line.quantity).negated().toString(),
        netAmount: negated(line.netAmount),
      })),
    );
    expect(document.rates).toEqual(
      invoice.rates.map((rate) => ({
        ratePercent: rate.ratePercent,
        net: negated(rate.net),
        tax: negated(rate.tax),
        gross: negated(rate.gross),
      })),
    );
    expect(document.totals).toEqual(created.totals);
    await expectGapFreeNumbers();
  });

  it('and its invoice sum to zero, line by line, rate by rate and in total', async () => {
    const invoiceId = nextInvoice();
    const created = answerOf(await creditNote(invoiceId));
    const invoice = await documentOf(invoiceId);
    const credit = await documentOf(created.id);
    const zero = (a: string, b: string) => toDecimal(a).plus(b).toFixed(2);
    expect(
      credit.lines.map((line, index) => zero(line.netAmount, invoice.lines[index]?.netAmount ?? 'NaN')),
    ).toEqual(invoice.lines.map(() => '0.00'));
    for (const [index, rate] of credit.rates.entries()) {
      const original = invoice.rates[index];
      expect(rate.ratePercent).toBe(original?.ratePercent);
      expect([zero(rate.net, original?.net ?? 'NaN'), zero(rate.tax, original?.tax ?? 'NaN')]).toEqual([
        '0.00',
        '0.00',
      ]);
    }
    expect(credit.rates).toHaveLength(invoice.rates.length);
    for (const field of ['net', 'tax', 'gross'] as const)
      expect(zero(credit.totals[field], invoice.totals[field])).toBe('0.00');
  });

  it('leaves the invoice it corrects exactly as issued', async () => {
    const invoiceId = nextInvoice();
    const before = await invoiceRow(invoiceId);
    expect((await creditNote(invoiceId)).status).toBe(201);
    expect(await invoiceRow(invoiceId)).toEqual(before);
  });

  it('is issued once: a second request answers the first, with the first reason and no new number', async () => {
    const invoiceId = nextInvoice();
    const first = await creditNote(invoiceId, { reason: 'Wrong customer' });
    expect(first.status).toBe(201);
    const counters = await db().selectFrom('invoice_number_counters').selectAll().execute();
    const second = await creditNote(invoiceId, { reason: 'Another reason' });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await creditNotesOf(invoiceId)).toHaveLength(1);
    expect(await db().selectFrom('invoice_number_counters').selectAll().execute()).toEqual(counters);
  });

  it('is issued once when two server processes are asked at the same moment, without a gap in the numbers', async () => {
    const second = createServerApp({
      db: secondHandle.db,
      jwtSecret: TEST_SECRET,
      distDir: server.distDir,
      now: server.clock.now,
      supplierApiKey: KEY,
    });
    for (let round = 0; round < 3; round += 1) {
      const invoiceId = nextInvoice();
      const answers = await Promise.all([
        supplierCall(supplierApp, invoiceId, { reason: 'first process' }),
        supplierCall(second, invoiceId, { reason: 'second process' }),
        supplierCall(supplierApp, invoiceId, { reason: 'first process again' }),
        supplierCall(second, invoiceId, { reason: 'second process again' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
      const notes = await creditNotesOf(invoiceId);
      expect(notes).toHaveLength(1);
      expect(new Set(answers.map((answer) => answerOf(answer).number))).toEqual(new Set([notes[0]?.number]));
    }
    await expectGapFreeNumbers();
  });

  it('of a credit note is refused with 409 credit_note_not_correctable', async () => {
    const created = answerOf(await creditNote(nextInvoice()));
    const counters = await db().selectFrom('invoice_number_counters').selectAll().execute();
    const answer = await creditNote(created.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'credit_note_not_correctable' });
    expect(await creditNotesOf(created.id)).toEqual([]);
    expect(await db().selectFrom('invoice_number_counters').selectAll().execute()).toEqual(counters);
  });

  it('is 404 for an unknown invoice', async () => {
    for (const id of ['999999', '0', 'abc', '99999999999']) {
      const answer = await creditNote(id);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found' });
    }
  });

  it('needs a reason of 1 to 500 characters', async () => {
    const invoiceId = nextInvoice();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 12 }]) {
      const answer = await creditNote(invoiceId, body);
      expect(answer.status).toBe(400);
      expect(Object.keys(fieldErrorsOf(answer))).toEqual(['reason']);
    }
    expect((await creditNote(invoiceId, 'not json')).status).toBe(400);
    expect(await creditNotesOf(invoiceId)).toEqual([]);
    expect((await creditNote(invoiceId, { reason: 'x'.repeat(500) })).status).toBe(201);
  });

  it('is the supplier’s: no key, a wrong key or a customer’s session are refused, and without a key configured there is no such route', async () => {
    const invoiceId = nextInvoice();
    const body = { reason: 'x' };
    for (const authorization of [null, 'Bearer wrong-key-0123456789abcdef0123456789']) {
      const answer = await supplierCall(supplierApp, invoiceId, body, authorization);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'supplier_key_invalid' });
    }
    // the main user of the invoice's company is a customer, not the supplier
    const owner = await db()
      .selectFrom('invoices as i')
      .innerJoin('users as u', 'u.company_id', 'i.company_id')
      .select('u.username')
      .where('i.id', '=', invoiceId)
      .where('u.is_admin', '=', 1)
      .executeTakeFirstOrThrow();
    const session = (await new TestClient(server.app).signIn(owner.username, `${owner.username}123`)).access;
    expect((await supplierCall(supplierApp, invoiceId, body, `Bearer ${session}`)).status).toBe(401);
    expect(
      (await callerFor(server, session)('POST', `/api/petekcore/invoices/${invoiceId}/credit-note/`, body))
        .status,
    ).toBe(404);
    expect((await supplierCall(server.app, invoiceId, body)).status).toBe(404);
    expect(await creditNotesOf(invoiceId)).toEqual([]);
  });
});
