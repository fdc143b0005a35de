import * as z from 'zod/mini';

/** Money and decimal quantities travel as strings so no float ever touches them. */
export const decimalString = z
  .string()
  .check(z.regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number as text'));
export const id = z.int().check(z.nonnegative());
export const isoDate = z.iso.date();
export const isoDateTime = z.iso.datetime({ offset: true });
export const namedRef = z.object({ id, name: z.string() });
