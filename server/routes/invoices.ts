import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  financeDocumentFileName,
  newestInvoicePdfOfOrder,
} from '../finance-documents/finance-document-queries';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { contentDisposition } from '../http/content-disposition';
import type { InvoiceDocument } from '../invoices/invoice-document';
import { InvoiceFileCache } from '../invoices/invoice-file-cache';
import { invoiceFileName } from '../invoices/invoice-file-name';
import { facturXPdf, isPublicCustomerDocument, readingCopy, xRechnungXml } from '../invoices/invoice-files';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { isCompanyOrder, issuedDocument, issuedDocumentsOfOrder } from '../queries/invoices';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';

const PRIVATE = 'private, no-store';

interface Issued {
  id: number;
  document: InvoiceDocument;
}
const parse = (row: { id: number; document: string }): Issued => ({
  id: row.id,
  document: JSON.parse(row.document) as InvoiceDocument,
});

/** One issued document of the company, or 404 like an unknown one. */
async function documentOfCompany(db: Kysely<Database>, companyId: number, id: number) {
  const row = await issuedDocument(db, companyId, id);
  if (!row) throw notFound('No invoice has this id.');
  return parse(row);
}

/** A PDF answer: shown in the browser, or saved under `fileName` with ?download=1. */
function pdfAnswer(c: Context<AppEnv>, bytes: Uint8Array, fileName: string) {
  const body = new Uint8Array(bytes);
  return c.body(body, 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(body.byteLength),
    'Content-Disposition': contentDisposition(
      c.req.query('download') === '1' ? 'attachment' : 'inline',
      fileName,
    ),
    'Cache-Control': PRIVATE,
  });
}

/**
 * The issued invoices as files, rendered from what was stored when they were issued (the client
 * fetches them with the bearer token):
 * - GET /orders/{id}/invoice/: the PDF of the newest invoice the supplier's ERP sent for the order
 *   (server/finance-documents/), when there is one. Otherwise (a supplier without an ERP sending
 *   invoices) the portal's own: the order's invoice as a Factur-X PDF; an order invoiced per
 *   warehouse, or with a credit note, gets one PDF of every document one after another (a reading
 *   copy: each e-invoice is its document's own file). 404 invoice_not_issued before delivery.
 * - GET /invoices/{id}/file/: one document's Factur-X PDF.
 * - GET /invoices/{id}/xrechnung/: its XRechnung (CII) for a public customer (one with a buyer
 *   reference); 404 no_buyer_reference for any other.
 * Another company's order or document answers 404 like an unknown one. `?download=1` answers an
 * attachment instead of an inline file. An issued document never changes, so each file is
 * generated once and then answered from this app's bounded cache of files.
 */
export function invoiceRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();
  const files = new InvoiceFileCache();
  const facturX = ({ id, document }: Issued) =>
    files.file(id, 'factur-x', async () => facturXPdf(document, await renderInvoicePdf(document)));
  const printed = ({ id, document }: Issued) => files.file(id, 'print', () => renderInvoicePdf(document));
  const xRechnung = ({ id, document }: Issued) =>
    files.file(id, 'xrechnung', async () => new TextEncoder().encode(await xRechnungXml(document)));

  // An invoice is nothing but prices, which demo accounts never see.
  routes.get('/invoices/*', refuseDemoAccounts(demoDetails.invoices));
  routes.get('/orders/:id{[0-9]{1,9}}/invoice/', refuseDemoAccounts(demoDetails.invoices));

  routes.get('/orders/:id{[0-9]{1,9}}/invoice/', async (c) => {
    const user = c.get('user');
    const orderId = Number(c.req.param('id'));
    if (!(await isCompanyOrder(db, user.companyId, orderId))) throw notFound('No order has this id.');
    const fromErp = await newestInvoicePdfOfOrder(db, user.companyId, orderId);
    if (fromErp) return pdfAnswer(c, fromErp.pdf, financeDocumentFileName(fromErp));
    const documents = (await issuedDocumentsOfOrder(db, user.companyId, orderId)).map(parse);
    const [only] = documents;
    if (!only)
      throw new ApiError(404, {
        detail: 'No invoice has been issued for this order yet: it is issued on delivery.',
        code: 'invoice_not_issued',
      });
    if (documents.length === 1)
      return pdfAnswer(c, await facturX(only), invoiceFileName(only.document, 'pdf'));
    const copy = await readingCopy(await Promise.all(documents.map(printed)));
    return pdfAnswer(c, copy, `invoices-order-${orderId}.pdf`);
  });

  routes.get('/invoices/:id{[0-9]{1,9}}/file/', async (c) => {
    const user = c.get('user');
    const issued = await documentOfCompany(db, user.companyId, Number(c.req.param('id')));
    return pdfAnswer(c, await facturX(issued), invoiceFileName(issued.document, 'pdf'));
  });

  routes.get('/invoices/:id{[0-9]{1,9}}/xrechnung/', async (c) => {
    const user = c.get('user');
    const issued = await documentOfCompany(db, user.companyId, Number(c.req.param('id')));
    const { document } = issued;
    if (!isPublicCustomerDocument(document))
      throw new ApiError(404, {
        detail:
          'XRechnung is issued to public customers only: this invoice was issued to a customer without a buyer reference (Leitweg-ID).',
        code: 'no_buyer_reference',
      });
    const xml = new Uint8Array(await xRechnung(issued));
    return c.body(xml, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Length': String(xml.byteLength),
      'Content-Disposition': contentDisposition(
        c.req.query('download') === '1' ? 'attachment' : 'inline',
        invoiceFileName(document, 'xml'),
      ),
      'Cache-Control': PRIVATE,
    });
  });

  return routes;
}
