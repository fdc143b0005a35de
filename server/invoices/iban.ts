/** An IBAN as it is stored and sent: no spaces, capitals ("DE34200505501234567890"). */
export const electronicIban = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** An IBAN as it is printed: groups of four ("DE34 2005 0550 1234 5678 90"). */
export const printedIban = (iban: string) => electronicIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/**
 * ISO 13616: the country and check digits moved to the end, letters as numbers (A = 10 … Z = 35),
 * the whole leaves 1 when divided by 97. Computed a few digits at a time, as the number is longer
 * than a double holds.
 */
export function isValidIban(text: string): boolean {
  const iban = electronicIban(text);
  if (!IBAN_SHAPE.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optionally a branch (3). */
export const isValidBic = (bic: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);
