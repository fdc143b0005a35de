// The GS1 check digit and the lengths a GTIN can be written in.

/** Lengths of the GTIN family: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14 (ITF-14, AI 01). */
export const gtinLengths = [8, 12, 13, 14] as const;

/**
 * The GS1 mod-10 check digit of a GTIN body (every digit but the check digit): weights 3, 1, 3, … from
 * the rightmost digit of the body, so the same digit comes out whatever the length the code is written in.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    if (digit < 0 || digit > 9) throw new RangeError(`GTIN body holds a non-digit: ${body}`);
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the last digit of an all-digit code is the check digit of the rest. */
export function hasValidCheckDigit(code: string): boolean {
  return /^\d{2,}$/.test(code) && gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/**
 * An EAN-13, EAN-8, UPC-A or GTIN-14 as the 14 digits of a GTIN-14 (leading zeros added), or null when it
 * is not all digits, has another length or a wrong check digit. Leading zeros do not change the check
 * digit, so a code written in 8, 12, 13 or 14 digits compares equal in this form.
 */
export function toGtin14(code: string): string | null {
  if (!/^\d+$/.test(code) || !(gtinLengths as readonly number[]).includes(code.length)) return null;
  return hasValidCheckDigit(code) ? code.padStart(14, '0') : null;
}

/**
 * Every way a GTIN-14 can be written: 14 digits, and 13, 12 and 8 when the digits left out are zeros.
 * A stored code written in any of them is found by comparing with these few strings (an index serves).
 */
export function gtinSpellings(gtin14: string): string[] {
  return [14, 13, 12, 8]
    .filter((length) => /^0*$/.test(gtin14.slice(0, 14 - length)))
    .map((length) => gtin14.slice(14 - length));
}
