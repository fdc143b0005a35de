import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, WebhookDeliveryStatus } from '../db/schema';
import type { WebhookResult } from './send-webhook';

/** A delivery a worker has taken: what it needs to send it, and its lease (the token of this try). */
export interface ClaimedDelivery {
  id: number;
  /** the lease this worker holds; its result is written only while the delivery still has it */
  leaseUntil: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  eventId: string;
  payload: string;
}

/**
 * Deliveries to send now, oldest due first: pending, due, not leased by a live worker, their
 * endpoint enabled and not deleted, and no earlier event of the same order still undelivered to
 * that endpoint (a dead one holds its order's later events back until it is replayed). So of one
 * order and endpoint only the earliest undelivered event is ever due, and the events arrive in
 * order. The status-and-time index bounds the scan to what is due.
 */
function dueDeliveries(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', now)]))
    .where('e.enabled', '=', 1)
    .where('e.retired_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as earlier')
            .select(sql.lit(1).as('one'))
            .whereRef('earlier.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('earlier.order_id', '=', 'd.order_id')
            .whereRef('earlier.event_seq', '<', 'd.event_seq')
            .where('earlier.status', '<>', 'delivered'),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.id');
}

/**
 * Takes up to `limit` due deliveries for this worker with a lease until `now + leaseMs`: of several
 * workers (processes) only one gets each. A lease that ran out (its worker was killed) makes the
 * delivery due again, to be sent with the same event id. When nothing is due this is one query.
 *
 * PostgreSQL: one UPDATE over the due rows locked with SKIP LOCKED, so concurrent workers take
 * different rows instead of queueing behind each other. SQLite (one writer at a time): the due rows
 * are read, then leased by an UPDATE that repeats the guard, so a row another process leased in
 * between is not taken again.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const lease = db
    .updateTable('webhook_deliveries')
    .set({ lease_until: leaseUntil })
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]));
  let leased: { id: number }[];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const due = dueDeliveries(db, at).limit(limit).forUpdate('d').skipLocked();
    leased = await lease.where('id', 'in', due).returning('id').execute();
  } else {
    const due = await dueDeliveries(db, at).limit(limit).execute();
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    leased = await lease.where('id', 'in', ids).returning('id').execute();
  }
  if (leased.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('order_events as ev', 'ev.seq', 'd.event_seq')
    .select([
      'd.id',
      'd.attempts',
      'e.url',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_expires_at',
      'ev.id as eventId',
      'ev.payload',
    ])
    .where(
      'd.id',
      'in',
      leased.map((row) => row.id),
    )
    .orderBy('d.event_seq')
    .execute();
  return rows.map((row) => ({ ...row, leaseUntil }));
}

/** Guards every write of a try's outcome: the delivery is still pending and still under this try's lease. */
const underLease = (db: Kysely<Database>, delivery: Pick<ClaimedDelivery, 'id' | 'leaseUntil'>) =>
  db
    .updateTable('webhook_deliveries')
    .where('id', '=', delivery.id)
    .where('status', '=', 'pending')
    .where('lease_until', '=', delivery.leaseUntil);

/** The receiver took it (2xx). Ignored when the lease was lost: another worker sends it again anyway. */
export async function markDelivered(
  db: Kysely<Database>,
  delivery: ClaimedDelivery,
  result: WebhookResult,
  { triedAt, now }: { triedAt: Date; now: Date },
): Promise<void> {
  await underLease(db, delivery)
    .set((eb) => ({
      status: 'delivered',
      attempts: eb('attempts', '+', 1),
      last_attempt_at: triedAt.toISOString(),
      last_status: result.status,
      last_error: null,
      delivered_at: now.toISOString(),
      lease_until: null,
    }))
    .execute();
}

/**
 * A failed try: counted, with the receiver's status and error; tried again at `nextAttemptAt`, or
 * dead once `maxAttempts` tries failed. The count is raised in SQL, so a replay in between (which
 * set it to 0) is honoured.
 */
export async function markFailed(
  db: Kysely<Database>,
  delivery: ClaimedDelivery,
  result: WebhookResult,
  { triedAt, nextAttemptAt, maxAttempts }: { triedAt: Date; nextAttemptAt: Date; maxAttempts: number },
): Promise<void> {
  await underLease(db, delivery)
    .set((eb) => ({
      status: eb
        .case()
        .when('attempts', '>=', maxAttempts - 1)
        .then(sql.lit<WebhookDeliveryStatus>('dead'))
        .else(sql.lit<WebhookDeliveryStatus>('pending'))
        .end(),
      attempts: eb('attempts', '+', 1),
      last_attempt_at: triedAt.toISOString(),
      last_status: result.status,
      last_error: result.error,
      next_attempt_at: nextAttemptAt.toISOString(),
      lease_until: null,
    }))
    .execute();
}

/** Gives a delivery back untried (the worker is stopping): due again at once for any worker. */
export async function releaseDelivery(db: Kysely<Database>, delivery: ClaimedDelivery): Promise<void> {
  await underLease(db, delivery).set({ lease_until: null }).execute();
}
