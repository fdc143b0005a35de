// Edges: takes a product's units and two amounts (decimal text or Decimal), returns Decimal figures and a unit id.
import type Decimal from 'decimal.js';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import type { Unit } from './types';
import { orderableUnits, primaryUnitOf, type UnitProduct, unitMultiplier } from './units';

/**
 * What putting many lines into the cart at once (quick order, a favourite list, reorder) does to a
 * product the cart already holds: add to its line's quantity, or replace the line.
 */
export type CartMode = 'add' | 'replace';

/** A quantity in one of the product's units. */
export interface LineAmount {
  quantity: DecimalInput;
  unit: number;
}

export interface SummedLine {
  /** the sum in `unit`: a whole number */
  quantity: Decimal;
  unit: number;
  /** the sum in primary units, what stock is counted in */
  pieces: Decimal;
  /** what the cart's line holds now, in primary units */
  inCartPieces: Decimal;
  /** primary units in one of the added amount's unit */
  addedMultiplier: Decimal;
}

/**
 * What a cart line holds once `added` is added to it. The cart keeps one line per product, so the
 * sum is counted in the line's own unit when it comes to whole units of it (3 boxes + 1 box = 4
 * boxes), else in the added unit (1 pallet + 1 box = 11 boxes), else in the primary unit, where any
 * sum is whole (1 pallet + 1 piece = 121 pieces). Null when either unit is not one the product is
 * sold in. The server stores the same sum the client previews.
 */
export function sumIntoLine(
  product: UnitProduct,
  units: readonly Unit[],
  inCart: LineAmount,
  added: LineAmount,
): SummedLine | null {
  const sold = orderableUnits(product, units);
  const multiplierOf = (unitId: number): Decimal | null => {
    if (!sold.some((unit) => unit.id === unitId)) return null;
    try {
      return unitMultiplier(product, unitId, units);
    } catch {
      return null;
    }
  };
  const inCartMultiplier = multiplierOf(inCart.unit);
  const addedMultiplier = multiplierOf(added.unit);
  if (!inCartMultiplier || !addedMultiplier) return null;
  const inCartPieces = toDecimal(inCart.quantity).times(inCartMultiplier);
  const pieces = inCartPieces.plus(toDecimal(added.quantity).times(addedMultiplier));
  const primary = primaryUnitOf(product, units);
  const candidates = [
    { unit: inCart.unit, multiplier: inCartMultiplier },
    { unit: added.unit, multiplier: addedMultiplier },
    ...(primary ? [{ unit: primary.id, multiplier: new ExactDecimal(1) }] : []),
  ];
  const chosen =
    candidates.find((candidate) => pieces.dividedBy(candidate.multiplier).isInteger()) ?? candidates[0]!;
  return {
    quantity: pieces.dividedBy(chosen.multiplier),
    unit: chosen.unit,
    pieces,
    inCartPieces,
    addedMultiplier,
  };
}

/** The most of the added unit that still fits in `stock` beside what the cart's line holds. */
export function roomBeside(stock: number, summed: SummedLine): number {
  const room = new ExactDecimal(Math.max(0, stock)).minus(summed.inCartPieces);
  return room.isNegative() ? 0 : room.dividedToIntegerBy(summed.addedMultiplier).toNumber();
}
