import { z } from 'zod';
import { isIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { decimalValue, RowRefusal } from '../imports/kinds/row-values';
import { moneyText } from '../queries/decimals';

// The wire of the ERP's invoices and credit notes (PUT/GET /api/integration/v1/documents/{external_id}),
// and the schemas the OpenAPI document is generated from.

/** The most a document's PDF may hold, decoded. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** The most a request body may hold: the PDF's base64 text (4/3 of it) and the fields around it. */
export const MAX_DOCUMENT_BODY_BYTES = 15 * 1024 * 1024;
/** what numeric(14, 2) holds */
const MAX_MONEY = '999999999999.99';
const MAX_KEY_LENGTH = 200;

const SINGLE_LINE = /^\P{Cc}*$/u;
const singleLineText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(SINGLE_LINE, 'Control characters (such as NUL or a line break) are not allowed.');

/**
 * Money as the import kinds read it (server/imports/kinds/row-values.ts): decimal text, or a JSON
 * number only when its shortest text is the decimal meant; at most two places, never negative.
 * Answers money text with two places ("12.4" → "12.40"), as the tables hold it.
 */
const money = (name: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    try {
      return moneyText(decimalValue(value, name, { places: 2, nonNegative: true, max: MAX_MONEY }));
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw error;
      ctx.addIssue({ code: 'custom', message: error.detail });
      return z.NEVER;
    }
  });

const day = () => z.string().refine(isIsoDate, 'Must be a calendar day written YYYY-MM-DD.');

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PDF_SIGNATURE = '%PDF';

/** The PDF's bytes from base64 text (line breaks allowed, as many encoders wrap it). */
const pdf = z
  .string()
  .transform((text, ctx) => {
    const compact = text.replace(/\s+/g, '');
    if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
      ctx.addIssue({ code: 'custom', message: 'Must be the PDF file in base64.' });
      return z.NEVER;
    }
    // the decoded size, known before decoding
    const bytes = (compact.length / 4) * 3 - (compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0);
    if (bytes > MAX_PDF_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'A PDF may hold at most 10 MB.' });
      return z.NEVER;
    }
    const file = Buffer.from(compact, 'base64');
    if (file.subarray(0, PDF_SIGNATURE.length).toString('latin1') !== PDF_SIGNATURE) {
      ctx.addIssue({ code: 'custom', message: 'Must be a PDF file (one starts with "%PDF").' });
      return z.NEVER;
    }
    return file;
  })
  .describe(`The document as a PDF file, base64-encoded; at most ${MAX_PDF_BYTES / 1024 / 1024} MB decoded.`);

export const financeDocumentKinds = ['invoice', 'credit_note'] as const;

/** The body of PUT /documents/{external_id}. */
export const financeDocumentBody = z
  .object({
    kind: z
      .enum(financeDocumentKinds)
      .describe('An invoice, or a credit note (which may name the invoice it corrects).'),
    number: singleLineText(100).describe("The document's number in the ERP, as printed on it."),
    company: singleLineText(MAX_KEY_LENGTH).describe(
      'The customer: the external id of a company (as the customers import gave it).',
    ),
    orders: z
      .array(z.number().int().min(1).max(2_147_483_647))
      .max(1000)
      .default([])
      .describe("The portal's ids of the company's orders the document is for (`order.id` of the events)."),
    issued_on: day().describe('The issue date, YYYY-MM-DD.'),
    due_on: day().nullish().describe('When payment is due, YYYY-MM-DD; null or absent for none.'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Must be an ISO 4217 currency code such as "EUR".')
      .default('EUR')
      .describe('The currency of the amounts, ISO 4217; EUR when absent.'),
    net_total: money('net_total').describe(
      'The net amount: decimal text such as "100.00" (or a JSON number).',
    ),
    tax_total: money('tax_total').describe('The tax.'),
    gross_total: money('gross_total').describe('net_total + tax_total, exactly.'),
    open_balance: money('open_balance').describe(
      'What is still to be paid: from 0 (settled) up to gross_total for an invoice.',
    ),
    corrects: singleLineText(MAX_KEY_LENGTH)
      .nullish()
      .describe("A credit note's invoice: that invoice's external id (a document already sent)."),
    pdf_base64: pdf.optional(),
  })
  .superRefine((body, ctx) => {
    if (!toDecimal(body.net_total).plus(body.tax_total).equals(toDecimal(body.gross_total)))
      ctx.addIssue({
        code: 'custom',
        path: ['gross_total'],
        message: `Must be net_total + tax_total (${moneyText(toDecimal(body.net_total).plus(body.tax_total).toString())}), not ${body.gross_total}.`,
      });
    if (toDecimal(body.open_balance).greaterThan(body.gross_total))
      ctx.addIssue({
        code: 'custom',
        path: ['open_balance'],
        message: `Must not be above gross_total (${body.gross_total}).`,
      });
    if (body.due_on && body.due_on < body.issued_on)
      ctx.addIssue({ code: 'custom', path: ['due_on'], message: 'Must not be before issued_on.' });
    if (body.kind === 'invoice' && body.corrects)
      ctx.addIssue({
        code: 'custom',
        path: ['corrects'],
        message: 'Only a credit note corrects an invoice.',
      });
  })
  .describe(
    'An invoice or credit note as the ERP issued it. Sending it again replaces it; absent `pdf_base64` keeps the PDF sent before.',
  );
export type FinanceDocumentBody = z.infer<typeof financeDocumentBody>;

/** A document as the integration API answers it (the PDF as its size only). */
export const financeDocumentAnswer = z.object({
  id: z.number().int().describe("The portal's id of the document."),
  external_id: z.string(),
  kind: z.enum(financeDocumentKinds),
  number: z.string(),
  company: z.string().describe("The company's external id."),
  orders: z.array(z.number().int()).describe('The linked orders, by id.'),
  issued_on: z.string(),
  due_on: z.string().nullable(),
  currency: z.string(),
  net_total: z.string().describe('Money as decimal text with two places, e.g. "100.00".'),
  tax_total: z.string(),
  gross_total: z.string(),
  open_balance: z.string(),
  corrects: z.string().nullable().describe("The corrected invoice's external id (a credit note)."),
  pdf_bytes: z.number().int().nullable().describe('The size of the stored PDF; null for none.'),
  created_at: z.string(),
  updated_at: z.string().describe('When it last changed (a repeated identical PUT changes nothing).'),
});
export type FinanceDocumentAnswer = z.infer<typeof financeDocumentAnswer>;

/** The path's external id: the ERP's own key of the document. */
export const externalIdParam = singleLineText(MAX_KEY_LENGTH);
