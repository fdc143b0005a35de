import { z } from 'zod';
import { suborderLifeStates } from '../../src/machines/orders/suborder-life';
import type { OpenApiParts } from '../integration/openapi-parts';
import {
  illegalTransitionAnswer,
  MAX_REPORT_BYTES,
  suborderReportAnswer,
  suborderReportBody,
} from './suborder-report-wire';

/** This part's paths in the integration API's OpenAPI document. */
export function registerSuborderPaths(parts: OpenApiParts) {
  const { registry, security, unauthorized, forbidden, throttled, failure, component } = parts;
  const Report = component('SuborderReport', suborderReportBody, 'input');
  const Answer = component('SuborderReportAnswer', suborderReportAnswer, 'output');
  const Illegal = component('IllegalTransition', illegalTransitionAnswer, 'output');

  registry.registerPath({
    method: 'post',
    path: '/suborders/{reference}/events',
    summary: 'Report what happened to a suborder',
    description: [
      `The suborder moves through ${suborderLifeStates.map((state) => `\`${state}\``).join(', ')}`,
      '(`processing`: placed, not yet reported). Each report is checked against that chart: received or',
      'confirmed from processing, confirmed from received, picking or shipped from confirmed, shipped from',
      'picking, shipped again (a new ETA) or delivered from shipped, invoiced from delivered; cancelled',
      'until it ships. Any other report answers 409 `illegal_transition` naming the current state.',
      '`shipped` needs `eta` and `delivery_note_number`; `delivered` may name `lines` that did not arrive',
      'in full (a line not named arrived in full), each with what arrived and any substitute (a product',
      'by external id or stock code, a quantity, a unit id; the smallest unit of the product when left',
      'out). Give each report your own `id`: the same id again answers 200 with the first answer and',
      'changes nothing, so a report can be retried safely. The buyer is notified of each change; when',
      'every suborder of the order is delivered, invoiced or cancelled, the order is finalized.',
      `A body is at most ${MAX_REPORT_BYTES / 1024 / 1024} MB. Scope \`suborders:write\`.`,
    ].join(' '),
    security,
    request: {
      params: z.object({
        reference: z
          .string()
          .describe(
            'The suborder: `SO-<id>` as the order events name it, or your own number once a received or confirmed report gave it (`external_id`).',
          ),
      }),
      body: { required: true, content: { 'application/json': { schema: Report } } },
    },
    responses: {
      201: {
        description: 'The report, applied: the state before and after, and the stored event.',
        content: { 'application/json': { schema: Answer } },
      },
      200: {
        description: 'A report id seen before: the answer it got then; nothing changed.',
        content: { 'application/json': { schema: Answer } },
      },
      400: failure(
        'A body that does not fit (`invalid`, with `errors` per field, e.g. `lines.0.delivered_quantity`; `malformed_json`).',
      ),
      401: unauthorized,
      403: forbidden,
      404: failure('No suborder has this reference (`not_found`).'),
      409: {
        description: 'The suborder’s state does not allow this report (`illegal_transition`).',
        content: { 'application/json': { schema: Illegal } },
      },
      413: failure('The body is too large (`payload_too_large`).'),
      429: throttled,
    },
  });
}
