import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/** One table per translated entity: foreign keys keep them consistent and delete with the entity. */
const translationTables = [
  { table: 'category_translations', key: 'category_id', entity: 'categories', texts: ['name'] },
  { table: 'unit_translations', key: 'unit_id', entity: 'units', texts: ['name', 'name_plural'] },
  {
    table: 'notification_translations',
    key: 'notification_id',
    entity: 'notifications',
    texts: ['name', 'description'],
  },
  {
    table: 'announcement_translations',
    key: 'announcement_id',
    entity: 'announcements',
    texts: ['name', 'description'],
  },
] as const;

/**
 * Catalogue texts in the customer's language: the names of categories and units and
 * the texts of notifications and announcements, one row per entity and language code. The
 * entity's own columns stay the English text that answers when a language or a text is missing.
 * The primary key (entity id, language) serves every lookup, by one entity or by a language.
 */
export function catalogueTranslations(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const { table, key, entity, texts } of translationTables) {
        let builder = db.schema
          .createTable(table)
          .addColumn(key, 'integer', (c) => c.notNull().references(`${entity}.id`).onDelete('cascade'))
          .addColumn('language', 'text', (c) => c.notNull().references('languages.code'));
        for (const text of texts) builder = builder.addColumn(text, 'text', (c) => c.notNull());
        await builder.addPrimaryKeyConstraint(`${table}_pk`, [key, 'language']).execute();
      }
    },

    async down(db: Kysely<unknown>) {
      for (const { table } of [...translationTables].reverse()) await db.schema.dropTable(table).execute();
    },
  };
}
