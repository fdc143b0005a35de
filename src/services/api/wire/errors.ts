import * as z from 'zod/mini';
import { errorReportLimits } from './error-report-limits';
import { multiLine, singleLine } from './primitives';

export { errorReportLimits };

/**
 * Body of POST /errors/ (spec point 8: "the error is reported to an error-reporting service"):
 * which machine failed (`source`), the error's message, and when it was a call, its HTTP status and
 * `METHOD path`; `url` is the page the customer was on. Unknown fields are refused. The answer is
 * 202 with no body.
 */
export const errorReportWire = z.strictObject({
  source: z.string().check(z.minLength(1), z.maxLength(errorReportLimits.source), singleLine()),
  message: z.string().check(z.minLength(1), z.maxLength(errorReportLimits.message), multiLine()),
  status: z.optional(z.int().check(z.gte(100), z.lte(599))),
  call: z.optional(z.string().check(z.maxLength(errorReportLimits.call), singleLine())),
  url: z.optional(z.string().check(z.maxLength(errorReportLimits.url), singleLine())),
});

export type ErrorReportWire = z.infer<typeof errorReportWire>;
