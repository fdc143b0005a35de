import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { companyIds } from '../../server/seed/accounts';
import { documentWire } from '../../src/services/api/wire/documents';
import {
  anInvoice,
  aPdf,
  type FinanceDocumentsHarness,
  startFinanceDocumentsHarness,
} from './support/finance-documents';
import { TestClient } from './support/http-client';

let erp: FinanceDocumentsHarness;
const tokens: Record<string, string> = {};
const client = () => new TestClient(erp.server.app);

/** Lindenhof's order the portal invoiced itself (the seed delivered it), and one it did not invoice */
let invoicedOrder: number;
let uninvoicedOrder: number;
let otherCompanysOrder: number;
/** the portal's ids of the documents sent below */
const ids: Record<string, number> = {};
const pdfs = {
  first: aPdf('RE-1 first invoice'),
  newest: aPdf('RE-2 newest invoice'),
  other: aPdf('RE-9 Bosporus'),
  creditNote: aPdf('GS-1'),
};

beforeAll(async () => {
  erp = await startFinanceDocumentsHarness();
  for (const name of ['buyer', 'other', 'demo'])
    tokens[name] = (await client().signIn(name, `${name}123`)).access;
  const invoiced = await erp.db
    .selectFrom('invoices')
    .select('order_id')
    .where('company_id', '=', companyIds.lindenhof)
    .where('kind', '=', 'invoice')
    .execute();
  const invoicedIds = new Set(invoiced.map((row) => row.order_id));
  const orders = await erp.ordersOf('lindenhof');
  invoicedOrder = orders.find((id) => invoicedIds.has(id))!;
  uninvoicedOrder = orders.find((id) => !invoicedIds.has(id))!;
  otherCompanysOrder = (await erp.ordersOf('bosporus'))[0]!;

  const send = async (externalId: string, body: Record<string, unknown>) => {
    const answer = await erp.put(externalId, body);
    if (answer.status !== 201)
      throw new Error(`${externalId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    ids[externalId] = answer.body.id as number;
  };
  await send(
    'RE-1',
    anInvoice([invoicedOrder], {
      number: 'RE-2026-0001',
      issued_on: '2026-11-02',
      due_on: '2026-11-16',
      open_balance: '12.40',
      pdf_base64: pdfs.first.toString('base64'),
    }),
  );
  await send(
    'RE-2',
    anInvoice([invoicedOrder, uninvoicedOrder], {
      number: 'RE-2026-0002',
      issued_on: '2026-11-20',
      due_on: null,
      open_balance: '0',
      pdf_base64: pdfs.newest.toString('base64'),
    }),
  );
  await send(
    'GS-1',
    anInvoice([invoicedOrder], {
      kind: 'credit_note',
      number: 'GS-2026-0001',
      corrects: 'RE-1',
      issued_on: '2026-11-21',
      due_on: null,
      net_total: '10.00',
      tax_total: '1.90',
      gross_total: '11.90',
      open_balance: '0',
      // a credit note issued after the newest invoice is still no invoice to show
      pdf_base64: pdfs.creditNote.toString('base64'),
    }),
  );
  // sent before its PDF: in the order, not yet among the files
  await send('RE-3', anInvoice([uninvoicedOrder], { number: 'RE-2026-0003', issued_on: '2026-11-25' }));
  await send(
    'RE-9',
    anInvoice([otherCompanysOrder], {
      company: 'CUST-1002',
      number: 'RE-2026-0009',
      pdf_base64: pdfs.other.toString('base64'),
    }),
  );
});
afterAll(() => erp.close());

const get = (user: string, path: string, headers: Record<string, string> = {}) =>
  client().request(path, { headers: { Authorization: `Bearer ${tokens[user]}`, ...headers } });

async function documents(user: string, language = 'en') {
  const response = await get(user, '/api/netb2b/documents/', { 'Accept-Language': language });
  expect(response.status).toBe(200);
  return z.array(documentWire).parse(await response.json());
}

async function orderDetail(user: string, orderId: number) {
  const response = await get(user, `/api/netb2b/orders/${orderId}/`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('the ERP’s documents in the buyer’s documents list', () => {
  it('lists the company’s invoices and credit notes that have a PDF, with amount, open balance and due date', async () => {
    const list = await documents('buyer');
    const fromErp = list.filter((document) => document.id.startsWith('finance-'));
    expect(fromErp).toEqual([
      {
        id: `finance-${ids['GS-1']}`,
        type: 'invoice',
        name: 'Credit note GS-2026-0001',
        created_at: '2026-11-21T12:00:00.000Z',
        size: pdfs.creditNote.byteLength,
        content_type: 'application/pdf',
        file: `netb2b/finance-documents/${ids['GS-1']}/file/`,
        file_name: 'credit-note-GS-2026-0001.pdf',
        gross_total: '11.90',
      },
      {
        id: `finance-${ids['RE-2']}`,
        type: 'invoice',
        name: 'Invoice RE-2026-0002',
        created_at: '2026-11-20T12:00:00.000Z',
        size: pdfs.newest.byteLength,
        content_type: 'application/pdf',
        file: `netb2b/finance-documents/${ids['RE-2']}/file/`,
        file_name: 'invoice-RE-2026-0002.pdf',
        gross_total: '119.00',
        open_balance: '0.00',
        due_on: null,
      },
      {
        id: `finance-${ids['RE-1']}`,
        type: 'invoice',
        name: 'Invoice RE-2026-0001',
        created_at: '2026-11-02T12:00:00.000Z',
        size: pdfs.first.byteLength,
        content_type: 'application/pdf',
        file: `netb2b/finance-documents/${ids['RE-1']}/file/`,
        file_name: 'invoice-RE-2026-0001.pdf',
        gross_total: '119.00',
        open_balance: '12.40',
        due_on: '2026-11-16',
      },
    ]);
    // the portal's own invoices and the published files are listed as before
    expect(list.some((document) => document.id.startsWith('invoice-'))).toBe(true);
    expect(list.some((document) => document.id.startsWith('doc-'))).toBe(true);
    const dates = list.map((document) => document.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('names them in the request’s language', async () => {
    const german = await documents('buyer', 'de');
    expect(german.find((document) => document.id === `finance-${ids['RE-1']}`)?.name).toBe(
      'Rechnung RE-2026-0001',
    );
    expect(german.find((document) => document.id === `finance-${ids['GS-1']}`)?.name).toBe(
      'Rechnungskorrektur GS-2026-0001',
    );
  });

  it('shows another company only its own', async () => {
    const fromErp = (await documents('other')).filter((document) => document.id.startsWith('finance-'));
    expect(fromErp.map((document) => document.name)).toEqual(['Invoice RE-2026-0009']);
  });
});

describe('GET /api/netb2b/finance-documents/{id}/file/', () => {
  const file = (user: string, id: number | undefined, query = '') =>
    get(user, `/api/netb2b/finance-documents/${id}/file/${query}`);

  it('answers the PDF to the document’s company, inline or as a download', async () => {
    const response = await file('buyer', ids['RE-1']);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^inline; filename="invoice-RE-2026-0001.pdf"/,
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdfs.first);
    const download = await file('buyer', ids['RE-1'], '?download=1');
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment;/);
  });

  it('answers 404 for another company’s document, an unknown one and one without its PDF', async () => {
    for (const response of [
      await file('other', ids['RE-1']),
      await file('buyer', ids['RE-9']),
      await file('buyer', 999_999),
      await file('buyer', ids['RE-3']),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('refuses demo accounts as the other documents', async () => {
    const response = await file('demo', ids['RE-1']);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'demo_account' });
  });
});

describe('the order', () => {
  it('carries the ERP’s documents linked to it, oldest first', async () => {
    const order = await orderDetail('buyer', invoicedOrder);
    expect(order.documents).toEqual([
      {
        id: ids['RE-1'],
        kind: 'invoice',
        number: 'RE-2026-0001',
        issued_on: '2026-11-02',
        due_on: '2026-11-16',
        gross_total: '119.00',
        open_balance: '12.40',
        file: `netb2b/finance-documents/${ids['RE-1']}/file/`,
      },
      expect.objectContaining({
        id: ids['RE-2'],
        number: 'RE-2026-0002',
        due_on: null,
        open_balance: '0.00',
      }),
      expect.objectContaining({ id: ids['GS-1'], kind: 'credit_note', number: 'GS-2026-0001' }),
    ]);
    const other = await orderDetail('other', otherCompanysOrder);
    expect(other.documents).toEqual([expect.objectContaining({ number: 'RE-2026-0009' })]);
  });

  it('offers "View invoice" once the ERP sent an invoice with its PDF', async () => {
    // RE-2 (with its PDF) is linked to the order the portal never invoiced
    expect(await orderDetail('buyer', uninvoicedOrder)).toMatchObject({ has_invoice: true });
    const order = await erp.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyIds.lindenhof)
      .where('id', 'not in', [invoicedOrder, uninvoicedOrder])
      .where(({ exists, selectFrom, not }) =>
        not(exists(selectFrom('invoices').select('id').whereRef('invoices.order_id', '=', 'orders.id'))),
      )
      .executeTakeFirst();
    expect(order).toBeDefined();
    expect(await orderDetail('buyer', order!.id)).toMatchObject({ has_invoice: false, documents: [] });
  });

  it('"View invoice" answers the newest ERP invoice’s PDF, and the portal’s own invoice without one', async () => {
    const invoice = (user: string, orderId: number) => get(user, `/api/netb2b/orders/${orderId}/invoice/`);
    const newest = await invoice('buyer', invoicedOrder);
    expect(newest.status).toBe(200);
    expect(newest.headers.get('Content-Disposition')).toMatch(/filename="invoice-RE-2026-0002.pdf"/);
    expect(Buffer.from(await newest.arrayBuffer())).toEqual(pdfs.newest);

    // RE-3 has no PDF yet: the order's newest invoice with one is RE-2
    const withoutPdf = await invoice('buyer', uninvoicedOrder);
    expect(Buffer.from(await withoutPdf.arrayBuffer())).toEqual(pdfs.newest);

    // an order of a supplier without an ERP invoice: the portal's own Factur-X PDF, as before
    const invoicedIds = (
      await erp.db
        .selectFrom('invoices')
        .select('order_id')
        .where('company_id', '=', companyIds.lindenhof)
        .where('kind', '=', 'invoice')
        .where('order_id', '!=', invoicedOrder)
        .execute()
    ).map((row) => row.order_id);
    const portals = await invoice('buyer', invoicedIds[0]!);
    expect(portals.status).toBe(200);
    expect(portals.headers.get('Content-Disposition')).not.toMatch(/RE-2026/);
    const bytes = Buffer.from(await portals.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.equals(pdfs.newest)).toBe(false);

    expect((await invoice('other', invoicedOrder)).status).toBe(404);
  });
});

describe('under API_PROFILE=spec', () => {
  it('hides the documents, their files and the orders’ new fields', async () => {
    const spec = new TestClient(erp.server.freshApp({ apiProfile: 'spec' }));
    const headers = { Authorization: `Bearer ${tokens.buyer}` };
    const orders = (await (await spec.request('/api/netb2b/orders/', { headers })).json()) as Record<
      string,
      unknown
    >[];
    const invoiced = orders.find((order) => order.id === invoicedOrder);
    expect(invoiced).toBeDefined();
    expect(Object.keys(invoiced!)).not.toContain('documents');
    expect(Object.keys(invoiced!)).not.toContain('has_invoice');
    for (const path of [
      '/api/netb2b/documents/',
      `/api/netb2b/finance-documents/${ids['RE-1']}/file/`,
      `/api/netb2b/orders/${invoicedOrder}/`,
    ])
      expect((await spec.request(path, { headers })).status).toBe(404);
  });
});
