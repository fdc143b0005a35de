import { Hono } from 'hono';
import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import { multiLine } from '../../src/services/api/wire/primitives';
import type { InvoicesTable } from '../db/schema';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { type CreditNoteDocument, issueCreditNote } from '../invoices/issue-credit-note';

const creditNoteRequest = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'Say why the invoice is cancelled.'), z.maxLength(500), multiLine()),
});

const notCorrectable = () =>
  new ApiError(409, {
    detail: 'Only an invoice can be cancelled by a credit note; this document is a credit note itself.',
    code: 'credit_note_not_correctable',
  });

/** The credit note as stored; its figures from the snapshot, so both engines answer the same text. */
function toWire(row: Selectable<InvoicesTable>, correctsId: number) {
  const document = JSON.parse(row.document) as CreditNoteDocument;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    order_id: row.order_id,
    issued_on: row.issued_on,
    reason: document.reason,
    corrects: { id: correctsId, number: document.corrects.number, issued_on: document.corrects.issuedOn },
    totals: document.totals,
  };
}

/**
 * POST /api/supplier/invoices/{id}/credit-note/ `{ "reason": "..." }`: the supplier cancels an
 * issued invoice by a credit note (201), numbered from the invoices' sequence and dated today. The
 * supplier's API, not the customer's portal: a buyer must not be able to cancel what they owe. A
 * repeated request answers the credit note already issued (200); an unknown id is 404, and a credit
 * note cannot be cancelled in turn (409).
 */
export function supplierInvoiceRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  // Any id segment reaches the handler: one that cannot be an invoice's id is "no such invoice", the
  // same answer as an unknown one (the catch-all's `no_such_call` would say the call does not exist).
  routes.post('/invoices/:id/credit-note/', async (c) => {
    const segment = c.req.param('id');
    if (!/^[0-9]{1,9}$/.test(segment)) throw notFound('No invoice has this id.');
    const invoiceId = Number(segment);
    const { reason } = await readJsonBody(c, creditNoteRequest);
    const result = await issueCreditNote(db, invoiceId, { reason, issuedAt: now() });
    if (result.outcome === 'no_such_invoice') throw notFound('No invoice has this id.');
    if (result.outcome === 'not_an_invoice') throw notCorrectable();
    return c.json(toWire(result.creditNote, invoiceId), result.outcome === 'issued' ? 201 : 200);
  });

  return routes;
}
