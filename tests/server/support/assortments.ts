import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

let assortmentCount = 0;

/**
 * An assortment holding `productIds`, with `companyIds` in it, written directly as an import
 * would leave it; answers its id.
 */
export async function insertAssortment(
  db: Kysely<Database>,
  { productIds, companyIds }: { productIds: readonly number[]; companyIds: readonly number[] },
): Promise<number> {
  assortmentCount += 1;
  const { id } = await db
    .insertInto('assortments')
    .values({
      external_id: `test-assortment-${assortmentCount}-${Date.now()}`,
      name: 'Test assortment',
      retired_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (productIds.length)
    await db
      .insertInto('assortment_products')
      .values(productIds.map((product_id) => ({ assortment_id: id, product_id })))
      .execute();
  if (companyIds.length)
    await db
      .insertInto('company_assortments')
      .values(companyIds.map((company_id) => ({ company_id, assortment_id: id })))
      .execute();
  return id;
}

/** Takes a product out of an assortment, as a snapshot import that no longer names it does. */
export async function removeFromAssortment(db: Kysely<Database>, assortmentId: number, productId: number) {
  await db
    .deleteFrom('assortment_products')
    .where('assortment_id', '=', assortmentId)
    .where('product_id', '=', productId)
    .execute();
}

/** Retires a product (null: brings it back), as a products snapshot import does. */
export async function setRetired(db: Kysely<Database>, productId: number, at: string | null) {
  await db.updateTable('products').set({ retired_at: at }).where('id', '=', productId).execute();
}

/** The company of a seeded user. */
export async function companyOf(db: Kysely<Database>, username: string): Promise<number> {
  const { company_id } = await db
    .selectFrom('users')
    .select('company_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return company_id;
}
