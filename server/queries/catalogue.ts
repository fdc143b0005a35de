import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueLanguage } from '../i18n/request-language';
import { companyValue } from './companies';
import { byName, translateRows } from './translations';

/**
 * The brands sorted by name for the language, then by id. Sorted in JS (byName), like the
 * categories: the engines' ORDER BY on text differ.
 */
export async function brandsByName(db: Kysely<Database>, language: CatalogueLanguage) {
  const brands = await db.selectFrom('brands').select(['id', 'name']).orderBy('id').execute();
  return brands.sort(byName(language));
}

/** Every unit by id, names in the language (English when missing). */
export async function translatedUnits(db: Kysely<Database>, language: CatalogueLanguage) {
  const units = await db.selectFrom('units').selectAll().orderBy('id').execute();
  return translateRows(db, 'unit', units, ['name', 'name_plural'], language);
}

/** The currency symbol the company's prices are shown with. */
export function companyCurrencySymbol(db: Kysely<Database>, companyId: number): Promise<string> {
  return companyValue(db, companyId, 'currency_symbol');
}
