import { clampQuantity, DEFAULT_QUANTITY, type QuantityMax } from '../../domain/quantity';
import type { CampaignProduct, Product, Unit } from '../../domain/types';
import { maxQuantityInUnit, orderableUnits, primaryUnitOf } from '../../domain/units';

export type DialogProduct = Product | CampaignProduct;

/** Spec point 4: the maximum is the stock converted to the selected unit. */
export const maxQuantityIn = (product: DialogProduct, unitId: number, units: readonly Unit[]): QuantityMax =>
  maxQuantityInUnit(product, unitId, units);

/** What opening the dialog on a product finds: units not there yet, a unit chain error, or a default line. */
export type DialogPreparation =
  | { kind: 'waitingForUnits' }
  | { kind: 'unitsFailed'; message: string }
  | { kind: 'ready'; unitId: number; quantity: number; max: QuantityMax };

/**
 * The default line of spec point 4: the product's primary unit and quantity 1, clamped to
 * the stock. Unit errors of spec point 5 (unit not found, a looping chain) are caught here
 * once, so every later computation on these units is known to succeed.
 */
export function prepareDialog(product: DialogProduct, units: readonly Unit[] | null): DialogPreparation {
  if (!units) return { kind: 'waitingForUnits' };
  try {
    const orderable = orderableUnits(product, units);
    const unit = primaryUnitOf(product, units) ?? orderable[0];
    if (!unit) return { kind: 'unitsFailed', message: `no unit for product ${product.id}` };
    const max = maxQuantityIn(product, unit.id, units);
    return { kind: 'ready', unitId: unit.id, quantity: clampQuantity(DEFAULT_QUANTITY, max), max };
  } catch (error) {
    return { kind: 'unitsFailed', message: error instanceof Error ? error.message : String(error) };
  }
}
