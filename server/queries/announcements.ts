import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueLanguage } from '../i18n/request-language';
import { translateRow, translateRows } from './translations';

/** Announcements go to every customer; whether one was read is kept per user. */
function announcementsFor(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('announcement_reads as r', (join) =>
      join.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', userId),
    )
    .select(['a.id', 'a.name', 'a.description', 'a.type', 'a.created_at', 'r.read_at'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc');
}

export type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof announcementsFor>['execute']>>[number];

const TEXTS = ['name', 'description'] as const;

/** Every announcement, newest first, as the user sees it, in the language (English when missing). */
export async function userAnnouncements(db: Kysely<Database>, userId: number, language: CatalogueLanguage) {
  return translateRows(db, 'announcement', await announcementsFor(db, userId).execute(), TEXTS, language);
}

/** One announcement as the user sees it, in the language; undefined when there is none. */
export async function userAnnouncement(
  db: Kysely<Database>,
  userId: number,
  id: number,
  language: CatalogueLanguage,
) {
  const row = await announcementsFor(db, userId).where('a.id', '=', id).executeTakeFirst();
  return translateRow(db, 'announcement', row, TEXTS, language);
}

/** Is there an announcement with this id? */
export async function announcementExists(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('announcements').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Marks an announcement read by the user; reading twice (or from two tabs at once) keeps the first time. */
export async function markAnnouncementRead(db: Kysely<Database>, userId: number, id: number, at: Date) {
  await db
    .insertInto('announcement_reads')
    .values({ announcement_id: id, user_id: userId, read_at: at.toISOString() })
    .onConflict((conflict) => conflict.columns(['announcement_id', 'user_id']).doNothing())
    .execute();
}
