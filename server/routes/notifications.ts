import { Hono } from 'hono';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { currentRequestLanguage } from '../i18n/request-language';
import {
  markAllNotificationsRead,
  markNotificationRead,
  ownNotification,
  ownNotifications,
} from '../queries/notifications';

type NotificationRow = {
  id: number;
  name: string;
  description: string;
  created_at: string;
  read_at: string | null;
  invoice_order_id: number | null;
  order_id: number | null;
};
const toWire = (row: NotificationRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: row.created_at,
  read: row.read_at !== null,
  // the invoice the notification announces: the portal opens it from the notification
  ...(row.invoice_order_id === null ? {} : { invoice_order_id: row.invoice_order_id }),
  // the order whose status the notification reports (the ERP's suborder reports): it opens the order
  order: row.order_id,
});

const noSuchNotification = () => notFound('No notification of yours has this id.');

/**
 * The signed-in user's own notifications: list, one, mark one or all read. Others' are 404. Texts
 * are in the request's language, English when missing.
 */
export function notificationRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/notifications/', async (c) => {
    const rows = await ownNotifications(db, c.get('user').id, currentRequestLanguage());
    return c.json(rows.map(toWire));
  });

  routes.get('/notifications/:id{[0-9]{1,9}}/', async (c) => {
    const row = await ownNotification(
      db,
      c.get('user').id,
      Number(c.req.param('id')),
      currentRequestLanguage(),
    );
    if (!row) throw noSuchNotification();
    return c.json(toWire(row));
  });

  routes.post('/notifications/:id{[0-9]{1,9}}/read/', async (c) => {
    const userId = c.get('user').id;
    const id = Number(c.req.param('id'));
    await markNotificationRead(db, userId, id, now());
    const row = await ownNotification(db, userId, id, currentRequestLanguage());
    if (!row) throw noSuchNotification();
    return c.json(toWire(row));
  });

  routes.post('/notifications/read-all/', async (c) => {
    return c.json({ updated: await markAllNotificationsRead(db, c.get('user').id, now()) });
  });

  return routes;
}
