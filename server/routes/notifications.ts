import { Hono } from 'hono';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { languageFromAcceptLanguage } from '../i18n/request-language';
import { translateRows } from '../queries/translations';

type NotificationRow = {
  id: number;
  name: string;
  description: string;
  created_at: string;
  read_at: string | null;
  invoice_order_id: number | null;
};
const toWire = (row: NotificationRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: row.created_at,
  read: row.read_at !== null,
  // the invoice the notification announces: the portal opens it from the notification
  ...(row.invoice_order_id === null ? {} : { invoice_order_id: row.invoice_order_id }),
});
const columns = ['id', 'name', 'description', 'created_at', 'read_at', 'invoice_order_id'] as const;

/** The signed-in user's own notifications: list, one, mark one or all read. Others' are 404. */
export function notificationRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();
  const findOwn = (userId: number, id: number) =>
    db
      .selectFrom('notifications')
      .select(columns)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();

  // Texts in the request's language (Accept-Language), English when missing.
  const translated = (rows: NotificationRow[], acceptLanguage: string | undefined) =>
    translateRows(
      db,
      'notification',
      rows,
      ['name', 'description'],
      languageFromAcceptLanguage(acceptLanguage),
    );

  routes.get('/notifications/', async (c) => {
    const rows = await db
      .selectFrom('notifications')
      .select(columns)
      .where('user_id', '=', c.get('user').id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return c.json((await translated(rows, c.req.header('Accept-Language'))).map(toWire));
  });

  routes.get('/notifications/:id{[0-9]{1,9}}/', async (c) => {
    const row = await findOwn(c.get('user').id, Number(c.req.param('id')));
    if (!row) throw notFound('No notification of yours has this id.');
    const [shown = row] = await translated([row], c.req.header('Accept-Language'));
    return c.json(toWire(shown));
  });

  routes.post('/notifications/:id{[0-9]{1,9}}/read/', async (c) => {
    const userId = c.get('user').id;
    const id = Number(c.req.param('id'));
    await db
      .updateTable('notifications')
      .set({ read_at: now().toISOString() })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
    const row = await findOwn(userId, id);
    if (!row) throw notFound('No notification of yours has this id.');
    const [shown = row] = await translated([row], c.req.header('Accept-Language'));
    return c.json(toWire(shown));
  });

  routes.post('/notifications/read-all/', async (c) => {
    const result = await db
      .updateTable('notifications')
      .set({ read_at: now().toISOString() })
      .where('user_id', '=', c.get('user').id)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return c.json({ updated: Number(result.numUpdatedRows) });
  });

  return routes;
}
