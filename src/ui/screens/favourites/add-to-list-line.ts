import type { DecimalString, Unit } from '../../../domain/types';
import { orderableUnits, primaryUnitOf, type UnitProduct } from '../../../domain/units';

/** The quantity and unit a list keeps for a product. */
export interface PreferredLine {
  quantity: DecimalString;
  unit: number;
}

/**
 * What a menu opened outside the product dialog stores: 1 of the product's primary unit (the
 * dialog's default, spec point 4), or its first orderable unit; null while the units are unknown.
 */
export function defaultPreferredLine(
  product: UnitProduct,
  units: readonly Unit[] | null,
): PreferredLine | null {
  if (!units) return null;
  try {
    const unit = primaryUnitOf(product, units) ?? orderableUnits(product, units)[0];
    if (unit) return { quantity: '1', unit: unit.id };
  } catch {
    // a broken unit chain (spec point 5): fall back to the first unit the product names
  }
  const first = product.unitAmounts[0];
  return first ? { quantity: '1', unit: first.unit } : null;
}
