import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inChunks } from '../orders/catalogue-snapshot';
import { moneyText } from '../queries/decimals';
import type { FinanceDocumentAnswer } from './finance-document-wire';

/** A document as the integration API answers it, or undefined for an unknown external id. */
export async function financeDocumentOf(
  db: Kysely<Database>,
  externalId: string,
): Promise<FinanceDocumentAnswer | undefined> {
  const row = await db
    .selectFrom('finance_documents as d')
    .innerJoin('companies as c', 'c.id', 'd.company_id')
    .select([
      'd.id',
      'd.external_id',
      'd.kind',
      'd.number',
      'c.external_id as company',
      'd.issued_on',
      'd.due_on',
      'd.currency',
      'd.net_total',
      'd.tax_total',
      'd.gross_total',
      'd.open_balance',
      'd.corrects_external_id',
      'd.pdf_bytes',
      'd.created_at',
      'd.updated_at',
    ])
    .where('d.external_id', '=', externalId)
    .executeTakeFirst();
  if (!row) return undefined;
  const orders = await db
    .selectFrom('finance_document_orders')
    .select('order_id')
    .where('document_id', '=', row.id)
    .orderBy('order_id')
    .execute();
  return {
    id: row.id,
    external_id: row.external_id,
    kind: row.kind,
    number: row.number,
    company: row.company ?? '',
    orders: orders.map((order) => order.order_id),
    issued_on: row.issued_on,
    due_on: row.due_on,
    currency: row.currency,
    net_total: moneyText(row.net_total),
    tax_total: moneyText(row.tax_total),
    gross_total: moneyText(row.gross_total),
    open_balance: moneyText(row.open_balance),
    corrects: row.corrects_external_id,
    pdf_bytes: row.pdf_bytes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Where the buyer's portal fetches a document's PDF (relative to the API base). */
export const financeDocumentFilePath = (id: number) => `netb2b/finance-documents/${id}/file/`;

/** "invoice-RE-2026-0042.pdf": named after the ERP's number, without the characters a file name cannot hold. */
export const financeDocumentFileName = (document: { kind: 'invoice' | 'credit_note'; number: string }) =>
  `${document.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${document.number.replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;

/** The company's documents that have a PDF (the documents list offers files), any order. */
export function companyFinanceDocuments(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('finance_documents')
    .select(['id', 'kind', 'number', 'issued_on', 'due_on', 'gross_total', 'open_balance', 'pdf_bytes'])
    .where('company_id', '=', companyId)
    .where('pdf_bytes', 'is not', null)
    .execute();
}

/** One document's PDF for the company; undefined for another company's, an unknown one, or one without a PDF. */
export async function financeDocumentPdf(db: Kysely<Database>, companyId: number, id: number) {
  const row = await db
    .selectFrom('finance_documents')
    .select(['kind', 'number', 'pdf'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.pdf ? { kind: row.kind, number: row.number, pdf: row.pdf } : undefined;
}

/**
 * The PDF of the newest invoice (by issue date, then the later one sent) the ERP linked to the
 * company's order; undefined when it linked none with a PDF.
 */
export async function newestInvoicePdfOfOrder(db: Kysely<Database>, companyId: number, orderId: number) {
  const row = await db
    .selectFrom('finance_documents as d')
    .innerJoin('finance_document_orders as o', 'o.document_id', 'd.id')
    .select(['d.kind', 'd.number', 'd.pdf'])
    .where('o.order_id', '=', orderId)
    .where('d.company_id', '=', companyId)
    .where('d.kind', '=', 'invoice')
    .where('d.pdf_bytes', 'is not', null)
    .orderBy('d.issued_on', 'desc')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.pdf ? { kind: row.kind, number: row.number, pdf: row.pdf } : undefined;
}

/** An order's document as the order detail carries it (contract: order-level `documents`). */
export interface OrderFinanceDocumentWire {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  issued_on: string;
  due_on: string | null;
  gross_total: string;
  open_balance: string;
  file: string;
}

/** The ERP's documents of a list of orders. */
export interface OrdersFinanceDocuments {
  /** each order's documents, oldest first */
  documents: Map<number, OrderFinanceDocumentWire[]>;
  /** the orders with an invoice that has its PDF ("View invoice" answers it) */
  withInvoicePdf: Set<number>;
}

/**
 * The documents the ERP linked to each of these orders, in one query per chunk of orders (an order
 * list stays a few queries). `file` answers 404 while the document has no PDF.
 */
export async function financeDocumentsOfOrders(
  db: Kysely<Database>,
  orderIds: readonly number[],
): Promise<OrdersFinanceDocuments> {
  const rows = await inChunks(orderIds, (chunk) =>
    db
      .selectFrom('finance_document_orders as o')
      .innerJoin('finance_documents as d', 'd.id', 'o.document_id')
      .select([
        'o.order_id',
        'd.id',
        'd.kind',
        'd.number',
        'd.issued_on',
        'd.due_on',
        'd.gross_total',
        'd.open_balance',
        'd.pdf_bytes',
      ])
      .where('o.order_id', 'in', chunk)
      .orderBy('d.issued_on')
      .orderBy('d.id')
      .execute(),
  );
  const documents = new Map<number, OrderFinanceDocumentWire[]>();
  const withInvoicePdf = new Set<number>();
  for (const row of rows) {
    const ofOrder = documents.get(row.order_id) ?? [];
    ofOrder.push({
      id: row.id,
      kind: row.kind,
      number: row.number,
      issued_on: row.issued_on,
      due_on: row.due_on,
      gross_total: moneyText(row.gross_total),
      open_balance: moneyText(row.open_balance),
      file: financeDocumentFilePath(row.id),
    });
    documents.set(row.order_id, ofOrder);
    if (row.kind === 'invoice' && row.pdf_bytes !== null) withInvoicePdf.add(row.order_id);
  }
  return { documents, withInvoicePdf };
}
