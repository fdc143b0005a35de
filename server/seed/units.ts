import type { Insertable } from 'kysely';
import type { UnitsTable } from '../db/schema';

/** Two chains: piece → box → pallet for goods, bottle → crate → pallet for drinks. */
export const unitIds = {
  piece: 1,
  box: 2,
  palletOfBoxes: 3,
  bottle: 4,
  crate: 5,
  palletOfCrates: 6,
} as const;

export const unitRows: Insertable<UnitsTable>[] = [
  { id: unitIds.piece, base_id: null, name: 'piece', name_plural: 'pieces', is_primary: 1 },
  { id: unitIds.box, base_id: unitIds.piece, name: 'box', name_plural: 'boxes', is_primary: 0 },
  { id: unitIds.palletOfBoxes, base_id: unitIds.box, name: 'pallet', name_plural: 'pallets', is_primary: 0 },
  { id: unitIds.bottle, base_id: null, name: 'bottle', name_plural: 'bottles', is_primary: 1 },
  { id: unitIds.crate, base_id: unitIds.bottle, name: 'crate', name_plural: 'crates', is_primary: 0 },
  {
    id: unitIds.palletOfCrates,
    base_id: unitIds.crate,
    name: 'pallet',
    name_plural: 'pallets',
    is_primary: 0,
  },
];
