import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueLanguage } from '../i18n/request-language';
import { translateRows } from './translations';

const columns = ['id', 'name', 'description', 'created_at', 'read_at', 'invoice_order_id'] as const;

/** A user's notifications, newest first, with their texts in the language (English when missing). */
export async function ownNotifications(db: Kysely<Database>, userId: number, language: CatalogueLanguage) {
  const rows = await db
    .selectFrom('notifications')
    .select(columns)
    .where('user_id', '=', userId)
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
  const row = await db
    .selectFrom('notifications')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [shown = row] = await translateRows(db, 'notification', [row], ['name', 'description'], language);
  return shown;
}

/** Marks one of the user's notifications read; one read already keeps its first time. */
export async function markNotificationRead(db: Kysely<Database>, userId: number, id: number, at: Date) {
  await db
    .updateTable('notifications')
    .set({ read_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
}

/** Marks every unread notification of the user read; answers how many were unread. */
export async function markAllNotificationsRead(db: Kysely<Database>, userId: number, at: Date) {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
