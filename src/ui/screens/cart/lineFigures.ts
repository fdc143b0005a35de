import { cartLineAmount } from '../../../domain/cart-totals';
import type { QuantityMax } from '../../../domain/quantity';
import type { CampaignProduct, Product, Unit } from '../../../domain/types';
import { maxQuantityInUnit, orderableUnits, unitMultiplier } from '../../../domain/units';

export interface LineFigures {
  units: Unit[];
  /** the most the customer may order in the shown unit (stock is counted in the primary unit) */
  max: QuantityMax;
  /** quantity × unit multiplier × display price, a decimal string */
  amount: string;
}

/**
 * What a cart line shows beside the customer's quantity and unit, from the domain rules. Null while
 * the units are unknown or the product's unit chain is broken (spec point 5's conversion errors).
 */
export function lineFigures(
  product: Product | CampaignProduct,
  quantity: number,
  unit: number,
  units: readonly Unit[] | null,
): LineFigures | null {
  if (!units) return null;
  try {
    const multiplier = unitMultiplier(product, unit, units);
    return {
      units: orderableUnits(product, units),
      max: maxQuantityInUnit(product, unit, units),
      amount: cartLineAmount({ product, quantity: String(quantity), unitMultiplier: multiplier }).toFixed(),
    };
  } catch {
    return null;
  }
}
