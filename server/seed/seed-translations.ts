import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { catalogueLanguages } from '../i18n/request-language';
import { announcementTexts, categoryTexts, notificationTexts, type Texts, unitTexts } from './translations';

type TranslatedEntity = 'categories' | 'units' | 'notifications' | 'announcements';

interface Target<Fields extends string> {
  entity: TranslatedEntity;
  table:
    | 'category_translations'
    | 'unit_translations'
    | 'notification_translations'
    | 'announcement_translations';
  key: 'category_id' | 'unit_id' | 'notification_id' | 'announcement_id';
  texts: Record<number, Texts<'name' | Fields>>;
}

/**
 * Writes the demo texts of translations.ts in all nine languages. Idempotent (an existing row is
 * kept), so it runs on every start and also fills a database seeded before migration 030. Only
 * an entity that is still the seeded one gets them: its id exists and its name is one of the
 * seeded names (a database seeded before had two notifications in Turkish and German), so
 * translations never land on a renamed or replaced entity.
 */
export async function seedCatalogueTranslations(db: Kysely<Database>): Promise<void> {
  await fill(db, {
    entity: 'categories',
    table: 'category_translations',
    key: 'category_id',
    texts: categoryTexts,
  });
  await fill(db, { entity: 'units', table: 'unit_translations', key: 'unit_id', texts: unitTexts });
  await fill(db, {
    entity: 'notifications',
    table: 'notification_translations',
    key: 'notification_id',
    texts: notificationTexts,
  });
  await fill(db, {
    entity: 'announcements',
    table: 'announcement_translations',
    key: 'announcement_id',
    texts: announcementTexts,
  });
}

async function fill<Fields extends string>(db: Kysely<Database>, target: Target<Fields>) {
  const ids = Object.keys(target.texts).map(Number);
  const existing = await db.selectFrom(target.entity).select(['id', 'name']).where('id', 'in', ids).execute();
  const rows = existing.flatMap(({ id, name }) => {
    const texts = target.texts[id];
    if (!texts) return [];
    const seededNames = new Set(catalogueLanguages.map((language) => texts[language].name));
    if (!seededNames.has(name)) return [];
    return catalogueLanguages.map((language) => ({
      [target.key]: id,
      language,
      ...texts[language],
    }));
  });
  if (rows.length === 0) return;
  // The table and its columns vary with the target; Kysely cannot type a union of insert shapes.
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto(target.table)
    .values(rows)
    .onConflict((conflict) => conflict.columns([target.key, 'language']).doNothing())
    .execute();
}
