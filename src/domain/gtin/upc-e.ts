// UPC-E: a UPC-A with its zeros suppressed into eight digits (number system, six digits, check digit).

/**
 * The twelve-digit UPC-A a UPC-E stands for, or null when `code` is not eight digits with number system
 * 0 or 1. The check digit is carried over (UPC-E's check digit is the one of its UPC-A); the caller
 * checks it. The last of the six data digits says where the suppressed zeros go.
 */
export function expandUpcE(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const system = code.charAt(0);
  const [d1, d2, d3, d4, d5, d6] = [...code.slice(1, 7)];
  const check = code.charAt(7);
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return `${system}${body}${check}`;
}
