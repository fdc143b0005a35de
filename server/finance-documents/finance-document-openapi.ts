import { z } from 'zod';
import type { OpenApiParts } from '../integration/openapi-parts';
import { financeDocumentAnswer, financeDocumentBody, MAX_PDF_BYTES } from './finance-document-wire';

/** This part's paths in the integration API's OpenAPI document. */
export function registerFinanceDocumentPaths(parts: OpenApiParts) {
  const { registry, security, unauthorized, forbidden, throttled, failure } = parts;
  const Body = parts.component('FinanceDocumentBody', financeDocumentBody, 'input');
  const Answer = parts.component('FinanceDocument', financeDocumentAnswer, 'output');
  const params = z.object({
    external_id: z.string().describe("The ERP's own key of the document (at most 200 characters)."),
  });
  const answer = (description: string) => ({
    description,
    content: { 'application/json': { schema: Answer } },
  });

  registry.registerPath({
    method: 'put',
    path: '/documents/{external_id}',
    summary: 'Send an invoice or credit note',
    description: [
      'Creates the document, or replaces the one sent before under this external id, with its links to the named orders.',
      'The buyer sees it in the portal: in the documents list (with its PDF) and in each linked order, with the amount, the open balance and the due date;',
      'the order\'s "View invoice" answers the PDF of the newest invoice linked to it.',
      'The same body again changes nothing (200, `updated_at` stays). A document keeps its kind.',
      `The PDF is optional (base64, at most ${MAX_PDF_BYTES / 1024 / 1024} MB decoded, the whole body at most 15 MB); left out, the stored PDF stays.`,
      'Money is decimal text (or a JSON number whose shortest text is the amount meant), at most two places; `gross_total` must be `net_total + tax_total`.',
      'Scope `documents:write`.',
    ].join(' '),
    security,
    request: {
      params,
      body: { required: true, content: { 'application/json': { schema: Body } } },
    },
    responses: {
      200: answer('The document as stored, updated or unchanged.'),
      201: answer('The document, created.'),
      400: failure(
        'A body that does not fit (`invalid`, `malformed_json`): `errors` names each refused field, e.g. an unknown `company`, `orders` of another company, a `gross_total` that is not the sum, an `open_balance` above it, a PDF that is not one.',
      ),
      401: unauthorized,
      403: forbidden,
      413: failure('The body is larger than 15 MB (`payload_too_large`).'),
      429: throttled,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/documents/{external_id}',
    summary: 'One document as stored',
    description: 'The PDF is not answered, only its size. Scope `documents:write`.',
    security,
    request: { params },
    responses: {
      200: answer('The document.'),
      401: unauthorized,
      403: forbidden,
      404: failure('No document has this external id (`not_found`).'),
      429: throttled,
    },
  });
}
