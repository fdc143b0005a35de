import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Order guides: a favourite list line may carry a par level (what should be on the shelf, in the
 * product's primary unit) and a shelf position (the order a stock-take walks the lines). Both are
 * nullable: a list without par levels is a plain favourite list, and one with any is an order guide.
 */
export function orderGuides(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('favourite_list_items').addColumn('par_level', types.quantity).execute();
      await db.schema.alterTable('favourite_list_items').addColumn('shelf_position', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('favourite_list_items').dropColumn('shelf_position').execute();
      await db.schema.alterTable('favourite_list_items').dropColumn('par_level').execute();
    },
  };
}
