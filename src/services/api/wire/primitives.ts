import * as z from 'zod/mini';

/** Money and decimal quantities travel as strings so no float ever touches them. */
export const decimalString = z
  .string()
  .check(z.regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number as text'));
/**
 * An id in an answer. Loose on purpose: some answers carry id 0 (an order preview's operator before
 * one is assigned) and what a supplier's server numbers is its business.
 */
export const id = z.int().check(z.nonnegative());
export const isoDate = z.iso.date();
/**
 * A moment in an answer, with or without an offset: a backend that sends none means UTC (a browser
 * would read it as local time). Read as the text with an offset ('Z' added where there was none, and
 * the seconds where they were left out), so domain code sees one form and `new Date` reads it alike.
 */
export const isoDateTime = z.pipe(
  z.iso.datetime({ offset: true, local: true }),
  z.transform((text: string) => {
    if (/(?:Z|[+-]\d{2}:\d{2})$/.test(text)) return text;
    return /T\d{2}:\d{2}$/.test(text) ? `${text}:00Z` : `${text}Z`;
  }),
);
/**
 * A campaign's start or end. Spec point 3 calls them dates, so a backend may send the day alone: it
 * is read as that day's first (start) or last (end) moment in UTC, in the form of `isoDateTime`.
 */
export const campaignEdge = (edge: 'start' | 'end') =>
  z.union([
    isoDateTime,
    z.pipe(
      isoDate,
      z.transform((day: string) => `${day}T${edge === 'start' ? '00:00:00' : '23:59:59'}Z`),
    ),
  ]);
export const namedRef = z.object({ id, name: z.string() });

/** The largest id a request may name: PostgreSQL's `integer` (SQLite would take more, so both refuse alike). */
export const MAX_ID = 2_147_483_647;

/** A whole number from 1 to MAX_ID: what a request body may carry where the server stores an integer. */
const positiveInt32 = z
  .int(`Expected a whole number from 1 to ${MAX_ID}.`)
  .check(
    z.gte(1, `Expected a whole number from 1 to ${MAX_ID}.`),
    z.lte(MAX_ID, `Expected a whole number from 1 to ${MAX_ID}.`),
  );

/**
 * An id a request names (product, unit, campaign, address, language, cart line…). Kept apart from
 * `id` so answers stay parseable while requests are bounded: out of range is a 400 on both engines,
 * not a PostgreSQL overflow.
 */
export const idRef = positiveInt32;

// \p{Cc}: C0 controls (NUL included), DEL and C1 controls. PostgreSQL refuses NUL in text outright;
// the others are never typed by a person and only confuse logs, mails and CSV exports.
const SINGLE_LINE = /^\P{Cc}*$/u;
const MULTI_LINE = /^(?:\P{Cc}|[\t\n\r])*$/u;
const NO_NUL = /^[^\0]*$/;

export const SINGLE_LINE_MESSAGE = 'Control characters (such as NUL or a line break) are not allowed.';
export const MULTI_LINE_MESSAGE =
  'Control characters (such as NUL) are not allowed; line breaks and tabs are.';

/** Check for a one-line text of a request (names, codes, usernames, e-mails): no control character. */
export const singleLine = () => z.regex(SINGLE_LINE, SINGLE_LINE_MESSAGE);
/** Check for a multi-line text of a request (notes, instructions, messages): \t, \n and \r only. */
export const multiLine = () => z.regex(MULTI_LINE, MULTI_LINE_MESSAGE);
/**
 * Check for a password being verified (sign-in, the current password): only NUL is refused, so a
 * password set before control characters were refused still signs in.
 */
export const noNul = () => z.regex(NO_NUL, 'The NUL character is not allowed.');

/** A one-line request text of at most `max` characters. */
export const lineText = (max: number) => z.string().check(singleLine(), z.maxLength(max));

/**
 * Money or a quantity in an answer: a decimal string, or a JSON number whose String() is a plain
 * decimal (12.5; not 1e21, whose text is not). Read as the decimal string, so no float reaches a sum.
 * A backend's JSON numbers lose trailing zeros (12.50 arrives as 12.5), which reads the same.
 */
export const decimalAnswer = z.pipe(
  z.union([z.string(), z.number()], 'expected a decimal number, as text or as a number'),
  z.pipe(
    z.transform((value: string | number) => (typeof value === 'number' ? String(value) : value)),
    decimalString,
  ),
);

/**
 * A quantity in a request: a decimal string as the client sends it, or a JSON number whose String()
 * is a plain decimal (3, 2.5; not 1e21 or 1e-7, whose text is not). Parses to the decimal string, so
 * the server reads one type and never computes with the float.
 */
export const quantityInput = z.pipe(
  z.union([z.string(), z.number()], 'Expected a decimal number, as text ("2.5") or a number (2.5).'),
  z.pipe(
    z.transform((value: string | number) => (typeof value === 'number' ? String(value) : value)),
    z
      .string()
      .check(
        z.regex(/^-?\d+(\.\d+)?$/, 'Expected a plain decimal number, as text ("2.5") or a number (2.5).'),
      ),
  ),
);
