import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { catalogueLanguages } from '../../server/i18n/request-language';
import { seedDatabase } from '../../server/seed';
import { categorySources } from '../../server/seed/catalogue-source';
import { buildAnnouncements, buildNotifications } from '../../server/seed/messages';
import {
  announcementTexts,
  categoryTexts,
  notificationTexts,
  unitTexts,
} from '../../server/seed/translations';
import { unitRows } from '../../server/seed/units';

let database: ScratchDatabase;
beforeAll(async () => {
  database = await createScratchDatabase();
  await seedDatabase(database.db, database.dialect);
});
afterAll(() => database.drop());

const now = new Date();
const arabicScript = /[\u0600-\u06FF]/;
/** Texts that may read the same as English in a language (loanwords, names); none so far. */
const sameAsEnglishAllowed = new Set<string>([]);

type Entity = Record<string, string | number>;
const sources: {
  kind: string;
  entities: Entity[];
  texts: Record<number, Record<string, Record<string, string>>>;
}[] = [
  { kind: 'category', entities: categorySources.map(({ id, name }) => ({ id, name })), texts: categoryTexts },
  { kind: 'unit', entities: unitRows as Entity[], texts: unitTexts },
  { kind: 'notification', entities: buildNotifications(now) as Entity[], texts: notificationTexts },
  {
    kind: 'announcement',
    entities: buildAnnouncements(now).announcements as Entity[],
    texts: announcementTexts,
  },
];

describe('seeded catalogue texts', () => {
  describe.each(sources)('every $kind', ({ kind, entities, texts }) => {
    it('has texts in all nine languages, English equal to its own columns', () => {
      expect(Object.keys(texts).map(Number).sort()).toEqual(entities.map((e) => Number(e.id)).sort());
      for (const entity of entities) {
        const entityTexts = texts[Number(entity.id)] ?? {};
        expect(Object.keys(entityTexts).sort()).toEqual([...catalogueLanguages].sort());
        for (const [field, english] of Object.entries(entityTexts.en ?? {}))
          expect(entity[field]).toBe(english);
        for (const language of catalogueLanguages)
          for (const text of Object.values(entityTexts[language] ?? {})) expect(text.trim()).not.toBe('');
      }
    });

    it('is really translated: not English, and Arabic in Arabic script', () => {
      const untranslated: string[] = [];
      for (const [id, entityTexts] of Object.entries(texts)) {
        for (const language of catalogueLanguages.filter((l) => l !== 'en')) {
          for (const [field, text] of Object.entries(entityTexts[language] ?? {})) {
            const key = `${kind}.${id}.${field}.${language}`;
            if (text === entityTexts.en?.[field] && !sameAsEnglishAllowed.has(key)) untranslated.push(key);
            if (language === 'ar') expect(text, key).toMatch(arabicScript);
          }
        }
      }
      expect(untranslated).toEqual([]);
    });
  });

  it('are stored for every entity in all nine languages', async () => {
    const db = database.db;
    const counts = async (table: string, key: string) => {
      const rows = await db
        .selectFrom(table as 'category_translations')
        .select([key as 'category_id', 'language'])
        .execute();
      const languagesOf = new Map<number, Set<string>>();
      for (const row of rows as unknown as Record<string, number | string>[]) {
        const id = Number(row[key]);
        const set = languagesOf.get(id) ?? new Set();
        set.add(String(row.language));
        languagesOf.set(id, set);
      }
      return [...languagesOf.values()].map((set) => set.size);
    };
    expect(await counts('category_translations', 'category_id')).toEqual(categorySources.map(() => 9));
    expect(await counts('unit_translations', 'unit_id')).toEqual(unitRows.map(() => 9));
    expect(await counts('notification_translations', 'notification_id')).toEqual(
      buildNotifications(now).map(() => 9),
    );
    expect(await counts('announcement_translations', 'announcement_id')).toEqual(
      buildAnnouncements(now).announcements.map(() => 9),
    );
  });
});

describe('a database seeded before the translations', () => {
  const translationTables = [
    'category_translations',
    'unit_translations',
    'notification_translations',
    'announcement_translations',
  ] as const;
  const rowCount = async () => {
    let total = 0;
    for (const table of translationTables) {
      const { n } = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      total += Number(n);
    }
    return total;
  };

  it('gets them on the next start, once, and only for entities that are still the seeded ones', async () => {
    const db = database.db;
    const full = await rowCount();
    // As before migration 030: no translations, two notifications in Turkish and German, and
    // one category an administrator has renamed since.
    for (const table of translationTables) await db.deleteFrom(table).execute();
    await db
      .updateTable('notifications')
      .set({ name: 'Siparişiniz hazırlanıyor' })
      .where('id', '=', 6)
      .execute();
    await db.updateTable('notifications').set({ name: 'Willkommen!' }).where('id', '=', 7).execute();
    await db.updateTable('categories').set({ name: 'Kitchen Equipment' }).where('id', '=', 13).execute();

    const result = await seedDatabase(db, database.dialect);
    expect(result.seeded).toBe(false);
    expect(await rowCount()).toBe(full - 9);
    const welcome = await db
      .selectFrom('notification_translations')
      .select(['language', 'name'])
      .where('notification_id', '=', 7)
      .execute();
    expect(welcome).toHaveLength(9);
    expect(welcome.find((row) => row.language === 'en')?.name).toBe('Welcome!');
    const renamed = await db
      .selectFrom('category_translations')
      .select('language')
      .where('category_id', '=', 13)
      .execute();
    expect(renamed).toEqual([]);

    await seedDatabase(db, database.dialect);
    expect(await rowCount()).toBe(full - 9);
  });
});
