import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { languageFromAcceptLanguage } from '../i18n/request-language';
import { translateRows } from '../queries/translations';

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

type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof announcementsFor>['execute']>>[number];
const toWire = ({ read_at, ...row }: AnnouncementRow) => ({ ...row, read: read_at !== null });

export function announcementRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();
  // Texts in the request's language (Accept-Language), English when missing.
  const translated = (rows: AnnouncementRow[], acceptLanguage: string | undefined) =>
    translateRows(
      db,
      'announcement',
      rows,
      ['name', 'description'],
      languageFromAcceptLanguage(acceptLanguage),
    );

  routes.get('/announcements/', async (c) => {
    const rows = await announcementsFor(db, c.get('user').id).execute();
    return c.json((await translated(rows, c.req.header('Accept-Language'))).map(toWire));
  });

  routes.post('/announcements/:id{[0-9]{1,9}}/read/', async (c) => {
    const userId = c.get('user').id;
    const id = Number(c.req.param('id'));
    const exists = await db.selectFrom('announcements').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('No announcement has this id.');
    // Reading twice (or from two tabs at once) keeps the first time.
    await db
      .insertInto('announcement_reads')
      .values({ announcement_id: id, user_id: userId, read_at: now().toISOString() })
      .onConflict((conflict) => conflict.columns(['announcement_id', 'user_id']).doNothing())
      .execute();
    const row = await announcementsFor(db, userId).where('a.id', '=', id).executeTakeFirstOrThrow();
    const [shown = row] = await translated([row], c.req.header('Accept-Language'));
    return c.json(toWire(shown));
  });

  return routes;
}
