import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type FamilyTicket, REFRESH_TOKEN_SECONDS } from './tokens';

/**
 * Refresh-token families (OAuth 2.0 Security Best Current Practice, refresh token rotation): a
 * sign-in starts a family, and only the family's current refresh token (its jti) can be exchanged.
 * Presenting an earlier one means a copy is in someone else's hands, so the whole family ends.
 *
 * One exception keeps two tabs of one browser signed in: they share the stored refresh token and
 * may both refresh it at the same moment. The token the current one replaced, presented again
 * within REFRESH_REUSE_GRACE_SECONDS of the rotation, is answered with the current generation
 * (the same refresh token the first presenter got) instead of ending the family. Later, or any
 * older token, is reuse as before. Everything is decided by guarded updates on the family's row,
 * so several server processes on one database agree.
 */

/** How long the previous refresh token still answers with its successor's pair (two tabs racing). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const refreshExpiry = (issuedAt: Date) =>
  new Date(issuedAt.getTime() + REFRESH_TOKEN_SECONDS * 1000).toISOString();

/** A new family for a sign-in; the ticket's jti goes into the first refresh token. */
export async function startFamily(db: Kysely<Database>, userId: number, at: Date): Promise<FamilyTicket> {
  const ticket = { family: randomUUID(), jti: randomUUID(), issuedAt: at };
  await db
    .insertInto('refresh_token_families')
    .values({
      id: ticket.family,
      user_id: userId,
      current_jti: ticket.jti,
      created_at: at.toISOString(),
      revoked_at: null,
      previous_jti: null,
      rotated_at: null,
      expires_at: refreshExpiry(at),
    })
    .execute();
  return ticket;
}

export type RotationResult = { ok: true; ticket: FamilyTicket } | { ok: false; reuse: boolean };

type Presented = { userId: number; family: string; jti: string };

const familyOf = (db: Kysely<Database>, presented: Presented) =>
  db
    .updateTable('refresh_token_families')
    .where('id', '=', presented.family)
    .where('user_id', '=', presented.userId)
    .where('revoked_at', 'is', null);

/**
 * Moves the family on from the presented jti to a new one, in one guarded update, so of two refreshes
 * with the same token only one rotates. The other, if it presented the token just replaced and comes
 * within the grace window, gets the current generation again: the same jti and issue time, so the
 * refresh token signed for it is the one the first presenter got. Anything else on a living family is
 * reuse: the family is revoked, again by one guarded update that spares the grace case, so a process
 * that rotated a moment ago is never undone by one that read the row before.
 */
export async function rotateFamily(
  db: Kysely<Database>,
  presented: Presented,
  at: Date,
): Promise<RotationResult> {
  const jti = randomUUID();
  const moved = await familyOf(db, presented)
    .set({
      current_jti: jti,
      previous_jti: presented.jti,
      rotated_at: at.toISOString(),
      expires_at: refreshExpiry(at),
    })
    .where('current_jti', '=', presented.jti)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1)
    return { ok: true, ticket: { family: presented.family, jti, issuedAt: at } };

  const graceStart = new Date(at.getTime() - REFRESH_REUSE_GRACE_SECONDS * 1000).toISOString();
  const revoked = await familyOf(db, presented)
    .set({ revoked_at: at.toISOString() })
    .where((eb) =>
      eb.or([
        eb('previous_jti', 'is', null),
        eb('previous_jti', '<>', presented.jti),
        eb('rotated_at', '<', graceStart),
      ]),
    )
    .executeTakeFirst();
  if (Number(revoked.numUpdatedRows) === 1) return { ok: false, reuse: true };

  const current = await db
    .selectFrom('refresh_token_families')
    .select(['current_jti', 'rotated_at'])
    .where('id', '=', presented.family)
    .where('user_id', '=', presented.userId)
    .where('revoked_at', 'is', null)
    .where('previous_jti', '=', presented.jti)
    .where('rotated_at', '>=', graceStart)
    .executeTakeFirst();
  if (!current?.rotated_at) return { ok: false, reuse: false };
  return {
    ok: true,
    ticket: { family: presented.family, jti: current.current_jti, issuedAt: new Date(current.rotated_at) },
  };
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
