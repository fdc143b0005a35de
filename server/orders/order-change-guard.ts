import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, type ErrorBody, notFound } from '../http/api-error';
import { orderAmendability } from './order-cutoff';

/** The 409 of a change made from a version that is no longer the order's current one. */
export interface OrderChangedRefusal extends ErrorBody {
  code: 'order_changed';
  current_version: number;
}

/** The 409 of a change the order no longer takes; `amendable_until` is the passed cut-off, if known. */
export interface OrderNotAmendableRefusal extends ErrorBody {
  code: 'order_cutoff_passed' | 'order_not_amendable';
  amendable_until: string | null;
}

function changedMeanwhile(currentVersion: number) {
  const body: OrderChangedRefusal = {
    detail: 'The order was changed meanwhile (another tab or user); reload it and change it again.',
    code: 'order_changed',
    current_version: currentVersion,
  };
  return new ApiError(409, body);
}

const notAmendable = (body: OrderNotAmendableRefusal) => new ApiError(409, body);

/** The order's current version, when it is the company's (another company's order: undefined). */
export async function companyOrderVersion(
  db: Kysely<Database>,
  companyId: number,
  orderId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('version')
    .where('id', '=', orderId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.version;
}

/**
 * The checks a change or cancel meets before its transaction, answering early: the company's
 * order (404), the version the buyer saw (409 order_changed), still amendable at `now` (409).
 * The transaction checks the last two again on the rows it holds.
 */
export async function refuseStaleOrLate(
  db: Kysely<Database>,
  companyId: number,
  orderId: number,
  version: number,
  now: Date,
) {
  const current = await companyOrderVersion(db, companyId, orderId);
  if (current === undefined) throw notFound('No order has this id.');
  if (current !== version) throw changedMeanwhile(current);
  await refuseUnlessAmendable(db, orderId, now);
}

/**
 * Moves the order from `version` to the next one, first thing in the change's transaction: a
 * guarded update, so of two changes of one version (from any server processes) exactly one finds
 * it; on PostgreSQL the other waits for the row and then finds the version gone. Answers the new
 * version; throws 409 order_changed when `version` is not the current one.
 */
export async function claimVersion(trx: Kysely<Database>, orderId: number, version: number): Promise<number> {
  const claimed = await trx
    .updateTable('orders')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', orderId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) {
    const row = await trx.selectFrom('orders').select('version').where('id', '=', orderId).executeTakeFirst();
    if (!row) throw notFound('No order has this id.');
    throw changedMeanwhile(row.version);
  }
  return version + 1;
}

/** 409 unless the order can still be changed at `now` (its cut-off, its state). */
export async function refuseUnlessAmendable(db: Kysely<Database>, orderId: number, now: Date) {
  const amendability = await orderAmendability(db, orderId, now);
  if (amendability === undefined) throw notFound('No order has this id.');
  if (amendability.amendable) return;
  if (amendability.code === 'order_cutoff_passed')
    throw notAmendable({
      detail: amendability.cutoffAt
        ? `The order can no longer be changed: its cut-off passed at ${amendability.cutoffAt}.`
        : 'The order can no longer be changed: its cut-off has passed.',
      code: 'order_cutoff_passed',
      amendable_until: amendability.cutoffAt,
    });
  throw notAmendable({
    detail: `The order can no longer be changed: ${amendability.detail}`,
    code: 'order_not_amendable',
    amendable_until: null,
  });
}
