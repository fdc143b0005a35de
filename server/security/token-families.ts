import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FamilyTicket } from './tokens';

/**
 * Refresh-token families (OAuth 2.0 Security Best Current Practice, refresh token rotation): a
 * sign-in starts a family, and only the family's current refresh token (its jti) can be exchanged.
 * Presenting an earlier one means a copy is in someone else's hands, so the whole family ends.
 */

/** A new family for a sign-in; the ticket's jti goes into the first refresh token. */
export async function startFamily(db: Kysely<Database>, userId: number, at: Date): Promise<FamilyTicket> {
  const ticket = { family: randomUUID(), jti: randomUUID() };
  await db
    .insertInto('refresh_token_families')
    .values({
      id: ticket.family,
      user_id: userId,
      current_jti: ticket.jti,
      created_at: at.toISOString(),
      revoked_at: null,
    })
    .execute();
  return ticket;
}

export type RotationResult = { ok: true; ticket: FamilyTicket } | { ok: false; reuse: boolean };

/**
 * Moves the family on from the presented jti to a new one, in one guarded update, so of two refreshes
 * with the same token only one wins. When nothing was updated and the family still lives, the token
 * was an old one (reuse): the family is revoked.
 */
export async function rotateFamily(
  db: Kysely<Database>,
  presented: { userId: number; family: string; jti: string },
  at: Date,
): Promise<RotationResult> {
  const jti = randomUUID();
  const moved = await db
    .updateTable('refresh_token_families')
    .set({ current_jti: jti })
    .where('id', '=', presented.family)
    .where('user_id', '=', presented.userId)
    .where('current_jti', '=', presented.jti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) return { ok: true, ticket: { family: presented.family, jti } };
  const revoked = await db
    .updateTable('refresh_token_families')
    .set({ revoked_at: at.toISOString() })
    .where('id', '=', presented.family)
    .where('user_id', '=', presented.userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return { ok: false, reuse: Number(revoked.numUpdatedRows) === 1 };
}

/** Ends one family (sign-out); ending an ended one changes nothing. */
export async function revokeFamily(db: Kysely<Database>, family: string, userId: number, at: Date) {
  await db
    .updateTable('refresh_token_families')
    .set({ revoked_at: at.toISOString() })
    .where('id', '=', family)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of a user (password reset, deactivation, deletion), or every session but the
 * caller's own (password change).
 */
export async function revokeAllFamilies(
  db: Kysely<Database>,
  userId: number,
  at: Date,
  exceptFamily?: string,
) {
  let update = db
    .updateTable('refresh_token_families')
    .set({ revoked_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamily !== undefined) update = update.where('id', '<>', exceptFamily);
  await update.execute();
}
