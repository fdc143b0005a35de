import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What a product's drawn image shows: its name, brand and category, and whether it is a drink. */
export async function productImageFacts(db: Kysely<Database>, productId: number) {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.name', 'p.deposit_price', 'b.name as brand', 'c.name as category'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  // a deposit is charged on drink containers only
  return (
    row && {
      name: row.name,
      brand: row.brand,
      category: row.category,
      isDrink: Number(row.deposit_price) > 0,
    }
  );
}

/** A brand's name; undefined when there is none. */
export async function brandName(db: Kysely<Database>, brandId: number) {
  const row = await db.selectFrom('brands').select('name').where('id', '=', brandId).executeTakeFirst();
  return row?.name;
}

/** A campaign's name and description, for its banner; undefined when there is none. */
export function campaignTexts(db: Kysely<Database>, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .select(['name', 'description'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
}
