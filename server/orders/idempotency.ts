import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const WELL_FORMED_KEY = /^[\x21-\x7e]{1,255}$/;

/** The header's key, or undefined without one; a malformed key is the caller's mistake. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (!WELL_FORMED_KEY.test(key))
    throw new ApiError(400, {
      detail: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      code: 'invalid_idempotency_key',
      errors: { [IDEMPOTENCY_HEADER]: ['Expected 1 to 255 visible ASCII characters.'] },
    });
  return key;
}

/** The parsed body's fingerprint: a key reused for another order is told apart from a retry. */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * The order an earlier request with this key created, or undefined. The same key with another
 * body is refused: answering the first order would hide that the second one was not placed.
 */
export async function replayedOrderId(
  db: Kysely<Database>,
  userId: number,
  key: string,
  hash: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('order_idempotency_keys')
    .select(['order_id', 'request_hash'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.request_hash !== hash)
    throw new ApiError(422, {
      detail: 'This Idempotency-Key was already used for a different order.',
      code: 'idempotency_key_reused',
    });
  return row.order_id;
}
