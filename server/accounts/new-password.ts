import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/domain/account-rules';
import type { Database } from '../db/schema';
import { badRequest } from '../http/api-error';
import { setPasswordHash } from '../queries/users';
import { revokeAllFamilies } from '../security/token-families';

/**
 * The new password's length rule, for the signed-in change and the reset alike: a 400 on the
 * password field when it is broken.
 */
export function checkNewPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    throw badRequest('The new password is not valid.', {
      password: [
        password.length < PASSWORD_MIN_LENGTH
          ? `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`
          : `At most ${PASSWORD_MAX_LENGTH} characters.`,
      ],
    });
}

/**
 * Stores a new password hash and ends the user's sessions (all of them after a reset, all but the
 * caller's own after a change), so a stolen session does not outlive the password it came with.
 * Run it inside the caller's transaction.
 */
export async function storeNewPassword(
  trx: Kysely<Database>,
  userId: number,
  passwordHash: string,
  at: Date,
  keepFamily?: string,
) {
  await setPasswordHash(trx, userId, passwordHash);
  await revokeAllFamilies(trx, userId, at, keepFamily);
}
