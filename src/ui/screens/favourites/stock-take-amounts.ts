import type { DecimalString, Product, Unit } from '../../../domain/types';
import { primaryUnitOf, unitDisplayName } from '../../../domain/units';
import { cartAmountText } from '../../components/cart-amount-text';

/** "10 pieces": a par level or count in the product's primary unit. */
export function primaryAmountText(product: Product, amount: DecimalString, units: Unit[], language: string) {
  const unit = primaryUnitOf(product, units);
  return unit ? `${amount} ${unitDisplayName(unit, amount, language)}` : amount;
}

/** The primary unit's plural name, for the "On hand" label. */
export function primaryUnitName(product: Product, units: Unit[], language: string) {
  const unit = primaryUnitOf(product, units);
  return unit ? unitDisplayName(unit, 2, language) : '';
}

/** "2 boxes": what to order, in the line's unit. */
export const orderAmountText = (quantity: DecimalString, unit: number, units: Unit[], language: string) =>
  cartAmountText({ quantity, unit }, units, language);
