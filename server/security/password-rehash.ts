import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword, isOutdatedPasswordHash } from './passwords';

/**
 * After a successful sign-in, the only moment the plain password is at hand: a hash made at older
 * (weaker) parameters is replaced by one at today's. The update only applies while the row still
 * holds the hash that was checked, so a password changed or reset meanwhile (by this process or
 * another) is never overwritten with the old password.
 */
export async function rehashIfOutdated(
  db: Kysely<Database>,
  userId: number,
  password: string,
  checkedHash: string,
): Promise<void> {
  if (!isOutdatedPasswordHash(checkedHash)) return;
  const fresh = await hashPassword(password);
  await db
    .updateTable('users')
    .set({ password_hash: fresh })
    .where('id', '=', userId)
    .where('password_hash', '=', checkedHash)
    .execute();
}
