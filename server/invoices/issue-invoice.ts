import type { Kysely } from 'kysely';
import { toIsoDate } from '../../src/domain/dates';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../orders/unique-violation';
import { type InvoiceConfiguration, invoiceConfiguration } from './invoice-configuration';
import { buildSuborderInvoice, documentColumns, type InvoiceDocument } from './invoice-document';
import { announceIssuedDocument } from './invoice-notification';
import { nextInvoiceNumber } from './invoice-number';

export interface IssueOptions {
  /** the moment of delivery (or finalization): its local date is the invoice date */
  issuedAt: Date;
  configuration?: InvoiceConfiguration;
  /**
   * tell the user who placed the order ("Invoice available"); default true. The seed issues its
   * history's invoices without: its notifications are written to tell their own story.
   */
  announce?: boolean;
}

const issueKeyOf = (suborderId: number) => `suborder:${suborderId}`;

async function issuedFor(db: Kysely<Database>, issueKey: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('issue_key', '=', issueKey)
    .executeTakeFirst();
}

/**
 * Issues the invoice of a delivered suborder, once: a suborder already invoiced answers its
 * invoice. The number, the snapshot and the invoice row are written in one transaction (the
 * caller's, when given one), so a failed issue leaves neither a number nor a row behind. Two
 * issues of one suborder at once (two processes) collide on the unique issue_key; the loser rolls
 * back, its number with it, and answers the winner's invoice.
 */
export async function issueSuborderInvoice(
  db: Kysely<Database>,
  suborderId: number,
  { issuedAt, configuration = invoiceConfiguration(), announce = true }: IssueOptions,
): Promise<{ id: number; number: string }> {
  const issueKey = issueKeyOf(suborderId);
  const earlier = await issuedFor(db, issueKey);
  if (earlier) return earlier;
  const issue = async (trx: Kysely<Database>) => {
    const issuedOn = toIsoDate(issuedAt);
    const { companyId, ...draft } = await buildSuborderInvoice(trx, suborderId, { issuedOn, configuration });
    // Taken last, right before the insert: the counter row stays locked as briefly as possible.
    const number = await nextInvoiceNumber(trx, configuration.supplierKey, Number(issuedOn.slice(0, 4)));
    const document: InvoiceDocument = { ...draft, number };
    const issued = await trx
      .insertInto('invoices')
      .values({
        ...documentColumns(document, issuedAt),
        supplier_key: configuration.supplierKey,
        corrects_invoice_id: null,
        order_id: document.order.id,
        suborder_id: suborderId,
        company_id: companyId,
        issue_key: issueKey,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    if (announce)
      await announceIssuedDocument(trx, { kind: 'invoice', number, orderId: document.order.id }, issuedAt);
    return issued;
  };
  if (db.isTransaction) return issue(db);
  try {
    return await db.transaction().execute(issue);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await issuedFor(db, issueKey);
    if (!winner) throw error;
    return winner;
  }
}

/** Issues every suborder's invoice of a finalized order (until deliveries are reported per suborder). */
export async function issueOrderInvoices(db: Kysely<Database>, orderId: number, options: IssueOptions) {
  const suborders = await db
    .selectFrom('suborders')
    .select('id')
    .where('order_id', '=', orderId)
    .orderBy('warehouse_id')
    .orderBy('id')
    .execute();
  const issued = [];
  for (const suborder of suborders) issued.push(await issueSuborderInvoice(db, suborder.id, options));
  return issued;
}
