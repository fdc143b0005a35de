import type { Insertable } from 'kysely';
import type { OperatorsTable, WarehousesTable } from '../db/schema';
import { warehouseIds } from './products';

export const warehouseRows: Insertable<WarehousesTable>[] = [
  { id: warehouseIds.hamburgCentral, name: 'Hamburg Central' },
  { id: warehouseIds.hamburgColdStore, name: 'Hamburg Cold Store' },
  { id: warehouseIds.cologneDepot, name: 'Köln Depot' },
];

/**
 * Operators call the customer to arrange the delivery of their warehouse's suborder, and are mailed
 * when an order of theirs changes; the Köln depot's operator has no e-mail address and is not.
 */
export const operatorRows: OperatorsTable[] = [
  {
    id: 1,
    warehouse_id: warehouseIds.hamburgCentral,
    name: 'Katrin Vogel',
    phone: '+49 40 5550101',
    email: 'katrin.vogel@portal.example',
  },
  {
    id: 2,
    warehouse_id: warehouseIds.hamburgCentral,
    name: 'Emre Demir',
    phone: '+49 40 5550102',
    email: 'emre.demir@portal.example',
  },
  {
    id: 3,
    warehouse_id: warehouseIds.hamburgColdStore,
    name: 'Lukas Brandt',
    phone: '+49 40 5550201',
    email: 'lukas.brandt@portal.example',
  },
  {
    id: 4,
    warehouse_id: warehouseIds.cologneDepot,
    name: 'Sophie Lefèvre',
    phone: '+49 221 5550301',
    email: null,
  },
];
