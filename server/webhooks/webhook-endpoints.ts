import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../db/schema';
import { newWebhookSecret, PREVIOUS_SECRET_KEPT_MS } from './webhook-secrets';
import type { WebhookEndpointWire } from './webhook-wire';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

/** Open deliveries of one endpoint, in the delivery log's states. */
interface DeliveryCounts {
  pending: number;
  failing: number;
  dead: number;
}

const noDeliveries: DeliveryCounts = { pending: 0, failing: 0, dead: 0 };

/** The endpoint as the staff console and the integration API show it: never a secret. */
export function toWebhookEndpointWire(
  row: WebhookEndpointRow,
  counts: DeliveryCounts,
  now: Date,
): WebhookEndpointWire {
  const previousExpires = row.previous_secret_expires_at;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    enabled: row.enabled === 1,
    created_at: row.created_at,
    created_by: row.created_by,
    previous_secret_expires_at:
      row.previous_secret && previousExpires && previousExpires > now.toISOString() ? previousExpires : null,
    ...counts,
  };
}

/**
 * A new endpoint, enabled, and its signing secret. It receives the events recorded from now on;
 * earlier ones can be pulled from GET /events.
 */
export async function createWebhookEndpoint(
  db: Kysely<Database>,
  input: { url: string; description: string; createdBy: string; now: Date },
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const secret = newWebhookSecret();
  const endpoint = await db
    .insertInto('webhook_endpoints')
    .values({
      url: input.url,
      description: input.description,
      secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      enabled: 1,
      created_at: input.now.toISOString(),
      created_by: input.createdBy,
      retired_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { endpoint, secret };
}

/** An endpoint that has not been deleted. */
export async function findLiveEndpoint(
  db: Kysely<Database>,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Per endpoint, its deliveries not delivered yet. Only pending and dead rows are read (the index
 * on status leads), however many delivered ones the log holds.
 */
async function deliveryCounts(db: Kysely<Database>, endpointIds: readonly number[]) {
  const counts = new Map<number, DeliveryCounts>();
  if (endpointIds.length === 0) return counts;
  const tried = sql<number>`case when attempts > 0 then 1 else 0 end`;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      'endpoint_id',
      'status',
      tried.as('tried'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('status', 'in', ['pending', 'dead'])
    .where('endpoint_id', 'in', endpointIds)
    .groupBy(['endpoint_id', 'status', tried])
    .execute();
  for (const row of rows) {
    const each = counts.get(row.endpoint_id) ?? { ...noDeliveries };
    const count = Number(row.count);
    if (row.status === 'dead') each.dead += count;
    else if (Number(row.tried) === 1) each.failing += count;
    else each.pending += count;
    counts.set(row.endpoint_id, each);
  }
  return counts;
}

/** Every endpoint not deleted, oldest first, with its open deliveries counted. */
export async function listWebhookEndpoints(db: Kysely<Database>, now: Date): Promise<WebhookEndpointWire[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('id')
    .execute();
  const counts = await deliveryCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toWebhookEndpointWire(row, counts.get(row.id) ?? noDeliveries, now));
}

/** One endpoint as listed, or undefined when there is none (or it was deleted). */
export async function readWebhookEndpoint(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<WebhookEndpointWire | undefined> {
  const row = await findLiveEndpoint(db, id);
  if (!row) return undefined;
  const counts = await deliveryCounts(db, [id]);
  return toWebhookEndpointWire(row, counts.get(id) ?? noDeliveries, now);
}

/**
 * Pauses or resumes an endpoint. A disabled one is given no new events, and what it already has
 * waits (the worker passes it by) until it is enabled again. False when there is no such endpoint.
 */
export async function setWebhookEndpointEnabled(
  db: Kysely<Database>,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: enabled ? 1 : 0 })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes an endpoint: it gets no more events, and its open deliveries end dead, saying why (no
 * worker passes over them on every poll for ever). The row stays, retired, so the delivery log
 * still names where each delivery was meant to go. False when there is no such endpoint.
 */
export async function retireWebhookEndpoint(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('webhook_endpoints')
      .set({ retired_at: now.toISOString() })
      .where('id', '=', id)
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'dead', last_error: 'The endpoint was deleted.', lease_until: null })
      .where('endpoint_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    return true;
  });
}

/**
 * A new signing secret; the one it replaces keeps signing too for 24 hours (requests carry both
 * signatures), so the receiver can switch over without refusing an event. Rotating again within
 * the 24 hours drops the oldest. Undefined when there is no such endpoint.
 */
export async function rotateWebhookSecret(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<{ secret: string; previousSecretExpiresAt: string } | undefined> {
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_KEPT_MS).toISOString();
  const result = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_expires_at: previousSecretExpiresAt,
      secret,
    }))
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return { secret, previousSecretExpiresAt };
}
