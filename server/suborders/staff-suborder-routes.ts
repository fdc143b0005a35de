import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { suborderIdOf, suborderReference } from '../orders/suborder-reference';

/** The suborders with their order's company and their warehouse, as the staff console lists them. */
const staffSuborderRows = (db: Kysely<Database>) =>
  db
    .selectFrom('suborders as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .leftJoin('companies as c', 'c.id', 'o.company_id')
    .leftJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .select([
      's.id',
      's.order_id',
      's.status',
      's.external_id',
      's.eta',
      's.delivery_note_number',
      'c.name as company_name',
      'w.name as warehouse_name',
    ]);

type StaffSuborderRow = Awaited<ReturnType<ReturnType<typeof staffSuborderRows>['execute']>>[number];

const toStaffSuborder = (row: StaffSuborderRow) => ({
  reference: suborderReference(row),
  id: row.id,
  order_id: row.order_id,
  state: row.status,
  company_name: row.company_name,
  warehouse_name: row.warehouse_name,
  eta: row.eta,
  delivery_note_number: row.delivery_note_number,
});

/** The stored details of a report as the JSON object they are (an unreadable one as its text). */
function detailsOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * /api/staff/suborders: an order's suborders, and one suborder with every report the ERP made of
 * it, for the staff console's look-up (what state is it in, and why).
 */
export function staffSuborderRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/suborders', async (c) => {
    const order = c.req.query('order') ?? '';
    if (!/^[1-9][0-9]{0,8}$/.test(order))
      throw badRequest('Name the order: ?order=<order id>.', { order: ['Expected an order id.'] });
    const rows = await staffSuborderRows(db)
      .where('s.order_id', '=', Number(order))
      .orderBy('s.warehouse_id')
      .orderBy('s.id')
      .execute();
    return c.json({ suborders: rows.map(toStaffSuborder) });
  });

  routes.get('/suborders/:reference/events', async (c) => {
    const reference = c.req.param('reference');
    const id = reference.length > 200 ? undefined : await suborderIdOf(db, reference);
    const row =
      id === undefined ? undefined : await staffSuborderRows(db).where('s.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No suborder has this reference.');
    const events = await db
      .selectFrom('suborder_events')
      .select(['id', 'type', 'state', 'occurred_at', 'recorded_at', 'details'])
      .where('suborder_id', '=', row.id)
      .orderBy('id')
      .execute();
    return c.json({
      suborder: toStaffSuborder(row),
      events: events.map((event) => ({ ...event, details: detailsOf(event.details) })),
    });
  });

  return routes;
}
