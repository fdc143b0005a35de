import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { closePastSuborders } from '../orders/close-past-suborders';
import { purgeThrottleRows } from '../security/throttle/store';

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long rows nobody needs any more are kept (docs/operations.md, "Retention"). Each window
 * starts when the row stopped mattering: a family's revocation or its last refresh token's
 * expiry, a reset code's use or expiry, a report's or an idempotency key's creation.
 */
export const RETENTION_DAYS = {
  /** ended sign-ins: kept a month to tell which sessions existed when an account is looked into */
  refreshTokenFamilies: 30,
  /** a code is useless once used or expired; a day covers looking into a reset that went wrong */
  passwordResets: 1,
  /** error reports: a quarter, long enough to compare against the previous release */
  errorReports: 90,
  /**
   * Idempotency-Key records: a client resubmits a pending order after a reload or the next day
   * (docs/api.md promises at least 24 hours); a week leaves ample room
   */
  orderIdempotencyKeys: 7,
  /** shared throttle counters (security/throttle): no rule looks back more than an hour */
  throttleEvents: 1,
  /**
   * an e-mail change's code is useless once expired; its mail counter looks back an hour, and a
   * day past the expiry covers looking into a change that went wrong
   */
  emailChanges: 1,
  /** mails (sent or kept in the outbox): they carry codes, so they are not kept longer than a month */
  mailOutbox: 30,
} as const;

/**
 * Rows deleted per statement: each batch is its own short transaction, so a purge of a large
 * backlog never holds a lock (SQLite's single writer, PostgreSQL's row locks) for long.
 */
export const RETENTION_BATCH_ROWS = 5_000;

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

export interface PurgeOptions {
  /** rows per delete statement (RETENTION_BATCH_ROWS) */
  batchSize?: number;
  /** asked between batches: false ends the purge early (the server is stopping); the rest waits for the next run */
  keepGoing?: () => boolean;
}

/** Runs `deleteBatch` until a batch deletes fewer than a full batch; the total deleted. */
async function inBatches(
  { batchSize = RETENTION_BATCH_ROWS, keepGoing = () => true }: PurgeOptions,
  deleteBatch: (batchSize: number) => Promise<bigint>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number(await deleteBatch(batchSize));
    total += deleted;
    if (deleted < batchSize || !keepGoing()) return total;
  }
}

/** Rows of `table` (each named by `key`) past the window once any of `columns` is older than it. */
interface AgedRows<T extends keyof Database> {
  table: T;
  key: keyof Database[T] & string;
  /** timestamps; one pass per column rather than one OR, so each pass walks its own index */
  columns: readonly (keyof Database[T] & string)[];
  window: keyof typeof RETENTION_DAYS;
}

/**
 * The purge of aged rows, batch by batch: each statement picks at most a batch of keys through the
 * column's index and deletes those, so no statement scans or locks the whole backlog.
 */
function purgeAged<T extends keyof Database>({ table, key, columns, window }: AgedRows<T>) {
  // Kysely cannot type a column of a table chosen by a type parameter; AgedRows checks the names.
  const rows: string = table;
  const id: string = key;
  const ages: readonly string[] = columns;
  return async (db: Kysely<Database>, now: Date, options: PurgeOptions = {}): Promise<number> => {
    const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const before = cutoff(now, RETENTION_DAYS[window]);
    let total = 0;
    for (const column of ages)
      total += await inBatches(options, async (batchSize) => {
        const batch = untyped.selectFrom(rows).select(id).where(column, '<', before).limit(batchSize);
        const result = await untyped.deleteFrom(rows).where(id, 'in', batch).executeTakeFirst();
        return result.numDeletedRows;
      });
    return total;
  };
}

/** Refresh-token families revoked, or whose newest refresh token expired, more than the window ago. */
export const purgeRefreshTokenFamilies = purgeAged({
  table: 'refresh_token_families',
  key: 'id',
  columns: ['revoked_at', 'expires_at'],
  window: 'refreshTokenFamilies',
});

/** Password-reset codes used, or expired, more than the window ago. */
export const purgePasswordResets = purgeAged({
  table: 'password_resets',
  key: 'id',
  columns: ['used_at', 'expires_at'],
  window: 'passwordResets',
});

/** Error reports older than the window. */
export const purgeErrorReports = purgeAged({
  table: 'error_reports',
  key: 'id',
  columns: ['created_at'],
  window: 'errorReports',
});

/**
 * Order Idempotency-Key records older than the window. Only the key goes: the order stays, and a
 * resubmit with that key after the window is an ordinary new submission.
 */
export async function purgeOrderIdempotencyKeys(
  db: Kysely<Database>,
  now: Date,
  options: PurgeOptions = {},
): Promise<number> {
  const before = cutoff(now, RETENTION_DAYS.orderIdempotencyKeys);
  return inBatches(options, async (batchSize) => {
    const result = await db
      .deleteFrom('order_idempotency_keys')
      .where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('user_id', 'key'),
          'in',
          selectFrom('order_idempotency_keys')
            .select(['user_id', 'key'])
            .where('created_at', '<', before)
            .limit(batchSize)
            .$asTuple('user_id', 'key'),
        ),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  });
}

/**
 * Shared throttle events older than the window, through the throttle's own store. No rule looks
 * back further than an hour, so a day never changes an answer.
 */
export function purgeThrottleEvents(db: Kysely<Database>, now: Date): Promise<number> {
  return purgeThrottleRows(db, new Date(now.getTime() - RETENTION_DAYS.throttleEvents * DAY_MS));
}

/** E-mail changes whose code expired more than a day ago (one row per user, replaced by a new request). */
export const purgeEmailChanges = purgeAged({
  table: 'email_changes',
  key: 'user_id',
  columns: ['expires_at'],
  window: 'emailChanges',
});

/** Mails older than the window, sent or not: a mail still unsent after a month will not be sent. */
export const purgeMailOutbox = purgeAged({
  table: 'mail_outbox',
  key: 'id',
  columns: ['created_at'],
  window: 'mailOutbox',
});

export interface RetentionPurge {
  /** what is deleted, for the log line ("error reports") */
  rows: string;
  purge(db: Kysely<Database>, now: Date, options?: PurgeOptions): Promise<number>;
}

/** Everything the retention job purges, in this order. */
export const retentionPurges: readonly RetentionPurge[] = [
  { rows: 'refresh-token families', purge: purgeRefreshTokenFamilies },
  { rows: 'password-reset codes', purge: purgePasswordResets },
  { rows: 'error reports', purge: purgeErrorReports },
  { rows: 'order idempotency keys', purge: purgeOrderIdempotencyKeys },
  { rows: 'throttle events', purge: purgeThrottleEvents },
  { rows: 'e-mail changes', purge: purgeEmailChanges },
  { rows: 'mails', purge: purgeMailOutbox },
  // Not a delete: the stand-in for a delivery feed, so open work does not grow with history.
  { rows: 'suborders closed as delivered', purge: closePastSuborders },
];
