import { Hono } from 'hono';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { currentRequestLanguage } from '../i18n/request-language';
import {
  type AnnouncementRow,
  announcementExists,
  markAnnouncementRead,
  userAnnouncement,
  userAnnouncements,
} from '../queries/announcements';

const toWire = ({ read_at, ...row }: AnnouncementRow) => ({ ...row, read: read_at !== null });

/** The supplier's announcements to every customer, read or not per user, in the request's language. */
export function announcementRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/announcements/', async (c) => {
    const rows = await userAnnouncements(db, c.get('user').id, currentRequestLanguage());
    return c.json(rows.map(toWire));
  });

  routes.post('/announcements/:id{[0-9]{1,9}}/read/', async (c) => {
    const userId = c.get('user').id;
    const id = Number(c.req.param('id'));
    if (!(await announcementExists(db, id))) throw notFound('No announcement has this id.');
    await markAnnouncementRead(db, userId, id, now());
    const row = await userAnnouncement(db, userId, id, currentRequestLanguage());
    if (!row) throw notFound('No announcement has this id.');
    return c.json(toWire(row));
  });

  return routes;
}
