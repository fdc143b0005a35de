import { randomUUID } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../db/schema';
import { type OrderEventType, orderEventPayload } from './order-event-payload';

/** The PostgreSQL advisory lock the writers of order events hold until they commit (no other code uses this key). */
const ORDER_EVENTS_LOCK = 2_600_260_001;

/**
 * Writes the outbox row of an order placed, changed or cancelled, and one pending delivery per
 * webhook endpoint that takes events (enabled, not retired), in the caller's transaction: the
 * event exists exactly when the change committed. Call it last in that transaction.
 *
 * The pull cursor (`seq`) must never pass a row that commits later: on PostgreSQL a sequence hands
 * out numbers at insert, so two writers could commit out of order and a reader between the commits
 * would skip the smaller one for good. The advisory lock, held from the insert to the commit, makes
 * writers insert and commit one after the other. SQLite has one writer anyway.
 */
export async function recordOrderEvent(
  trx: Kysely<Database>,
  { orderId, type, now }: { orderId: number; type: OrderEventType; now: Date },
): Promise<{ id: string; seq: number }> {
  // Read before the lock: the writers' turns last only the inserts.
  const payload = await orderEventPayload(trx, { orderId, type, now });
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('enabled', '=', 1)
    .where('retired_at', 'is', null)
    .orderBy('id')
    .execute();
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${sql.lit(ORDER_EVENTS_LOCK)})`.execute(trx);

  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  const createdAt = now.toISOString();
  const { seq } = await trx
    .insertInto('order_events')
    .values({
      id,
      type,
      order_id: orderId,
      order_version: payload.data.order.version,
      payload: JSON.stringify(payload),
      created_at: createdAt,
    })
    .returning('seq')
    .executeTakeFirstOrThrow();

  if (endpoints.length)
    await trx
      .insertInto('webhook_deliveries')
      .values(
        endpoints.map((endpoint) => ({
          endpoint_id: endpoint.id,
          event_seq: seq,
          order_id: orderId,
          status: 'pending' as const,
          next_attempt_at: createdAt,
        })),
      )
      .execute();
  return { id, seq: Number(seq) };
}
