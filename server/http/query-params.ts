import type { Context, MiddlewareHandler } from 'hono';
import { MAX_ID, SINGLE_LINE_MESSAGE } from '../../src/services/api/wire/primitives';
import { badRequest } from './api-error';

interface IntegerRule {
  min: number;
  /** at most MAX_ID whatever is asked: PostgreSQL's `integer` overflows above it (a 500, not a 400) */
  max?: number;
}

/**
 * Whole-number query parameters, all checked at once so one 400 names every bad parameter.
 * Absent parameters come back undefined.
 */
export function integerParams<Name extends string>(
  c: Context,
  rules: Record<Name, IntegerRule>,
): Partial<Record<Name, number>> {
  const values: Partial<Record<Name, number>> = {};
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(rules) as Name[]) {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') continue;
    const { min } = rules[name];
    const max = Math.min(rules[name].max ?? MAX_ID, MAX_ID);
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      errors[name] = [`Expected a whole number from ${min} to ${max}.`];
    } else values[name] = value;
  }
  if (Object.keys(errors).length) throw badRequest('Invalid query parameters.', errors);
  return values;
}

const CONTROL = /\p{Cc}/u;

/**
 * Refuses a request whose query parameters (names or decoded values) carry a control character,
 * NUL above all: PostgreSQL cannot hold one in text and answered 500 where SQLite answered. One 400
 * for every route, so no text parameter (`query`, a filter) ever reaches SQL with one.
 */
/**
 * Whether a raw query string could decode to a control character (\p{Cc}: U+0000-U+001F,
 * U+007F-U+009F): one written as it is, or percent-encoded (%00-%1F, %7F, and the C1 range as
 * UTF-8, %C2%80-%C2%9F). A query without any of these cannot hold one, so most requests skip
 * parsing the URL, a measurable cost under load; the others are checked exactly, decoded.
 */
const MAYBE_CONTROL = /\p{Cc}|%[01][0-9a-f]|%7f|%c2%[89][0-9a-f]/iu;

export const refuseControlCharactersInQuery: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const queryStart = url.indexOf('?');
  if (queryStart < 0 || !MAYBE_CONTROL.test(url.slice(queryStart + 1))) return next();
  const errors: Record<string, string[]> = {};
  const search = new URL(url).searchParams;
  for (const [name, value] of search) {
    if (CONTROL.test(name) || CONTROL.test(value))
      errors[CONTROL.test(name) ? 'non_field_errors' : name] = [SINGLE_LINE_MESSAGE];
  }
  if (Object.keys(errors).length) throw badRequest('Invalid query parameters.', errors);
  await next();
};
