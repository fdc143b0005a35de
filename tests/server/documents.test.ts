import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { issueCreditNote } from '../../server/invoices/issue-credit-note';
import { companyIds } from '../../server/seed/accounts';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { documentWire } from '../../src/services/api/wire/documents';
import { type JsonAnswer as Answer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const BASE = '/api/netb2b/documents/';
const filePath = (n: number | string) => `${BASE}${n}/file/`;

// The seeded documents (server/seed/documents.ts): 1–5 for every customer, 6 for Lindenhof only.
const PRICE_LIST = 1;
const AGREEMENT = 6;

let server: TestServer;
const tokens: Record<string, string> = {};
const client = () => new TestClient(server.app);

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['buyer', 'colleague', 'other', 'demo'])
    tokens[name] = (await client().signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

const call = (user: string | null, method: string, path: string): Promise<Answer> =>
  client().json(method, path, undefined, user ? tokens[user] : undefined);

async function documents(user: string, language?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[user]}` };
  if (language) headers['Accept-Language'] = language;
  const response = await client().request(BASE, { headers });
  expect(response.status).toBe(200);
  return z.array(documentWire).parse(await response.json());
}

const file = (user: string, path: string) => client().get(path, tokens[user]);

describe('GET /api/netb2b/documents/', () => {
  it('lists the published files and every invoice issued to the company, newest first', async () => {
    const list = await documents('buyer');
    const files = list.filter((document) => document.type !== 'invoice');
    expect(files.map((document) => document.id).sort()).toEqual(
      ['doc-1', 'doc-2', 'doc-3', 'doc-4', 'doc-5', 'doc-6'].sort(),
    );
    expect(new Set(files.map((document) => document.type))).toEqual(
      new Set(['price_list', 'data_sheet', 'terms', 'certificate']),
    );
    const priceList = files.find((document) => document.id === `doc-${PRICE_LIST}`);
    expect(priceList).toMatchObject({
      type: 'price_list',
      content_type: 'application/pdf',
      file: `netb2b/documents/${PRICE_LIST}/file/`,
    });
    expect(priceList?.name).toMatch(/^Price list /);
    expect(priceList?.file_name).toMatch(/^price-list-\d{4}-\d{2}\.pdf$/);
    expect(priceList?.size).toBeGreaterThan(1000);

    // each issued invoice is its own document (an order invoiced per warehouse has several); an
    // order not yet delivered or finalized has none
    const issued = await server.database.db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('company_id', '=', companyIds.lindenhof)
      .orderBy('id')
      .execute();
    const orders = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyIds.lindenhof)
      .where('is_finalized', '=', 1)
      .execute();
    expect(issued.length).toBeGreaterThan(orders.length);
    const invoices = list.filter((document) => document.type === 'invoice');
    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(
      issued.map((invoice) => `invoice-${invoice.id}`).sort(),
    );
    const [first] = issued;
    expect(invoices.find((invoice) => invoice.id === `invoice-${first?.id}`)).toMatchObject({
      name: `Invoice ${first?.number}`,
      file: `netb2b/invoices/${first?.id}/file/`,
      file_name: `invoice-${first?.number}.pdf`,
      content_type: 'application/pdf',
      size: null,
    });

    const dates = list.map((document) => document.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    // the ids stay what they were: a second call lists the same
    expect((await documents('buyer')).map((document) => document.id)).toEqual(
      list.map((document) => document.id),
    );
  });

  it('shows a company only what is published to every customer or to it', async () => {
    const colleague = await documents('colleague');
    expect(colleague.some((document) => document.id === `doc-${AGREEMENT}`)).toBe(true);
    const other = await documents('other');
    expect(
      other
        .filter((document) => document.type !== 'invoice')
        .map((document) => document.id)
        .sort(),
    ).toEqual(['doc-1', 'doc-2', 'doc-3', 'doc-4', 'doc-5']);
    const otherInvoices = await server.database.db
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', companyIds.bosporus)
      .execute();
    expect(otherInvoices.length).toBeGreaterThan(0);
    expect(
      other.filter((document) => document.content_type === 'application/pdf' && document.type === 'invoice'),
    ).toHaveLength(otherInvoices.length);
  });

  it('names the documents in the request’s language', async () => {
    const german = await documents('buyer', 'de');
    expect(german.find((document) => document.id === 'doc-4')?.name).toBe('Allgemeine Geschäftsbedingungen');
    expect(german.find((document) => document.id === `doc-${PRICE_LIST}`)?.name).toMatch(/^Preisliste /);
    // invoices too, named after their number
    const invoice = german.find((document) => document.type === 'invoice');
    expect(invoice?.name).toMatch(/^Rechnung \d{4}-\d{6}$/);
  });

  it('needs a token and refuses demo accounts', async () => {
    expect((await call(null, 'GET', BASE)).status).toBe(401);
    const demo = await call('demo', 'GET', BASE);
    expect(demo.status).toBe(403);
    expect(errorBodyWire.parse(demo.body).code).toBe('demo_account');
    expect((await call('demo', 'GET', filePath(PRICE_LIST))).status).toBe(403);
  });
});

describe('GET /api/netb2b/documents/{n}/file/', () => {
  it('answers the PDF inline, private and not stored', async () => {
    const response = await file('buyer', filePath(PRICE_LIST));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const disposition = response.headers.get('Content-Disposition') ?? '';
    expect(disposition).toMatch(
      /^inline; filename="price-list-\d{4}-\d{2}\.pdf"; filename\*=UTF-8''price-list-/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.headers.get('Content-Length')).toBe(String(bytes.byteLength));
    const listed = (await documents('buyer')).find((document) => document.id === `doc-${PRICE_LIST}`);
    expect(listed?.size).toBe(bytes.byteLength);
  });

  it('answers an attachment with ?download=1', async () => {
    const response = await file('buyer', `${filePath(PRICE_LIST)}?download=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="price-list-/);
  });

  it('writes an ASCII filename and the exact name as filename*', async () => {
    await server.database.db
      .updateTable('documents')
      .set({ file_name: 'Preisvereinbarung "Größe" 2026.pdf' })
      .where('id', '=', AGREEMENT)
      .execute();
    const response = await file('buyer', filePath(AGREEMENT));
    expect(response.headers.get('Content-Disposition')).toBe(
      `inline; filename="Preisvereinbarung _Gr__e_ 2026.pdf"; filename*=UTF-8''Preisvereinbarung%20%22Gr%C3%B6%C3%9Fe%22%202026.pdf`,
    );
  });

  it('answers 404 for a document of another company or none at all', async () => {
    expect((await file('colleague', filePath(AGREEMENT))).status).toBe(200);
    const other = await call('other', 'GET', filePath(AGREEMENT));
    expect(other.status).toBe(404);
    expect(errorBodyWire.parse(other.body).code).toBe('not_found');
    expect((await file('other', filePath(PRICE_LIST))).status).toBe(200);
    expect((await call('buyer', 'GET', filePath(999))).status).toBe(404);
  });

  it('serves every seeded file as a PDF', async () => {
    for (const document of await documents('buyer')) {
      if (document.type === 'invoice') continue;
      const response = await file('buyer', `/api/${document.file}`);
      expect(response.status).toBe(200);
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    }
  });

  it('links each invoice to its own PDF, named as listed', async () => {
    const [invoice] = (await documents('buyer')).filter((document) => document.type === 'invoice');
    const response = await file('buyer', `/api/${invoice?.file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe(invoice?.content_type);
    expect(response.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^inline; filename="${invoice?.file_name.replace('.', '\\.')}"`),
    );
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('offers a public customer each invoice’s XRechnung as an entry of its own, right after its PDF', async () => {
    const list = await documents('other', 'de');
    const issued = await server.database.db
      .selectFrom('invoices')
      .select(['id', 'number', 'kind', 'created_at'])
      .where('company_id', '=', companyIds.bosporus)
      .orderBy('id')
      .execute();
    const xml = list.filter((document) => document.content_type === 'application/xml');
    expect(xml.map((document) => document.id).sort()).toEqual(
      issued.map((invoice) => `xrechnung-${invoice.id}`).sort(),
    );
    const [first] = issued;
    if (!first) throw new Error('no invoice of the public customer');
    // the word XRechnung is a name: it is the same in every language
    expect(xml.find((document) => document.id === `xrechnung-${first.id}`)).toEqual({
      id: `xrechnung-${first.id}`,
      type: 'invoice',
      name: `XRechnung ${first.number}`,
      created_at: first.created_at,
      size: null,
      content_type: 'application/xml',
      file: `netb2b/invoices/${first.id}/xrechnung/`,
      file_name: `invoice-${first.number}.xml`,
    });
    const pdfAt = list.findIndex((document) => document.id === `invoice-${first.id}`);
    expect(list[pdfAt + 1]?.id).toBe(`xrechnung-${first.id}`);

    const response = await file('other', `/api/netb2b/invoices/${first.id}/xrechnung/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    expect(response.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^inline; filename="invoice-${first.number}\\.xml"`),
    );
    const text = await response.text();
    expect(text).toContain('<ram:BuyerReference>05315000-0001-96</ram:BuyerReference>');
    expect(text).toContain(`<ram:ID>${first.number}</ram:ID>`);
    expect(response.headers.get('Content-Length')).toBe(String(Buffer.byteLength(text)));
  });

  it('offers no XRechnung to a customer without a buyer reference', async () => {
    const list = await documents('buyer');
    expect(list.some((document) => document.content_type === 'application/xml')).toBe(false);
    expect(list.some((document) => document.id.startsWith('xrechnung-'))).toBe(false);
  });

  it('answers a document’s file the same every time it is asked for', async () => {
    const [invoice] = (await documents('buyer')).filter((document) => document.type === 'invoice');
    const bodies = [];
    for (let round = 0; round < 2; round += 1) {
      const response = await file('buyer', `/api/${invoice?.file}`);
      expect(response.status).toBe(200);
      bodies.push(Buffer.from(await response.arrayBuffer()));
    }
    expect(bodies[1]?.equals(bodies[0] ?? Buffer.alloc(0))).toBe(true);
  });

  it('lists a credit note as a document of its own', async () => {
    const invoice = await server.database.db
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', companyIds.bosporus)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const outcome = await issueCreditNote(server.database.db, invoice.id, {
      reason: 'Wrong goods',
      issuedAt: new Date(),
    });
    if (!('creditNote' in outcome)) throw new Error(`no credit note: ${outcome.outcome}`);
    const listed = (await documents('other', 'de')).find(
      (document) => document.id === `invoice-${outcome.creditNote.id}`,
    );
    expect(listed).toMatchObject({
      type: 'invoice',
      name: `Rechnungskorrektur ${outcome.creditNote.number}`,
      file: `netb2b/invoices/${outcome.creditNote.id}/file/`,
      file_name: `credit-note-${outcome.creditNote.number}.pdf`,
      content_type: 'application/pdf',
    });
  });
});
