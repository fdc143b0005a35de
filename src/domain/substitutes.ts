import { toDecimal } from './decimal';
import type { CampaignProduct, DecimalString, Product, Unit } from './types';
import { unitMultiplier } from './units';

/** A line that wants more than is in stock: the primary units wanted and those in stock. */
export interface LineShortage {
  wanted: number;
  inStock: number;
  /** the most of the line's own unit the stock covers (0: not one): what "Keep the shortage" leaves */
  inStockOfUnit: number;
}

/**
 * Whether a line of `quantity` of `unitId` is out of stock or short, counted in the product's primary
 * unit as stock is; null when it is covered, or when the stock is withheld (a demo account).
 */
export function lineShortage(
  product: Product | CampaignProduct,
  quantity: DecimalString,
  unitId: number,
  units: readonly Unit[],
): LineShortage | null {
  if (product.quantityInStock === null) return null;
  let wanted: number;
  let multiplier: ReturnType<typeof unitMultiplier>;
  try {
    multiplier = unitMultiplier(product, unitId, units);
    wanted = toDecimal(quantity).times(multiplier).toNumber();
  } catch {
    return null;
  }
  const inStock = Math.max(0, Math.floor(product.quantityInStock));
  if (wanted <= inStock) return null;
  const inStockOfUnit = multiplier.gt(0)
    ? toDecimal(String(inStock)).dividedToIntegerBy(multiplier).toNumber()
    : 0;
  return { wanted, inStock, inStockOfUnit };
}
