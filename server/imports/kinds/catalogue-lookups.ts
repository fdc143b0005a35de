import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { foldText } from '../../search/fold-text';

/** Names compared as a supplier's file may spell them: case and accents aside. */
export const nameMatchKey = (name: string) => foldText(name).replace(/\s+/g, ' ').trim();

export interface NamedRow {
  id: number;
  name: string;
}

/**
 * The small reference tables a product row names (brands, categories, warehouses, units): read whole
 * once per batch, a few dozen rows each.
 */
export interface CatalogueLookups {
  brands: Map<string, number>;
  categories: Map<string, number>;
  categoryIds: Set<number>;
  warehouses: Map<string, number>;
  warehouseIds: Set<number>;
  units: { id: number; baseId: number | null; names: Set<string> }[];
}

export async function readCatalogueLookups(trx: Transaction<Database>): Promise<CatalogueLookups> {
  const [brands, categories, categoryTranslations, warehouses, units, unitTranslations] = await Promise.all([
    trx.selectFrom('brands').select(['id', 'name']).execute(),
    trx.selectFrom('categories').select(['id', 'name']).execute(),
    trx.selectFrom('category_translations').select(['category_id', 'name']).execute(),
    trx.selectFrom('warehouses').select(['id', 'name']).execute(),
    trx.selectFrom('units').select(['id', 'base_id', 'name', 'name_plural']).execute(),
    trx.selectFrom('unit_translations').select(['unit_id', 'name', 'name_plural']).execute(),
  ]);
  const byName = (rows: readonly NamedRow[]) => {
    const map = new Map<string, number>();
    for (const row of rows) if (!map.has(nameMatchKey(row.name))) map.set(nameMatchKey(row.name), row.id);
    return map;
  };
  const categoryMap = byName(categories);
  // the English name first; a translated name only where no English name is the same
  for (const row of categoryTranslations) {
    const key = nameMatchKey(row.name);
    if (!categoryMap.has(key)) categoryMap.set(key, row.category_id);
  }
  return {
    brands: byName(brands),
    categories: categoryMap,
    categoryIds: new Set(categories.map((row) => row.id)),
    warehouses: byName(warehouses),
    warehouseIds: new Set(warehouses.map((row) => row.id)),
    units: units.map((unit) => ({
      id: unit.id,
      baseId: unit.base_id,
      names: new Set(
        [
          unit.name,
          unit.name_plural,
          ...unitTranslations
            .filter((translation) => translation.unit_id === unit.id)
            .flatMap((translation) => [translation.name, translation.name_plural]),
        ].map(nameMatchKey),
      ),
    })),
  };
}

/** A brand by name, created when new (brands have no generated id: the next free one is taken). */
export async function brandIdFor(
  trx: Transaction<Database>,
  lookups: CatalogueLookups,
  name: string,
): Promise<number> {
  const known = lookups.brands.get(nameMatchKey(name));
  if (known !== undefined) return known;
  await sql`insert into brands (id, name) select coalesce(max(id), 0) + 1, ${name} from brands`.execute(trx);
  const created = await trx
    .selectFrom('brands')
    .select('id')
    .where('name', '=', name)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  lookups.brands.set(nameMatchKey(name), created.id);
  return created.id;
}

/** A row's reference by id (digits) or by name; undefined when neither finds one. */
export function idByIdOrName(
  value: string,
  ids: ReadonlySet<number>,
  names: ReadonlyMap<string, number>,
): number | undefined {
  if (/^\d+$/.test(value) && ids.has(Number(value))) return Number(value);
  return names.get(nameMatchKey(value));
}

/**
 * Moves the catalogue's version on: products leaving or coming back (retired_at) and assortment
 * changes alter what the search answers, and migration 110's triggers watch neither.
 */
export async function bumpCatalogueVersion(trx: Transaction<Database>): Promise<void> {
  await sql`update catalogue_version set version = version + 1 where id = 1`.execute(trx);
}
