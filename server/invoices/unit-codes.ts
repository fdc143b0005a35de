import type { Invoice } from '@e-invoice-eu/core';

export type UnitCode = NonNullable<
  Invoice['ubl:Invoice']['cac:InvoiceLine'][number]['cbc:InvoicedQuantity@unitCode']
>;

/** Rec 20 / Rec 21 codes of the portal's units (units.name, singular or plural); C62 ("one") otherwise. */
const UNIT_CODES: Record<string, UnitCode> = {
  piece: 'H87',
  bottle: 'XBO',
  box: 'XBX',
  crate: 'XCR',
  pallet: 'XPX',
  case: 'XCS',
  can: 'XCA',
  bag: 'XBG',
  sack: 'XSA',
  carton: 'XCT',
  pack: 'XPK',
  jar: 'XJR',
  tray: 'XPU',
  bucket: 'XBJ',
  kg: 'KGM',
  kilogram: 'KGM',
  g: 'GRM',
  gram: 'GRM',
  l: 'LTR',
  litre: 'LTR',
  liter: 'LTR',
};
const PLURALS: Record<string, string> = {
  pieces: 'piece',
  boxes: 'box',
  kilograms: 'kilogram',
  grams: 'gram',
};

/**
 * The UN/ECE Rec 20 (or Rec 21 package) code of a unit by its name in units.name, the supplier's own
 * (English) name: read when an invoice is issued, before the name is translated for the buyer.
 */
export function unitCodeOf(unit: string): UnitCode {
  const name = unit.trim().toLowerCase();
  const singular = PLURALS[name] ?? (name.endsWith('s') ? name.slice(0, -1) : name);
  return UNIT_CODES[name] ?? UNIT_CODES[singular] ?? 'C62';
}
