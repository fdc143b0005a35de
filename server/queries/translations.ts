import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CategoryWire } from '../http/wire-answers';
import { type CatalogueLanguage, FALLBACK_LANGUAGE } from '../i18n/request-language';

/** Where each translated entity keeps its texts (migration 030). */
const translationTables = {
  category: { table: 'category_translations', key: 'category_id' },
  unit: { table: 'unit_translations', key: 'unit_id' },
  notification: { table: 'notification_translations', key: 'notification_id' },
  announcement: { table: 'announcement_translations', key: 'announcement_id' },
  document: { table: 'document_translations', key: 'document_id' },
} as const;

export type TranslatedKind = keyof typeof translationTables;

type TextRow = Record<string, string | number>;

/**
 * Replaces the texts `fields` of each row (an entity with its English columns) by the row's
 * texts in `language`. Per text, the first non-empty one wins: the language's, then English's,
 * then the entity's own column. One query for the whole list, by the primary key.
 */
export async function translateRows<Row extends { id: number }, Field extends keyof Row & string>(
  db: Kysely<Database>,
  kind: TranslatedKind,
  rows: readonly Row[],
  fields: readonly Field[],
  language: CatalogueLanguage,
): Promise<Row[]> {
  if (rows.length === 0) return [];
  const { table, key } = translationTables[kind];
  const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  // The table varies with the kind; every translation table has the key, language and text columns.
  const translations = (await (db as unknown as Kysely<Record<string, TextRow>>)
    .selectFrom(table)
    .select([key, 'language', ...fields])
    .where(
      key,
      'in',
      rows.map((row) => row.id),
    )
    .where('language', 'in', languages)
    .execute()) as TextRow[];
  const textsOf = new Map<string, TextRow>();
  for (const translation of translations)
    textsOf.set(`${translation[key]}:${translation.language}`, translation);
  return rows.map((row) => {
    const wanted = textsOf.get(`${row.id}:${language}`);
    const english = textsOf.get(`${row.id}:${FALLBACK_LANGUAGE}`);
    const translated = { ...row };
    for (const field of fields) {
      const text = [wanted?.[field], english?.[field]].find(
        (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
      );
      if (text !== undefined) (translated as Record<string, unknown>)[field] = text;
    }
    return translated;
  });
}

/** One row's texts in `language`, as `translateRows` gives them; undefined for no row. */
export async function translateRow<Row extends { id: number }, Field extends keyof Row & string>(
  db: Kysely<Database>,
  kind: TranslatedKind,
  row: Row | undefined,
  fields: readonly Field[],
  language: CatalogueLanguage,
): Promise<Row | undefined> {
  if (!row) return undefined;
  const [translated = row] = await translateRows(db, kind, [row], fields, language);
  return translated;
}

/** Orders names the way a reader of `language` expects (accents, case and script aside). */
export function nameCollator(language: CatalogueLanguage): Intl.Collator {
  return new Intl.Collator(language, { sensitivity: 'base', numeric: true });
}

/**
 * The one order of named lists (categories, brands): by name as a reader of `language` expects,
 * then by id. Compared here in JS, never by the database's ORDER BY on text, which is binary in
 * SQLite and follows the collation in PostgreSQL; so both engines answer the same order.
 */
export function byName(language: CatalogueLanguage): (a: Named, b: Named) => number {
  const collator = nameCollator(language);
  return (a, b) => collator.compare(a.name, b.name) || a.id - b.id;
}

type Named = { id: number; name: string };

/** Categories by their name in `language`, then by id: the same order on SQLite and PostgreSQL. */
export async function translatedCategories(
  db: Kysely<Database>,
  language: CatalogueLanguage,
): Promise<CategoryWire[]> {
  const categories = await db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
  const translated = await translateRows(db, 'category', categories, ['name'], language);
  return translated.sort(byName(language));
}
