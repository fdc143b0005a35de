import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import type { documentWire } from '../../src/services/api/wire/documents';
import type { Database } from '../db/schema';
import type { CatalogueLanguage } from '../i18n/request-language';
import { translateRows } from './translations';

export type DocumentWire = z.infer<typeof documentWire>;

/** An invoice is named after its order, in the language of the request. */
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

/** Published to every customer (no company) or to this company only. */
const publishedTo = (db: Kysely<Database>, companyId: number) =>
  db
    .selectFrom('documents')
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]));

/**
 * GET /documents/: the files published to the company (names in `language`, English when missing)
 * and one invoice per order of the company that has one issued, newest first (then the higher id).
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
  // Only orders with an issued invoice (server/invoices/), dated when their first one was issued.
  const orders = (
    await db
      .selectFrom('invoices')
      .select(['order_id', (eb) => eb.fn.min('created_at').as('created_at')])
      .where('company_id', '=', companyId)
      .where('kind', '=', 'invoice')
      .groupBy('order_id')
      .execute()
  ).map((row) => ({ id: row.order_id, created_at: String(row.created_at) }));
  // The invoice is rendered on request from what was issued, so its size is unknown.
  const invoices: DocumentWire[] = orders.map((order) => ({
    id: `invoice-${order.id}`,
    type: 'invoice',
    name: `${invoiceWord[language]} ${order.id}`,
    created_at: order.created_at,
    size: null,
    content_type: 'text/html',
    file: `netb2b/orders/${order.id}/invoice/`,
    file_name: `invoice-${order.id}.html`,
  }));
  const number = (document: DocumentWire) => Number(document.id.replace(/^\D+/, ''));
  return [...files, ...invoices].sort(
    (a, b) =>
      b.created_at.localeCompare(a.created_at) ||
      Number(a.type === 'invoice') - Number(b.type === 'invoice') ||
      number(b) - number(a),
  );
}

/** One published file with its bytes, or undefined (also for another company's document). */
export function documentFile(db: Kysely<Database>, companyId: number, id: number) {
  return publishedTo(db, companyId)
    .select(['file_name', 'content_type', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}
