import { ApiError } from '../http/api-error';
import type { AppDeps, CurrentUser } from '../http/app-env';
import { passwordHashOf } from '../queries/users';
import { throttledAnswer } from '../security/throttle/refusal';
import { checkNewPassword, storeNewPassword } from './new-password';

const wrongCurrentPassword = () =>
  new ApiError(400, {
    detail: 'The current password is not correct.',
    code: 'wrong_current_password',
    errors: { current_password: ['The current password is not correct.'] },
  });

/**
 * The signed-in password change: every other session of the user ends, this one continues. A
 * session is no licence to guess: wrong current passwords are throttled per user, in the
 * database, and the new password is hashed only once the current one is right.
 */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'now' | 'throttle' | 'verifyPassword' | 'hashPassword'>,
  user: CurrentUser,
  current: string,
  password: string,
) {
  checkNewPassword(password);
  const answer = await deps.throttle.changePassword(user.id);
  if (answer.blocked) throw throttledAnswer('wrong passwords', answer.retryAfterSeconds);
  let currentMatches: boolean;
  try {
    currentMatches = await deps.verifyPassword(current, await passwordHashOf(deps.db, user.id));
  } catch (error) {
    await answer.attempt.abandoned();
    throw error;
  }
  if (!currentMatches) {
    await answer.attempt.failed();
    throw wrongCurrentPassword();
  }
  await answer.attempt.succeeded();
  const passwordHash = await deps.hashPassword(password);
  const at = deps.now();
  await deps.db
    .transaction()
    .execute((trx) => storeNewPassword(trx, user.id, passwordHash, at, user.sessionFamily));
}
