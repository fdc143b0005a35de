import { createHash, randomUUID } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Rule } from './rules';

/** One counter of a check: its key (`sign-in:user:buyer`) and its rule. */
export interface Bucket {
  key: string;
  rule: Rule;
}

/**
 * How long a reservation counts when its check is never settled: the process that made it has
 * stopped (a crash, a deploy) in the middle of a password check.
 */
export const RESERVATION_TTL_MS = 30_000;

export type Reservation =
  /** counted: the rows to settle later (pending ones) */
  | { kind: 'taken'; ids: string[] }
  /** a rule is full of counted events: the seconds until one leaves its window */
  | { kind: 'blocked'; retryAfterSeconds: number }
  /** a rule is full only because of checks still in flight: they may yet succeed */
  | { kind: 'busy' };

const iso = (ms: number) => new Date(ms).toISOString();

// An arbitrary first key of the two-key advisory lock, so the throttle's locks stay apart from any other.
const LOCK_SPACE = 0x7468726f;
const lockKeyOf = (bucket: string) => createHash('sha256').update(bucket).digest().readInt32BE(0);

/**
 * Serialises the checks of these buckets across every process until the transaction ends. On
 * PostgreSQL a transaction-scoped advisory lock per bucket, taken in one order so two checks never
 * wait for each other (a hash collision only makes two buckets wait in turn). On SQLite the
 * transaction's BEGIN IMMEDIATE already holds the one write lock of the database.
 */
async function lockBuckets(trx: Kysely<Database>, keys: readonly string[]) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const locks = [...new Set(keys.map(lockKeyOf))].sort((a, b) => a - b);
  for (const lock of locks)
    await sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${lock}::int)`.execute(trx);
}

/**
 * Counts one event in every bucket, unless a bucket's rule is already full: then nothing is
 * counted. `pending` reserves a credential check (settled later as a failure or released); `hit`
 * counts a request for good. Checks of the same buckets run one at a time in every process, so
 * two can never both take the last place.
 */
export async function reserve(
  db: Kysely<Database>,
  buckets: readonly Bucket[],
  at: Date,
  kind: 'pending' | 'hit',
  origin: string | null,
): Promise<Reservation> {
  const now = at.getTime();
  const keys = buckets.map((bucket) => bucket.key);
  return db.transaction().execute(async (trx) => {
    await lockBuckets(trx, keys);
    const oldest = Math.min(...buckets.map(({ rule }) => now - rule.windowMs));
    const rows = await trx
      .selectFrom('throttle_events')
      .select(['bucket', 'kind', 'at'])
      .where('bucket', 'in', keys)
      .where('at', '>', iso(oldest))
      .orderBy('at')
      .execute();

    let waitMs = 0;
    let busy = false;
    const liveSince = iso(now - RESERVATION_TTL_MS);
    for (const { key, rule } of buckets) {
      const since = iso(now - rule.windowMs);
      const recent = rows.filter((row) => row.bucket === key && row.at > since);
      const counted = recent.filter((row) => row.kind !== 'pending');
      const inFlight = recent.filter((row) => row.kind === 'pending' && row.at > liveSince).length;
      if (counted.length >= rule.limit) {
        // blocked until enough counted events have left the window to fall below the limit
        const freeing = Date.parse((counted[counted.length - rule.limit] as { at: string }).at);
        waitMs = Math.max(waitMs, freeing + rule.windowMs - now, 1);
      } else if (counted.length + inFlight >= rule.limit) busy = true;
    }
    if (waitMs > 0) return { kind: 'blocked', retryAfterSeconds: Math.ceil(waitMs / 1000) };
    if (busy) return { kind: 'busy' };

    // What can no longer count goes, so an active bucket never holds much more than its limit.
    await trx
      .deleteFrom('throttle_events')
      .where((eb) =>
        eb.or(
          buckets.map(({ key, rule }) =>
            eb.and([
              eb('bucket', '=', key),
              eb.or([
                eb('at', '<=', iso(now - rule.windowMs)),
                eb.and([eb('kind', '=', 'pending'), eb('at', '<=', liveSince)]),
              ]),
            ]),
          ),
        ),
      )
      .execute();
    const ids = keys.map(() => randomUUID());
    await trx
      .insertInto('throttle_events')
      .values(keys.map((bucket, i) => ({ id: ids[i] as string, bucket, kind, at: iso(now), origin })))
      .execute();
    return { kind: 'taken', ids };
  });
}

/** A reserved check refused the credential: its reservations become failures, counted from now. */
export async function settleAsFailure(db: Kysely<Database>, ids: readonly string[], at: Date) {
  await db
    .updateTable('throttle_events')
    .set({ kind: 'failure', at: at.toISOString() })
    .where('id', 'in', ids)
    .where('kind', '=', 'pending')
    .execute();
}

/**
 * A reserved check ended without a failure: its reservations go, and with them the failures of
 * `forgive` (a bucket) that came from the same origin.
 */
export async function release(
  db: Kysely<Database>,
  ids: readonly string[],
  forgive?: { bucket: string; origin: string | null },
) {
  await db
    .deleteFrom('throttle_events')
    .where((eb) => {
      const own = eb('id', 'in', ids);
      if (!forgive) return own;
      return eb.or([
        own,
        eb.and([
          eb('bucket', '=', forgive.bucket),
          eb('kind', '=', 'failure'),
          forgive.origin === null ? eb('origin', 'is', null) : eb('origin', '=', forgive.origin),
        ]),
      ]);
    })
    .execute();
}

/**
 * Deletes the throttle's rows older than `before`. No rule looks further back than an hour, so
 * `before` an hour ago or earlier never changes an answer; the scheduled retention job calls it,
 * and the throttle itself now and then with a day.
 */
export async function purgeThrottleRows(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('throttle_events')
    .where('at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
