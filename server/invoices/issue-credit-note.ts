import type { Kysely, Selectable } from 'kysely';
import { toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import type { Database, InvoicesTable } from '../db/schema';
import { isUniqueViolation } from '../orders/unique-violation';
import {
  documentColumns,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceRate,
} from './invoice-document';
import { announceIssuedDocument } from './invoice-notification';
import { nextInvoiceNumber } from './invoice-number';

/** A credit note's snapshot: the invoice it cancels, negated, and why it was cancelled. */
export interface CreditNoteDocument extends InvoiceDocument {
  kind: 'credit_note';
  corrects: { number: string; issuedOn: string };
  reason: string;
}

export type CreditNoteOutcome =
  | { outcome: 'issued' | 'issued_before'; creditNote: Selectable<InvoicesTable> }
  | { outcome: 'no_such_invoice' }
  | { outcome: 'not_an_invoice' };

const negatedCents = (amount: string) => toDecimal(amount).negated().toFixed(2);

const negatedLine = (line: InvoiceLine): InvoiceLine => ({
  ...line,
  // EN 16931 forbids a negative price (BR-27): the quantity goes negative, and the amount with it,
  // so quantity × price = amount holds on the credit note as it did on the invoice
  quantity: toDecimal(line.quantity).negated().toString(),
  netAmount: negatedCents(line.netAmount),
});

const negatedRate = (rate: InvoiceRate): InvoiceRate => ({
  ratePercent: rate.ratePercent,
  net: negatedCents(rate.net),
  tax: negatedCents(rate.tax),
  gross: negatedCents(rate.gross),
});

/**
 * The credit note that cancels `invoice` whole: the invoice as issued (its parties, order, delivery
 * date and language, not today's master data) with every line, rate row and total negated to the
 * cent, so that the two sum to zero line by line, per rate and in total. Nothing is due on it: its
 * due date is its own date, and it names no account to pay into.
 */
export function creditNoteDocument(
  invoice: InvoiceDocument,
  { number, issuedOn, reason }: { number: string; issuedOn: string; reason: string },
): CreditNoteDocument {
  const { payment: _payment, ...issued } = invoice;
  return {
    ...issued,
    kind: 'credit_note',
    number,
    corrects: { number: invoice.number, issuedOn: invoice.issuedOn },
    issuedOn,
    dueOn: issuedOn,
    paymentDays: 0,
    reason,
    lines: invoice.lines.map(negatedLine),
    rates: invoice.rates.map(negatedRate),
    totals: {
      net: negatedCents(invoice.totals.net),
      tax: negatedCents(invoice.totals.tax),
      gross: negatedCents(invoice.totals.gross),
    },
  };
}

const creditNoteOf = (db: Kysely<Database>, invoiceId: number) =>
  db.selectFrom('invoices').selectAll().where('corrects_invoice_id', '=', invoiceId).executeTakeFirst();

/**
 * Cancels an issued invoice by a credit note, once. The credit note takes the next number of the
 * invoice's supplier sequence for the year of `issuedAt`, in the transaction that stores it and
 * tells the buyer, so a failed issue leaves no number, no row and no notification behind. An
 * invoice already cancelled answers its credit note (the first reason stays); two cancellations at
 * once (two processes) collide on the unique corrects_invoice_id, and the loser, rolled back with
 * the number it drew, answers the winner's. A credit note is final: it is not cancelled in turn.
 * The invoice itself is never touched.
 */
export async function issueCreditNote(
  db: Kysely<Database>,
  invoiceId: number,
  { reason, issuedAt }: { reason: string; issuedAt: Date },
): Promise<CreditNoteOutcome> {
  const invoice = await db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice) return { outcome: 'no_such_invoice' };
  if (invoice.kind !== 'invoice') return { outcome: 'not_an_invoice' };
  const earlier = await creditNoteOf(db, invoiceId);
  if (earlier) return { outcome: 'issued_before', creditNote: earlier };
  try {
    return await db.transaction().execute(async (trx): Promise<CreditNoteOutcome> => {
      // on SQLite the transaction holds the write lock from its start: a cancellation that got
      // there first is seen here, without drawing a number
      const meanwhile = await creditNoteOf(trx, invoiceId);
      if (meanwhile) return { outcome: 'issued_before', creditNote: meanwhile };
      const issuedOn = toIsoDate(issuedAt);
      const number = await nextInvoiceNumber(trx, invoice.supplier_key, Number(issuedOn.slice(0, 4)));
      const document = creditNoteDocument(JSON.parse(invoice.document) as InvoiceDocument, {
        number,
        issuedOn,
        reason,
      });
      const creditNote = await trx
        .insertInto('invoices')
        .values({
          ...documentColumns(document, issuedAt),
          supplier_key: invoice.supplier_key,
          corrects_invoice_id: invoice.id,
          order_id: invoice.order_id,
          suborder_id: invoice.suborder_id,
          company_id: invoice.company_id,
          issue_key: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await announceIssuedDocument(
        trx,
        { kind: 'credit_note', number, orderId: invoice.order_id, correctsNumber: invoice.number },
        issuedAt,
      );
      return { outcome: 'issued', creditNote };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await creditNoteOf(db, invoiceId);
    if (!winner) throw error;
    return { outcome: 'issued_before', creditNote: winner };
  }
}
