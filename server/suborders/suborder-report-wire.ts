import * as z from 'zod/mini';
import { suborderLifeStates } from '../../src/machines/orders/suborder-life';
import { idRef, isoDateTime, lineText, quantityInput } from '../../src/services/api/wire/primitives';

/**
 * What the ERP sends to `POST /suborders/{reference}/events`, one shape per report type. Each shape
 * is strict: a field that belongs to another type (lines with "shipped", an ETA with "confirmed") is
 * refused by name rather than dropped unseen.
 */

/** A report is a few lines; a delivery of a thousand lines with substitutes stays far below this. */
export const MAX_REPORT_BYTES = 1024 * 1024;

/** a quantity as order lines store it: up to 3 places, below 10^11 (numeric(14, 3)) */
const QUANTITY = /^\d{1,11}(\.\d{1,3})?$/;
const quantity = (what: string) =>
  z.pipe(
    quantityInput,
    z.string().check(z.regex(QUANTITY, `Expected ${what}: a decimal of at most 3 places, not negative.`)),
  );

const reportId = z
  .string()
  .check(z.trim(), z.minLength(1, 'Expected a non-empty id.'), z.maxLength(200), z.regex(/^\P{Cc}*$/u));

const common = {
  id: z.optional(reportId),
  occurred_at: z.optional(isoDateTime),
};
const erpNumber = z.optional(lineText(200).check(z.trim(), z.minLength(1, 'Expected a non-empty number.')));

const substitute = z.strictObject({
  product: lineText(200).check(z.trim(), z.minLength(1, 'Expected an external id or a stock code.')),
  quantity: quantity('the quantity sent'),
  /** a unit of the substitute product; its primary unit when left out */
  unit: z.optional(
    z.union([idRef, z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,8}$/)), z.transform(Number))]),
  ),
});

const deliveredLine = z.strictObject({
  line_id: idRef,
  delivered_quantity: quantity('the quantity delivered'),
  substitute: z.optional(substitute),
});

export const suborderReportBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('received'), ...common, external_id: erpNumber }),
  z.strictObject({ type: z.literal('confirmed'), ...common, external_id: erpNumber }),
  z.strictObject({ type: z.literal('picking'), ...common }),
  z.strictObject({
    type: z.literal('shipped'),
    ...common,
    eta: isoDateTime,
    delivery_note_number: lineText(100).check(z.trim(), z.minLength(1, 'Expected the delivery note number.')),
  }),
  z.strictObject({
    type: z.literal('delivered'),
    ...common,
    lines: z.optional(
      z.array(deliveredLine).check(
        z.maxLength(2000),
        z.refine(
          (lines) => new Set(lines.map((line) => line.line_id)).size === lines.length,
          'Each line may be named once.',
        ),
      ),
    ),
  }),
  z.strictObject({
    type: z.literal('invoiced'),
    ...common,
    document: z.optional(lineText(200).check(z.trim(), z.minLength(1))),
  }),
  z.strictObject({ type: z.literal('cancelled'), ...common, reason: z.optional(lineText(500)) }),
]);
export type SuborderReport = z.infer<typeof suborderReportBody>;
export type DeliveredLineReport = z.infer<typeof deliveredLine>;

const state = z.enum(suborderLifeStates);

/** The answer to a report (201 applied, 200 the same report id again). */
export const suborderReportAnswer = z.object({
  reference: z.string(),
  state,
  previous_state: z.string(),
  event: z.object({ id: z.number(), type: z.string(), state, occurred_at: z.string() }),
});
export type SuborderReportAnswer = z.infer<typeof suborderReportAnswer>;

/** The 409 of a report the suborder's state does not allow. */
export const illegalTransitionAnswer = z.object({
  detail: z.string(),
  code: z.literal('illegal_transition'),
  current_state: z.string(),
});
