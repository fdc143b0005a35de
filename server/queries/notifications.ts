import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueLanguage } from '../i18n/request-language';
import { translateRow, translateRows } from './translations';

const columns = [
  'id',
  'name',
  'description',
  'created_at',
  'read_at',
  'invoice_order_id',
  'order_id',
] as const;

/** The user's notifications; anyone else's are never found, like unknown ones. */
const notificationsOf = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('notifications').select(columns).where('user_id', '=', userId);

/** A user's notifications, newest first, with their texts in the language (English when missing). */
export async function ownNotifications(db: Kysely<Database>, userId: number, language: CatalogueLanguage) {
  const rows = await notificationsOf(db, userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return translateRows(db, 'notification', rows, ['name', 'description'], language);
}

/** One of the user's notifications in the language, or undefined (also for anyone else's). */
export async function ownNotification(
  db: Kysely<Database>,
  userId: number,
  id: number,
  language: CatalogueLanguage,
) {
  const row = await notificationsOf(db, userId).where('id', '=', id).executeTakeFirst();
  return translateRow(db, 'notification', row, ['name', 'description'], language);
}

/** Marks the user's unread notifications read at `at`; one read already keeps its first time. */
const markUnreadRead = (db: Kysely<Database>, userId: number, at: Date) =>
  db
    .updateTable('notifications')
    .set({ read_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);

/** Marks one of the user's notifications read. */
export async function markNotificationRead(db: Kysely<Database>, userId: number, id: number, at: Date) {
  await markUnreadRead(db, userId, at).where('id', '=', id).execute();
}

/** Marks every unread notification of the user read; answers how many were unread. */
export async function markAllNotificationsRead(db: Kysely<Database>, userId: number, at: Date) {
  const result = await markUnreadRead(db, userId, at).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
