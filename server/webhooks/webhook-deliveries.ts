import type { Kysely } from 'kysely';
import type { Database, WebhookDeliveryStatus } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { WebhookDeliveryState, WebhookDeliveryWire } from './webhook-wire';

interface DeliveryLogRow {
  id: number;
  endpoint_id: number;
  endpoint_url: string;
  endpoint_retired_at: string | null;
  event_id: string;
  event_type: string;
  order_id: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string;
  delivered_at: string | null;
  created_at: string;
}

/** A pending delivery that has failed at least once is "failing": it is tried again. */
const stateOf = (row: Pick<DeliveryLogRow, 'status' | 'attempts'>): WebhookDeliveryState =>
  row.status === 'pending' && row.attempts > 0 ? 'failing' : row.status;

const toWebhookDeliveryWire = (row: DeliveryLogRow): WebhookDeliveryWire => ({
  id: row.id,
  endpoint_id: row.endpoint_id,
  endpoint_url: row.endpoint_url,
  event_id: row.event_id,
  event_type: row.event_type,
  order_id: row.order_id,
  state: stateOf(row),
  attempts: row.attempts,
  last_status: row.last_status,
  last_error: row.last_error,
  last_attempt_at: row.last_attempt_at,
  // only a delivery still to be tried has a next try
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
  delivered_at: row.delivered_at,
  // written with its event, in the same transaction
  created_at: row.created_at,
});

const deliveryLog = (db: Kysely<Database>) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('order_events as ev', 'ev.seq', 'd.event_seq')
    .select([
      'd.id',
      'd.endpoint_id',
      'e.url as endpoint_url',
      'e.retired_at as endpoint_retired_at',
      'ev.id as event_id',
      'ev.type as event_type',
      'd.order_id',
      'd.status',
      'd.attempts',
      'd.last_status',
      'd.last_error',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.delivered_at',
      'ev.created_at',
    ]);

interface DeliveryLogFilter {
  state?: WebhookDeliveryState | undefined;
  endpoint?: number | undefined;
  order?: number | undefined;
  /** a delivery id: only older ones (the page before) */
  before?: number | undefined;
  limit: number;
}

/** A page of the delivery log, newest first, and the `before` of the next page (null on the last). */
export async function listWebhookDeliveries(
  db: Kysely<Database>,
  filter: DeliveryLogFilter,
): Promise<{ deliveries: WebhookDeliveryWire[]; next_before: number | null }> {
  let query = deliveryLog(db);
  if (filter.state === 'pending' || filter.state === 'failing')
    query = query
      .where('d.status', '=', 'pending')
      .where('d.attempts', filter.state === 'pending' ? '=' : '>', 0);
  else if (filter.state) query = query.where('d.status', '=', filter.state);
  if (filter.endpoint !== undefined) query = query.where('d.endpoint_id', '=', filter.endpoint);
  if (filter.order !== undefined) query = query.where('d.order_id', '=', filter.order);
  if (filter.before !== undefined) query = query.where('d.id', '<', filter.before);
  const rows = await query
    .orderBy('d.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const deliveries = rows.slice(0, filter.limit).map(toWebhookDeliveryWire);
  return {
    deliveries,
    next_before: rows.length > filter.limit ? (deliveries.at(-1)?.id ?? null) : null,
  };
}

/**
 * Sends a dead or failing delivery again: pending, due now, its tries counted from 0. Its order's
 * later events, which waited behind it, follow once it is delivered. Undefined for no such
 * delivery; 409 for one already delivered or whose endpoint was deleted.
 */
export async function replayWebhookDelivery(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<WebhookDeliveryWire | undefined> {
  const row = await deliveryLog(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  if (row.endpoint_retired_at !== null)
    throw new ApiError(409, {
      detail: 'Its endpoint was deleted: there is nowhere to send it.',
      code: 'endpoint_retired',
    });
  // The lease is left alone: a worker sending it right now still reports its try.
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '<>', 'delivered')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new ApiError(409, { detail: 'This delivery was delivered already.', code: 'already_delivered' });
  const replayed = await deliveryLog(db).where('d.id', '=', id).executeTakeFirstOrThrow();
  return toWebhookDeliveryWire(replayed);
}
