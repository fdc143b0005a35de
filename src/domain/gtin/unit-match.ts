// Which of a product's units a scanned GTIN names.

import { toGtin14 } from './check-digit';

/**
 * The unit whose GTIN is `gtin14` (a case code names the box, a piece code the piece), or null. Stored
 * codes may be written in 8, 12, 13 or 14 digits; both sides are compared as GTIN-14.
 */
export function unitForGtin(
  units: readonly { unit: number; gtin: string | null }[],
  gtin14: string,
): number | null {
  const wanted = toGtin14(gtin14);
  if (!wanted) return null;
  const match = units.find((unit) => unit.gtin !== null && toGtin14(unit.gtin.trim()) === wanted);
  return match ? match.unit : null;
}
