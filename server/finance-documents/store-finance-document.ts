import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Database, FinanceDocumentsTable } from '../db/schema';
import { badRequest } from '../http/api-error';
import { moneyText } from '../queries/decimals';
import type { FinanceDocumentBody } from './finance-document-wire';

export type StoreOutcome = 'created' | 'updated' | 'unchanged';

type Stored = Selectable<FinanceDocumentsTable>;

/**
 * PUT /documents/{external_id}: the ERP's document as sent, created or replaced in one transaction
 * with its links to orders. A body equal to what is stored writes nothing (`updated_at` stays), so
 * an ERP may send its documents again and again. `pdf_base64` left out keeps the stored PDF: a
 * changed open balance need not carry the file again. Refusals name their field (400).
 */
export async function storeFinanceDocument(
  db: Kysely<Database>,
  externalId: string,
  body: FinanceDocumentBody,
  now: Date,
): Promise<StoreOutcome> {
  return db.transaction().execute(async (trx) => {
    const companyId = await companyOf(trx, body.company);
    await checkOrders(trx, companyId, body);
    await checkCorrected(trx, companyId, externalId, body);

    const orders = [...new Set(body.orders)].sort((a, b) => a - b);
    const fields = {
      kind: body.kind,
      number: body.number,
      company_id: companyId,
      corrects_external_id: body.corrects ?? null,
      issued_on: body.issued_on,
      due_on: body.due_on ?? null,
      currency: body.currency,
      net_total: body.net_total,
      tax_total: body.tax_total,
      gross_total: body.gross_total,
      open_balance: body.open_balance,
      ...(body.pdf_base64 === undefined
        ? {}
        : { pdf: body.pdf_base64, pdf_bytes: body.pdf_base64.byteLength }),
    };
    const at = now.toISOString();

    let stored = await lockedDocument(trx, externalId);
    if (!stored) {
      const inserted = await trx
        .insertInto('finance_documents')
        .values({ external_id: externalId, ...fields, created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.column('external_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await linkOrders(trx, inserted.id, orders);
        return 'created';
      }
      // the same document sent twice at once: the other request created it, this one updates it
      stored = await lockedDocument(trx, externalId);
      if (!stored) throw new Error(`finance document ${externalId} neither inserted nor found`);
    }
    if (stored.kind !== body.kind)
      throw badRequest('The request body has invalid fields.', {
        kind: [
          `This document is ${stored.kind === 'invoice' ? 'an invoice' : 'a credit note'}: its kind cannot change.`,
        ],
      });
    const linked = await trx
      .selectFrom('finance_document_orders')
      .select('order_id')
      .where('document_id', '=', stored.id)
      .orderBy('order_id')
      .execute();
    const sameOrders = linked.map((row) => row.order_id).join(',') === orders.join(',');
    if (sameOrders && sameFields(stored, fields)) return 'unchanged';
    await trx
      .updateTable('finance_documents')
      .set({ ...fields, updated_at: at })
      .where('id', '=', stored.id)
      .execute();
    if (!sameOrders) {
      await trx.deleteFrom('finance_document_orders').where('document_id', '=', stored.id).execute();
      await linkOrders(trx, stored.id, orders);
    }
    return 'updated';
  });
}

/** The stored document, its row locked until the transaction ends (PostgreSQL; SQLite has one writer). */
async function lockedDocument(trx: Kysely<Database>, externalId: string): Promise<Stored | undefined> {
  let query = trx.selectFrom('finance_documents').selectAll().where('external_id', '=', externalId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.modifyEnd(sql`for update`);
  return query.executeTakeFirst();
}

async function linkOrders(trx: Kysely<Database>, documentId: number, orders: readonly number[]) {
  if (orders.length === 0) return;
  await trx
    .insertInto('finance_document_orders')
    .values(orders.map((orderId) => ({ document_id: documentId, order_id: orderId })))
    .execute();
}

type Fields = Pick<
  Stored,
  | 'kind'
  | 'number'
  | 'company_id'
  | 'corrects_external_id'
  | 'issued_on'
  | 'due_on'
  | 'currency'
  | 'net_total'
  | 'tax_total'
  | 'gross_total'
  | 'open_balance'
> &
  Partial<Pick<Stored, 'pdf' | 'pdf_bytes'>>;

/** Whether the stored row already says what `fields` say (money by value: PostgreSQL's NUMERIC text or SQLite's). */
function sameFields(stored: Stored, fields: Fields): boolean {
  const money = ['net_total', 'tax_total', 'gross_total', 'open_balance'] as const;
  const plain = [
    'kind',
    'number',
    'company_id',
    'corrects_external_id',
    'issued_on',
    'due_on',
    'currency',
  ] as const;
  if (plain.some((key) => stored[key] !== fields[key])) return false;
  if (money.some((key) => moneyText(stored[key]) !== moneyText(fields[key]))) return false;
  if (fields.pdf === undefined) return true;
  return stored.pdf !== null && fields.pdf !== null && Buffer.from(stored.pdf).equals(fields.pdf);
}

async function companyOf(trx: Kysely<Database>, externalId: string): Promise<number> {
  const company = await trx
    .selectFrom('companies')
    .select('id')
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  if (!company)
    throw badRequest('The request body has invalid fields.', {
      company: [`No company has the external id "${externalId}".`],
    });
  return company.id;
}

/** Every order named must be one of the company's: the document shows in that company's orders. */
async function checkOrders(trx: Kysely<Database>, companyId: number, body: FinanceDocumentBody) {
  const named = [...new Set(body.orders)];
  if (named.length === 0) return;
  const found = await trx
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', named)
    .execute();
  const ofCompany = new Set(found.map((order) => order.id));
  const others = named.filter((id) => !ofCompany.has(id));
  if (others.length > 0)
    throw badRequest('The request body has invalid fields.', {
      orders: [
        `${others.length === 1 ? 'Order' : 'Orders'} ${others.join(', ')} ${others.length === 1 ? 'is not an order' : 'are not orders'} of company "${body.company}".`,
      ],
    });
}

/** A credit note corrects an invoice of the same company that was sent before. */
async function checkCorrected(
  trx: Kysely<Database>,
  companyId: number,
  externalId: string,
  body: FinanceDocumentBody,
) {
  if (!body.corrects) return;
  const corrected = await trx
    .selectFrom('finance_documents')
    .select(['kind', 'company_id'])
    .where('external_id', '=', body.corrects)
    .executeTakeFirst();
  const refusal =
    body.corrects === externalId
      ? 'A credit note cannot correct itself.'
      : !corrected
        ? `No document has the external id "${body.corrects}".`
        : corrected.kind !== 'invoice'
          ? `"${body.corrects}" is a credit note, not an invoice.`
          : corrected.company_id !== companyId
            ? `"${body.corrects}" is an invoice of another company.`
            : null;
  if (refusal) throw badRequest('The request body has invalid fields.', { corrects: [refusal] });
}
