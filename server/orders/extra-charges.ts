import type Decimal from 'decimal.js';
import { ExactDecimal } from '../../src/domain/decimal';

export interface ExtraCharge {
  name: string;
  amount: string;
}

/**
 * The demo supplier's charges per suborder (the same rules the seeded order history follows):
 * a delivery fee when a warehouse's goods come to less than the threshold, and a surcharge for
 * warehouses that ship chilled goods. Charges are flat gross amounts, added after tax.
 */
export const SMALL_ORDER_FEE = { name: 'Delivery fee', amount: '9.90', below: '250.00' } as const;

/** keyed by warehouse id: Hamburg Cold Store ships in refrigerated vans */
export const WAREHOUSE_SURCHARGES: Readonly<Record<number, ExtraCharge>> = {
  2: { name: 'Cold chain surcharge', amount: '4.50' },
};

export function extraChargesFor(warehouseId: number, goodsTotal: Decimal): ExtraCharge[] {
  const charges: ExtraCharge[] = [];
  if (goodsTotal.lessThan(new ExactDecimal(SMALL_ORDER_FEE.below)))
    charges.push({ name: SMALL_ORDER_FEE.name, amount: SMALL_ORDER_FEE.amount });
  const surcharge = WAREHOUSE_SURCHARGES[warehouseId];
  if (surcharge) charges.push({ ...surcharge });
  return charges;
}
