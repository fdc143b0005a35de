import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { chunked } from './catalogue-snapshot';

export interface AssignedWarehouse {
  warehouse: { id: number; name: string };
  operator: { id: number; name: string; phone: string };
}

/**
 * Each warehouse's suborder goes to the operator of that warehouse with the fewest suborders not
 * yet delivered (the lowest id on a tie), so new orders spread over the team. The numbers come from
 * operator_open_work (migration 150): one row per operator, however long the order history.
 */
export async function assignOperators(
  db: Kysely<Database>,
  warehouseIds: readonly number[],
): Promise<Map<number, AssignedWarehouse>> {
  const assigned = new Map<number, AssignedWarehouse>();
  for (const chunk of chunked([...new Set(warehouseIds)])) {
    const rows = await db
      .selectFrom('operators as o')
      .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
      .leftJoin('operator_open_work as work', 'work.operator_id', 'o.id')
      .select([
        'o.id',
        'o.name',
        'o.phone',
        'w.id as warehouse_id',
        'w.name as warehouse_name',
        'work.open_suborders',
      ])
      .where('o.warehouse_id', 'in', chunk)
      .execute();
    rows.sort((a, b) => (a.open_suborders ?? 0) - (b.open_suborders ?? 0) || a.id - b.id);
    for (const row of rows) {
      if (assigned.has(row.warehouse_id)) continue;
      assigned.set(row.warehouse_id, {
        warehouse: { id: row.warehouse_id, name: row.warehouse_name },
        operator: { id: row.id, name: row.name, phone: row.phone },
      });
    }
  }
  for (const warehouseId of warehouseIds) {
    if (!assigned.has(warehouseId))
      throw new ApiError(409, {
        detail: `No operator serves warehouse ${warehouseId}; the order cannot be placed now.`,
        code: 'warehouse_unavailable',
      });
  }
  return assigned;
}
