// Edges: text in, text out.

const arabicIndicZero = 0x0660;
const extendedArabicIndicZero = 0x06f0;

/**
 * Arabic-Indic (٠-٩) and extended Arabic-Indic (۰-۹) digits to 0-9, so a customer typing on an Arabic or
 * Persian keyboard can enter quantities and codes; every other character is left as it is.
 */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= extendedArabicIndicZero ? extendedArabicIndicZero : arabicIndicZero;
    return String(code - zero);
  });
}
