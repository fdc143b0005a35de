/**
 * The longest text of each error-report field the server stores; the client cuts to these before
 * sending. Kept apart from the schema so the login route gets the numbers without building the schema.
 */
export const errorReportLimits = { source: 64, message: 2000, call: 200, url: 500 } as const;
