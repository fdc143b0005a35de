import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The documents issued to the company; another company's are never found, like unknown ones. */
const companyDocuments = (db: Kysely<Database>, companyId: number) =>
  db.selectFrom('invoices').select(['id', 'document']).where('company_id', '=', companyId);

/** The documents issued for an order of the company, invoices and credit notes in the order issued. */
export function issuedDocumentsOfOrder(db: Kysely<Database>, companyId: number, orderId: number) {
  return companyDocuments(db, companyId).where('order_id', '=', orderId).orderBy('id').execute();
}

/** One issued document of the company (undefined for another company's, like an unknown one). */
export function issuedDocument(db: Kysely<Database>, companyId: number, id: number) {
  return companyDocuments(db, companyId).where('id', '=', id).executeTakeFirst();
}

/** Is this an order of the company? */
export async function isCompanyOrder(db: Kysely<Database>, companyId: number, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return order !== undefined;
}
