import type { Unit } from '../../domain/types';
import { unitDisplayName } from '../../domain/units';

/** "4 crates": a cart quantity with its unit (by id) named in the right number; the figure alone when the unit is unknown. */
export function cartAmountText(
  amount: { quantity: string | number; unit: number },
  units: readonly Unit[] | null,
  language: string,
): string {
  const unit = units?.find((candidate) => candidate.id === amount.unit);
  return unit
    ? `${amount.quantity} ${unitDisplayName(unit, String(amount.quantity), language)}`
    : String(amount.quantity);
}

/** The unit's name in the number `quantity` asks for ("crates" for 2), or empty when it is unknown. */
export function unitNameFor(
  unitId: number,
  quantity: number,
  units: readonly Unit[] | null,
  language: string,
): string {
  const unit = units?.find((candidate) => candidate.id === unitId);
  return unit ? unitDisplayName(unit, quantity, language) : '';
}
