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
export const isoDateTime = z.iso.datetime({ offset: true });
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
