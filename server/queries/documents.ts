import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import type { documentWire } from '../../src/services/api/wire/documents';
import type { Database } from '../db/schema';
import {
  companyFinanceDocuments,
  financeDocumentFileName,
  financeDocumentFilePath,
} from '../finance-documents/finance-document-queries';
import type { CatalogueLanguage } from '../i18n/request-language';
import type { InvoiceDocument } from '../invoices/invoice-document';
import { invoiceFileName } from '../invoices/invoice-file-name';
import { isPublicCustomerDocument } from '../invoices/invoice-files';
import { moneyText } from './decimals';
import { translateRows } from './translations';

export type DocumentWire = z.infer<typeof documentWire>;

/** An invoice or credit note is named after its number, in the language of the request. */
const invoiceWord: Record<CatalogueLanguage, string> = {
  en: 'Invoice',
  tr: 'Fatura',
  de: 'Rechnung',
  ar: 'فاتورة',
  es: 'Factura',
  fr: 'Facture',
  it: 'Fattura',
  nn: 'Faktura',
  sv: 'Faktura',
};
const creditNoteWord: Record<CatalogueLanguage, string> = {
  en: 'Credit note',
  tr: 'İade faturası',
  de: 'Rechnungskorrektur',
  ar: 'إشعار دائن',
  es: 'Factura rectificativa',
  fr: 'Avoir',
  it: 'Nota di credito',
  nn: 'Kreditnota',
  sv: 'Kreditfaktura',
};

/** Published to every customer (no company) or to this company only. */
const publishedTo = (db: Kysely<Database>, companyId: number) =>
  db
    .selectFrom('documents')
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]));

/** A name, not a word: German public buyers' portals call the format so in every language. */
const XRECHNUNG = 'XRechnung';

/**
 * The documents issued to the company as a public customer (with its buyer reference, the
 * Leitweg-ID), whose XRechnung GET /invoices/{id}/xrechnung/ answers. Read only for a company that
 * has a buyer reference: each issued document says whether it was issued with one.
 */
async function xRechnungIds(db: Kysely<Database>, companyId: number): Promise<Set<number>> {
  const company = await db
    .selectFrom('companies')
    .select('buyer_reference')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company?.buyer_reference.trim()) return new Set();
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'document'])
    .where('company_id', '=', companyId)
    .execute();
  return new Set(
    rows
      .filter((row) => isPublicCustomerDocument(JSON.parse(row.document) as InvoiceDocument))
      .map((row) => row.id),
  );
}

/**
 * GET /documents/: the files published to the company (names in `language`, English when missing)
 * and every invoice and credit note issued to the company, each followed, for a public customer, by
 * its XRechnung, and the ERP's invoices and credit notes; newest first (then the higher id).
 */
export async function documentsFor(
  db: Kysely<Database>,
  companyId: number,
  language: CatalogueLanguage,
): Promise<DocumentWire[]> {
  const rows = await publishedTo(db, companyId)
    .select(['id', 'type', 'name', 'file_name', 'content_type', 'size', 'created_at'])
    .execute();
  const files: DocumentWire[] = (await translateRows(db, 'document', rows, ['name'], language)).map(
    (row) => ({
      id: `doc-${row.id}`,
      type: row.type,
      name: row.name,
      created_at: row.created_at,
      size: Number(row.size),
      content_type: row.content_type,
      file: `netb2b/documents/${row.id}/file/`,
      file_name: row.file_name,
    }),
  );
  // Every issued invoice and credit note (server/invoices/), each its own Factur-X PDF.
  const issued = await db
    .selectFrom('invoices')
    .select(['id', 'kind', 'number', 'created_at'])
    .where('company_id', '=', companyId)
    .execute();
  const xRechnungs = await xRechnungIds(db, companyId);
  // The files are generated on request from what was issued, so their size is unknown.
  const invoices: DocumentWire[] = issued.flatMap((invoice) => [
    {
      id: `invoice-${invoice.id}`,
      type: 'invoice' as const,
      name: `${(invoice.kind === 'credit_note' ? creditNoteWord : invoiceWord)[language]} ${invoice.number}`,
      created_at: invoice.created_at,
      size: null,
      content_type: 'application/pdf',
      file: `netb2b/invoices/${invoice.id}/file/`,
      file_name: invoiceFileName(invoice, 'pdf'),
    },
    ...(xRechnungs.has(invoice.id)
      ? [
          {
            id: `xrechnung-${invoice.id}`,
            // the client knows no other kind of issued document: an XRechnung is the invoice too
            type: 'invoice' as const,
            name: `${XRECHNUNG} ${invoice.number}`,
            created_at: invoice.created_at,
            size: null,
            content_type: 'application/xml',
            file: `netb2b/invoices/${invoice.id}/xrechnung/`,
            file_name: invoiceFileName(invoice, 'xml'),
          },
        ]
      : []),
  ]);
  // The ERP's invoices and credit notes (server/finance-documents/) that have their PDF. Dated by
  // their issue day at noon UTC, so the date shown is that day in every time zone the portal serves.
  const erpDocuments: DocumentWire[] = (await companyFinanceDocuments(db, companyId)).map((document) => ({
    id: `finance-${document.id}`,
    type: 'invoice' as const,
    name: `${(document.kind === 'credit_note' ? creditNoteWord : invoiceWord)[language]} ${document.number}`,
    created_at: `${document.issued_on}T12:00:00.000Z`,
    size: document.pdf_bytes,
    content_type: 'application/pdf',
    file: financeDocumentFilePath(document.id),
    file_name: financeDocumentFileName(document),
    gross_total: moneyText(document.gross_total),
    // what is owed and by when: an invoice's; a credit note owes nothing
    ...(document.kind === 'invoice'
      ? { open_balance: moneyText(document.open_balance), due_on: document.due_on }
      : {}),
  }));
  const number = (document: DocumentWire) => Number(document.id.replace(/^\D+/, ''));
  return [...files, ...invoices, ...erpDocuments].sort(
    (a, b) =>
      b.created_at.localeCompare(a.created_at) ||
      Number(a.type === 'invoice') - Number(b.type === 'invoice') ||
      number(b) - number(a) ||
      // a document's XRechnung right after its PDF
      Number(a.content_type === 'application/xml') - Number(b.content_type === 'application/xml'),
  );
}

/** One published file with its bytes, or undefined (also for another company's document). */
export function documentFile(db: Kysely<Database>, companyId: number, id: number) {
  return publishedTo(db, companyId)
    .select(['file_name', 'content_type', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}
