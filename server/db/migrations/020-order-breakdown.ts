import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

const breakdownColumns = [
  'subtotal',
  'discount_amount',
  'tax',
  'deposit_total',
  'total_without_tax',
] as const;

/**
 * The order's cart figures (spec point 3: subtotal, discount, taxes, deposit total), stored when
 * the order is placed: the lines keep only net amount and tax, and prices change later, so they
 * cannot be worked out again. Nullable because orders placed before this migration have none.
 */
export function orderBreakdown(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of breakdownColumns)
        await db.schema.alterTable('orders').addColumn(column, types.money).execute();
    },

    async down(db: Kysely<unknown>) {
      for (const column of [...breakdownColumns].reverse())
        await db.schema.alterTable('orders').dropColumn(column).execute();
    },
  };
}
