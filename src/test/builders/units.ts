import type { Unit } from '../../domain/types';

/** The three units of the reference catalogue: a box holds pieces, a pallet holds boxes. */
export const piece: Unit = { id: 1, base: null, name: 'piece', namePlural: 'pieces', isPrimary: true };
export const box: Unit = { id: 2, base: 1, name: 'box', namePlural: 'boxes', isPrimary: false };
export const pallet: Unit = { id: 3, base: 2, name: 'pallet', namePlural: 'pallets', isPrimary: false };
export const units: Unit[] = [piece, box, pallet];

export function aUnit(overrides: Partial<Unit> = {}): Unit {
  return { ...piece, ...overrides };
}
