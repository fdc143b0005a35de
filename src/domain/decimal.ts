// Edges: takes decimal strings or Decimal, returns Decimal; the one place where domain text becomes decimal.js.
import Decimal from 'decimal.js';

/**
 * A decimal.js constructor of our own, so that another module calling `Decimal.set` cannot change how
 * money is computed here. 50 significant digits keep every product of price × rate × quantity exact,
 * and the wide exponent limits keep `toString()` free of exponent notation (`1e-7`).
 */
export const ExactDecimal = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -50,
  toExpPos: 50,
});

/** The decimal.js value type, for code outside domain/ that holds a domain figure (it never imports decimal.js). */
export type { Decimal };

/** Plain numbers are left out on purpose: a float has already lost the cents before we see it. */
export type DecimalInput = string | Decimal;

const plainDecimalText = /^[+-]?\d+(\.\d+)?$/;

export class InvalidDecimalError extends Error {
  override readonly name = 'InvalidDecimalError';
  constructor(readonly input: string) {
    super(`not a decimal number: "${input}"`);
  }
}

/** Parses domain decimal text (`"12.50"`, `"-3"`) or copies a Decimal; rejects NaN, Infinity and junk. */
export function toDecimal(value: DecimalInput): Decimal {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!plainDecimalText.test(text)) throw new InvalidDecimalError(value);
    return new ExactDecimal(text);
  }
  if (!value.isFinite()) throw new InvalidDecimalError(value.toString());
  return new ExactDecimal(value);
}

/** Decimal text without exponent notation, exactly as precise as the value. */
export function toDecimalString(value: Decimal): string {
  return value.toFixed();
}
