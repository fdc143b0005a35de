import * as z from 'zod/mini';

/** The longest text of each field the server stores; the client cuts to these before sending. */
export const errorReportLimits = { source: 64, message: 2000, call: 200, url: 500 } as const;

/**
 * Body of POST /errors/ (spec point 8: "the error is reported to an error-reporting service"):
 * which machine failed (`source`), the error's message, and when it was a call, its HTTP status and
 * `METHOD path`; `url` is the page the customer was on. Unknown fields are refused. The answer is
 * 202 with no body.
 */
export const errorReportWire = z.strictObject({
  source: z.string().check(z.minLength(1), z.maxLength(errorReportLimits.source)),
  message: z.string().check(z.minLength(1), z.maxLength(errorReportLimits.message)),
  status: z.optional(z.int().check(z.gte(100), z.lte(599))),
  call: z.optional(z.string().check(z.maxLength(errorReportLimits.call))),
  url: z.optional(z.string().check(z.maxLength(errorReportLimits.url))),
});

export type ErrorReportWire = z.infer<typeof errorReportWire>;
