import { Hono } from 'hono';
import type * as z from 'zod/mini';
import { ApiError, badRequest } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { hasScope } from '../integration/scopes';
import { eventPullQuery, LAST_POSSIBLE_SEQ, toPulledEventWire } from './order-event-wire';

/**
 * GET /api/integration/v1/events: the order events after a cursor, in `seq` order. Writers commit
 * in `seq` order (record-order-event.ts), so a row a reader has not seen yet always lies after the
 * cursor it holds: paging on with `next_cursor` never skips an event.
 */
export function orderEventRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    if (!hasScope(c.get('integrationKey').scopes, 'events:read'))
      throw new ApiError(403, { detail: 'This call needs the scope events:read.', code: 'scope_missing' });
    const { after, limit } = parsedQuery(c.req.query());
    const rows = await db
      .selectFrom('order_events')
      .selectAll()
      .where('seq', '>', Math.min(Number(after), LAST_POSSIBLE_SEQ))
      .orderBy('seq')
      .limit(limit + 1)
      .execute();
    const events = rows.slice(0, limit).map(toPulledEventWire);
    return c.json({
      events,
      next_cursor: events.at(-1)?.cursor ?? after,
      has_more: rows.length > limit,
    });
  });

  return routes;
}

function parsedQuery(raw: Record<string, string>): z.infer<typeof eventPullQuery> {
  const result = eventPullQuery.safeParse(raw);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw badRequest('Invalid query parameters.', errors);
}
